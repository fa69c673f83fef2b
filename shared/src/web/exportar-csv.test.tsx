// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { monto, texto } from '../documents/csv';
import { BotonExportarCsv, type ExportacionLista } from './exportar-csv';

const descargas = vi.hoisted(() => [] as Array<{ nombre: string; contenido: string }>);
vi.mock('../documents/amortizacion-csv', () => ({
  downloadCsv: (nombre: string, contenido: string) => descargas.push({ nombre, contenido }),
}));

afterEach(cleanup);

interface Fila {
  nombre: string;
  centimos: number;
}

describe('BotonExportarCsv', () => {
  it('lee página por página con el cursor, muestra el avance y descarga un solo archivo es-CR', async () => {
    let liberar: () => void = () => undefined;
    const pausa = new Promise<void>((r) => (liberar = r));
    const cursores: Array<string | undefined> = [];
    const exportacion: ExportacionLista<Fila> = {
      nombre: 'Creditos',
      titulos: ['Cliente', 'Saldo'],
      fila: (f) => [texto(f.nombre), monto(f.centimos)],
      pagina: async (cursor) => {
        cursores.push(cursor);
        if (cursor === undefined) return { items: [{ nombre: '=Ana', centimos: 150 }], nextCursor: 'c1' };
        await pausa;
        return { items: [{ nombre: 'Luis', centimos: -5 }], nextCursor: null };
      },
    };
    render(<BotonExportarCsv exportacion={exportacion} />);
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByText('Exportando… 1 filas')).toBeInTheDocument();
    expect(screen.getByRole('button')).toBeDisabled();
    liberar();
    await waitFor(() => expect(descargas).toHaveLength(1));
    expect(cursores).toEqual([undefined, 'c1']);
    expect(descargas[0]!.nombre).toMatch(/^Creditos_\d{4}-\d{2}-\d{2}\.csv$/);
    expect(descargas[0]!.contenido).toBe("\uFEFFCliente;Saldo\r\n'=Ana;1,50\r\nLuis;-0,05\r\n");
    await waitFor(() => expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled());
  });
});
