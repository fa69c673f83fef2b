import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { creditoDePrueba, json, pagoDePrueba, renderConProveedores } from '../../../test/render';
import { textoDeArchivo } from '../api/extractos';
import { ConciliacionPage } from './conciliacion-page';

vi.mock('@cuota/shared/web', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@cuota/shared/web')>()),
  useTieneRol: () => true,
}));

const resumen = (pendientes: number) => ({
  fecha: '2026-11-22',
  pendientes,
  pendientes_centimos: pendientes * 25_000_00,
  conciliados_hoy: 0,
  conciliados_hoy_centimos: 0,
});

const linea = (n: number, over: Record<string, unknown> = {}) => ({
  n,
  fecha: '2026-11-20',
  descripcion: `DEPOSITO ${n}`,
  referencia: `REF${n}`,
  credito_centimos: 25_000_00,
  debito_centimos: 0,
  saldo_centimos: null,
  huella: `h${n}`,
  estado: 'sin_coincidencia',
  candidato: null,
  original: null,
  pago_id: null,
  procesada_por: null,
  procesada_en: null,
  ...over,
});
const candidato = {
  pago_id: 'pg1',
  credito_id: 'cr1',
  numero_credito: 'CR-2026-0001',
  cliente_id: 'cl1',
  cliente_nombre: 'Ana Mora',
  monto_centimos: 25_000_00,
  fecha_pago: '2026-11-20',
  referencia_pago: 'PAGO-1',
  referencia_externa: 'FT26307000123',
  confianza: 'alta',
  puntaje: 100,
  motivos: ['monto', 'referencia', 'fecha'],
};
const extracto = (lineas: unknown[]) => ({
  id: 'ex1',
  banco: 'bn',
  nombre_archivo: 'bn.csv',
  total_lineas: 2,
  creditos: 2,
  coincidencias: 1,
  sin_coincidencia: 1,
  ya_procesadas: 0,
  total_credito_centimos: 50_000_00,
  subido_por: 'Marco Cobros',
  created_at: '2026-11-22T10:00:00Z',
  lineas,
});

