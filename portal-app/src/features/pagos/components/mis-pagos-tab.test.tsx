import { formatCRC } from '@cuota/shared/montos';
import type { PagoDetalle } from '@cuota/shared/schemas/pagos';
import { codigosCrudos, json, page, pagoDePrueba, renderRemotePage } from '@cuota/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MisPagosTab } from './mis-pagos-tab';

afterEach(() => {
  vi.unstubAllGlobals();
});

const base = pagoDePrueba();
const conciliado: PagoDetalle = {
  ...base,
  id: 'pg2',
  monto_centimos: 1_000_000,
  referencia_pago: 'FT-123',
  canal: 'transferencia_bancaria',
  estado: 'conciliado',
  cuenta_destino_id: 'cb1',
  cuenta_destino: { banco: 'BAC Credomatic', numero_cuenta: 'CR05015202001026284066' },
};
const rechazado: PagoDetalle = {
  ...base,
  id: 'pg3',
  referencia_pago: 'CARD-1',
  referencia_externa: '**** 4242',
  canal: 'tarjeta_credito',
  estado: 'revertido',
  motivo_rechazo: 'Comprobante ilegible',
};

const metodos = {
  items: [{ id: 'sinpe_movil', codigo: 'sinpe_movil', nombre: 'SINPE Móvil', requiere_referencia: true, activo: true, orden: 1 }],
  nextCursor: null,
};
const crc = (centimos: number) => formatCRC(centimos).replace(/\s+/g, ' ');

function renderTab(handler: Parameters<typeof renderRemotePage>[2]) {
  return renderRemotePage([page(<MisPagosTab />, '/portal')], '/portal', handler);
}

describe('Mis Pagos', () => {
  it('lista fecha, crédito, monto, canal, referencia, cuenta destino y estado', async () => {
    renderTab((url) => {
      if (url.pathname === '/api/metodos-pago') return json(200, metodos);
      return json(200, { items: [base, conciliado, rechazado], nextCursor: null });
    });
    await screen.findAllByText('FT-123');
    const tabla = screen.getByRole('table', { name: 'Mis Pagos' });
    const filas = within(tabla).getAllByRole('row');
    expect(filas).toHaveLength(4);
    const [, pendiente, aprobado, revertido] = filas as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(pendiente).toHaveTextContent(crc(2_500_000));
    expect(within(pendiente).getAllByText('CR-2026-0007').length).toBeGreaterThan(0);
    expect(within(pendiente).getByText('Pendiente')).toBeInTheDocument();
    await waitFor(() => expect(within(pendiente).getAllByText('SINPE Móvil').length).toBeGreaterThan(0));
    expect(within(aprobado).getByText('Aprobado')).toBeInTheDocument();
    expect(within(aprobado).getAllByText('Transferencia bancaria').length).toBeGreaterThan(0);
    expect(within(aprobado).getByText('CR05015202001026284066')).toBeInTheDocument();
    expect(within(revertido).getByText('Rechazado')).toBeInTheDocument();
    expect(within(revertido).getAllByText('Tarjeta de crédito').length).toBeGreaterThan(0);
    expect(within(revertido).getAllByText('Ref. externa: **** 4242').length).toBeGreaterThan(0);
    expect(within(revertido).getByText('Motivo: Comprobante ilegible')).toBeInTheDocument();
    // A channel no map names (transferencia_bancaria) reads as words: no code reaches the customer.
    expect(codigosCrudos(tabla.textContent ?? '')).toEqual([]);
    expect(tabla).not.toHaveTextContent(/[a-z]+_[a-z]+/);
  });

  it('pide la lista paginada y avanza con el cursor', async () => {
    const { user, fetchMock } = renderTab((url) => {
      if (url.pathname === '/api/metodos-pago') return json(200, metodos);
      return url.searchParams.get('cursor') === 'c2'
        ? json(200, { items: [conciliado], nextCursor: null })
        : json(200, { items: [base], nextCursor: 'c2' });
    });
    expect((await screen.findAllByText('SINPE-555')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: /Siguiente/ }));
    expect(await screen.findAllByText('FT-123')).not.toHaveLength(0);
    const listados = fetchMock.mock.calls.map(([u]) => new URL(String(u))).filter((u) => u.pathname === '/api/portal/pagos');
    expect(listados[0]!.searchParams.get('limit')).toBe('10');
    expect(listados.at(-1)!.searchParams.get('cursor')).toBe('c2');
  });

  it('estado vacío y error con reintento', async () => {
    renderTab((url) => {
      if (url.pathname === '/api/metodos-pago') return json(200, metodos);
      return json(200, { items: [], nextCursor: null });
    });
    expect(await screen.findByText('Aún no tienes pagos registrados')).toBeInTheDocument();
    vi.unstubAllGlobals();

    let fallar = true;
    const { user } = renderTab((url) => {
      if (url.pathname === '/api/metodos-pago') return json(200, metodos);
      if (fallar)
        return json(500, { code: 'INTERNAL_ERROR', message: 'Ocurrió un error inesperado. Intenta de nuevo en unos minutos.' });
      return json(200, { items: [base], nextCursor: null });
    });
    expect(await screen.findByText('No se pudieron cargar tus pagos')).toBeInTheDocument();
    fallar = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect((await screen.findAllByText('SINPE-555')).length).toBeGreaterThan(0);
  });

  it('un pago en ventanilla muestra su recibo; uno reversado dice Reversado y el motivo', async () => {
    const ventanilla: PagoDetalle = {
      ...base,
      id: 'pg7',
      canal: 'efectivo',
      estado: 'reversado',
      numero_recibo: 'RC-2026-000123',
      referencia_pago: 'RC-2026-000123',
      motivo_reversion: 'Cheque devuelto por el banco',
    };
    renderTab((url) => {
      if (url.pathname === '/api/metodos-pago') return json(200, metodos);
      return json(200, { items: [ventanilla], nextCursor: null });
    });
    const enlace = await screen.findByRole('link', { name: 'Recibo RC-2026-000123' });
    expect(enlace).toHaveAttribute('href', '/portal/pagos/pg7/recibo');
    const fila = enlace.closest('tr') as HTMLElement;
    expect(within(fila).getByText('Reversado')).toBeInTheDocument();
    expect(within(fila).getByText('Cheque devuelto por el banco')).toBeInTheDocument();
  });
});