describe('Extractos bancarios', () => {
  it('lee un archivo en UTF-8 o, si no lo es, en Windows-1252 (tildes de exportaciones Latin-1)', async () => {
    expect(await textoDeArchivo(new Blob([new Uint8Array([0x44, 0xc9, 0x42, 0x49, 0x54, 0x4f])]))).toBe('DÉBITO');
    expect(await textoDeArchivo(new Blob(['Crédito ₡']))).toBe('Crédito ₡');
  });

  it('sube el CSV elegido, muestra las líneas con su confianza y confirma las seleccionadas; el resumen sigue a la acción', async () => {
    let conciliada = false;
    let lecturasResumen = 0;
    const { user, fetchMock } = renderConProveedores(<ConciliacionPage />, '/conciliacion', (url, init) => {
      if (url.pathname === '/api/pagos/resumen') {
        lecturasResumen++;
        // the aggregate lags: the first read after the confirmation still shows 3
        return json(200, resumen(conciliada && lecturasResumen > 3 ? 2 : 3));
      }
      if (url.pathname === '/api/conciliacion/extractos' && init?.method === 'POST') {
        return json(201, extracto([linea(2, { estado: 'coincidencia', candidato }), linea(3)]));
      }
      if (url.pathname === '/api/conciliacion/extractos/ex1/confirmar') {
        conciliada = true;
        return json(200, { resultados: [{ n: 2, ok: true, pago_id: 'pg1', code: null, message: null }] });
      }
      if (url.pathname === '/api/conciliacion/extractos/ex1') {
        return json(200, extracto([linea(2, { estado: conciliada ? 'conciliada' : 'coincidencia', candidato }), linea(3)]));
      }
      if (url.pathname === '/api/conciliacion/extractos') return json(200, { items: [], nextCursor: null });
      return json(200, { items: [pagoDePrueba()], nextCursor: null });
    });
    expect(await screen.findByRole('tab', { name: 'Pendientes (3)' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Extractos bancarios' }));
    await user.upload(screen.getByLabelText('Archivo CSV'), new File(['Fecha;Referencia\n'], 'bn.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Subir y comparar' }));
    const subida = fetchMock.mock.calls.find(
      ([u, i]) => i?.method === 'POST' && String(u).endsWith('/api/conciliacion/extractos'),
    );
    await waitFor(() => expect(subida ?? fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')).toBeTruthy());
    const cuerpo = JSON.parse(String(fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')![1]!.body));
    expect(cuerpo).toEqual({ banco: 'bn', nombre_archivo: 'bn.csv', contenido: 'Fecha;Referencia\n' });

    const fila = (await screen.findByText('DEPOSITO 2')).closest('tr') as HTMLElement;
    expect(within(fila).getAllByText('Alta · 100 pts')[0]).toBeInTheDocument();
    expect(within(fila).getAllByRole('link', { name: 'CR-2026-0001' })[0]).toHaveAttribute('href', '/creditos/cr1');
    const otra = screen.getByText('DEPOSITO 3').closest('tr') as HTMLElement;
    expect(within(otra).getAllByRole('button', { name: /Aplicar como pago/ })[0]).toBeInTheDocument();
    expect(within(otra).queryByRole('checkbox')).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar línea 2' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar seleccionadas (1)' }));
    const confirmacion = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/confirmar'))!;
    expect(JSON.parse(String(confirmacion[1]!.body))).toEqual({ lineas: [2] });
    // without following the summary this stayed at 3 until the next action
    expect(await screen.findByRole('tab', { name: 'Pendientes (2)' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('aplicar una línea parecida a un pago reportado pendiente: «Posible duplicado» y hay que insistir; una línea aplicada lo señala', async () => {
    const credito = creditoDePrueba();
    const aplicada = linea(4, {
      estado: 'aplicada',
      pago_id: 'pg9',
      posible_duplicado: { ...candidato, pago_id: 'pg2', referencia_externa: 'FT999000111', confianza: 'alta' },
    });
    const cuerpos: unknown[] = [];
    const { user } = renderConProveedores(<ConciliacionPage />, '/conciliacion', (url, init) => {
      if (url.pathname === '/api/pagos/resumen') return json(200, resumen(3));
      if (url.pathname === '/api/conciliacion/extractos' && init?.method === 'POST') {
        return json(201, extracto([linea(3), aplicada]));
      }
      if (url.pathname === '/api/conciliacion/extractos/ex1/lineas/3/aplicar') {
        const cuerpo = JSON.parse(String(init!.body)) as { forzar?: boolean };
        cuerpos.push(cuerpo);
        if (!cuerpo.forzar) {
          return json(409, {
            code: 'POSIBLE_DUPLICADO',
            message: 'Posible duplicado: el pago reportado PAGO-1 de Ana Mora sigue pendiente.',
            details: { pago_id: 'pg1' },
          });
        }
        return json(201, pagoDePrueba());
      }
      if (url.pathname === '/api/conciliacion/extractos/ex1') return json(200, extracto([linea(3), aplicada]));
      if (url.pathname === '/api/creditos') return json(200, { items: [credito], nextCursor: null });
      if (url.pathname === '/api/conciliacion/extractos') return json(200, { items: [], nextCursor: null });
      return json(200, { items: [pagoDePrueba()], nextCursor: null });
    });
    await user.click(await screen.findByRole('tab', { name: 'Extractos bancarios' }));
    await user.upload(screen.getByLabelText('Archivo CSV'), new File(['x\n'], 'bn.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Subir y comparar' }));
    const filaAplicada = (await screen.findByText('DEPOSITO 4')).closest('tr') as HTMLElement;
    expect(within(filaAplicada).getAllByText('Posible duplicado')[0]).toBeInTheDocument();
    expect(within(filaAplicada).getAllByText(/FT999000111 de Ana Mora/)[0]).toBeInTheDocument();

    const fila = screen.getByText('DEPOSITO 3').closest('tr') as HTMLElement;
    await user.click(within(fila).getAllByRole('button', { name: /Aplicar como pago/ })[0]!);
    const dialogo = await screen.findByRole('alertdialog');
    await user.type(within(dialogo).getByLabelText('Buscar crédito (número o cliente)'), credito.numero_credito);
    await user.click(await within(dialogo).findByRole('radio'));
    await user.click(within(dialogo).getByRole('button', { name: 'Aplicar como pago' }));
    expect(await within(dialogo).findByText('Posible duplicado')).toBeInTheDocument();
    expect(cuerpos).toEqual([{ credito_id: credito.id, canal: 'transferencia' }]);
    await user.click(within(dialogo).getByRole('button', { name: 'Aplicar de todos modos' }));
    await waitFor(() => expect(cuerpos).toHaveLength(2));
    expect(cuerpos[1]).toEqual({ credito_id: credito.id, canal: 'transferencia', forzar: true });
  });
});
