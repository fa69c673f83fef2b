import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, pagoDePrueba, renderConProveedores, renderRemotePage } from '../../../test/render';
import { ConciliacionPage } from './conciliacion-page';

const roles = vi.hoisted(() => ({ puede: true }));
vi.mock('@cuota/shared/web', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@cuota/shared/web')>()),
  useTieneRol: () => roles.puede,
}));

afterEach(() => {
  vi.unstubAllGlobals();
  roles.puede = true;
});

const pago = pagoDePrueba({
  numero_credito: 'CR-2026-0001',
  cliente_nombre: 'Ana Mora',
  referencia_pago: 'SINPE-123',
  canal: 'sinpe_movil',
  cuenta_destino_id: 'cb1',
  cuenta_destino: { banco: 'BAC Credomatic', numero_cuenta: 'CR05015202001026284066' },
});

const resumen = {
  fecha: '2026-11-22',
  pendientes: 1,
  pendientes_centimos: 2_500_000,
  conciliados_hoy: 0,
  conciliados_hoy_centimos: 0,
};

function renderConciliacion(handler: Parameters<typeof renderRemotePage>[2]) {
  return renderConProveedores(<ConciliacionPage />, '/conciliacion', handler);
}

describe('Conciliación de Pagos', () => {
  it('muestra el resumen, la pestaña Pendientes (n) y aprueba con el diálogo', async () => {
    const { user, fetchMock } = renderConciliacion((url, init) => {
      if (url.pathname === '/api/pagos/resumen') return json(200, resumen);
      if (init?.method === 'POST') return json(200, { ...pago, estado: 'conciliado' });
      return json(200, { items: url.searchParams.get('estado') === 'registrado' ? [pago] : [], nextCursor: null });
    });
    expect(await screen.findByRole('tab', { name: 'Pendientes (1)' })).toBeInTheDocument();
    const row = (await screen.findByText('Ana Mora')).closest('tr') as HTMLElement;
    expect(within(row).getByText('BAC Credomatic')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /^Aprobar/ }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Aprobar este pago?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar Aprobación' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u, i]) => i?.method === 'POST' && String(u).endsWith('/api/pagos/pg1/aprobar'))).toBe(
        true,
      ),
    );
    expect(await screen.findByText('Pago aprobado')).toBeInTheDocument();
  });

  it('Fecha valor: prellenada con la fecha de pago y enviada solo si se cambia', async () => {
    const { user, fetchMock } = renderConciliacion((url, init) => {
      if (url.pathname === '/api/pagos/resumen') return json(200, resumen);
      if (init?.method === 'POST') return json(200, { ...pago, estado: 'conciliado' });
      return json(200, { items: url.searchParams.get('estado') === 'registrado' ? [pago] : [], nextCursor: null });
    });
    const aprobaciones = () =>
      fetchMock.mock.calls.filter(([u, i]) => i?.method === 'POST' && String(u).endsWith('/api/pagos/pg1/aprobar'));
    const row = (await screen.findByText('Ana Mora')).closest('tr') as HTMLElement;

    // Unchanged: no body, the server applies it on the reported fecha_pago.
    await user.click(within(row).getByRole('button', { name: /^Aprobar/ }));
    let dialog = await screen.findByRole('alertdialog', { name: '¿Aprobar este pago?' });
    const campo = within(dialog).getByLabelText('Fecha valor');
    expect(campo).toHaveValue('2026-11-20');
    expect(campo).toHaveAccessibleDescription('El pago se aplica en esta fecha: la que reportó el cliente o la del banco');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar Aprobación' }));
    await waitFor(() => expect(aprobaciones()).toHaveLength(1));
    expect(aprobaciones()[0]![1]?.body).toBeNull();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    // The bank's date: sent as fecha_valor.
    await user.click(within(row).getByRole('button', { name: /^Aprobar/ }));
    dialog = await screen.findByRole('alertdialog', { name: '¿Aprobar este pago?' });
    const otra = within(dialog).getByLabelText('Fecha valor');
    expect(otra).toHaveValue('2026-11-20');
    await user.clear(otra);
    await user.type(otra, '2026-11-18');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar Aprobación' }));
    await waitFor(() => expect(aprobaciones()).toHaveLength(2));
    expect(JSON.parse(String(aprobaciones()[1]![1]?.body))).toEqual({ fecha_valor: '2026-11-18' });
  });

  it('Fecha valor rechazada por el servidor: el error queda bajo el campo y el diálogo abierto', async () => {
    const { user, fetchMock } = renderConciliacion((url, init) => {
      if (url.pathname === '/api/pagos/resumen') return json(200, resumen);
      if (init?.method === 'POST')
        return json(400, {
          code: 'VALIDATION_ERROR',
          message: 'Datos inválidos',
          details: { fecha_valor: 'La fecha valor no puede ser anterior al desembolso del crédito' },
        });
      return json(200, { items: [pago], nextCursor: null });
    });
    const row = (await screen.findByText('Ana Mora')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /^Aprobar/ }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Aprobar este pago?' });
    const campo = within(dialog).getByLabelText('Fecha valor');
    await user.clear(campo);
    await user.type(campo, '2020-01-15');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar Aprobación' }));
    await waitFor(() =>
      expect(campo).toHaveAccessibleDescription(
        'El pago se aplica en esta fecha: la que reportó el cliente o la del banco La fecha valor no puede ser anterior al desembolso del crédito',
      ),
    );
    expect(campo).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Error al aprobar pago')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog', { name: '¿Aprobar este pago?' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST')).toHaveLength(1);

    // Fixing the date clears the error; an empty date is not sent.
    await user.clear(campo);
    expect(campo).toHaveAttribute('aria-invalid', 'false');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar Aprobación' }));
    expect(campo).toHaveAccessibleDescription(/La fecha es requerida/);
    expect(fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST')).toHaveLength(1);
  });

  it('rechazo fallido muestra Error al rechazar pago', async () => {
    const { user } = renderConciliacion((url, init) => {
      if (url.pathname === '/api/pagos/resumen') return json(200, resumen);
      if (init?.method === 'POST') return json(409, { code: 'CONFLICT', message: 'El pago ya fue procesado' });
      return json(200, { items: [pago], nextCursor: null });
    });
    const row = (await screen.findByText('Ana Mora')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /^Rechazar/ }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Rechazar este pago?' });
    expect(within(dialog).getByText(/El cliente será notificado del rechazo\./)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Fecha valor')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar Rechazo' }));
    expect(await screen.findByText('Error al rechazar pago')).toBeInTheDocument();
  });

  it('vacío: texto del spec, sin acciones', async () => {
    roles.puede = false;
    renderConciliacion((url) => {
      if (url.pathname === '/api/pagos/resumen') return json(200, { ...resumen, pendientes: 0 });
      return json(200, { items: [], nextCursor: null });
    });
    expect(await screen.findByText('No hay pagos pendientes de conciliación')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Aprobar/ })).toBeNull();
  });

  // With an empty list there is no row to carry the buttons, so the role check needs a pending payment.
  it('sin rol: el pago pendiente se lista sin Aprobar ni Rechazar y sin columna de acciones', async () => {
    roles.puede = false;
    renderConciliacion((url) => {
      if (url.pathname === '/api/pagos/resumen') return json(200, resumen);
      return json(200, { items: url.searchParams.get('estado') === 'registrado' ? [pago] : [], nextCursor: null });
    });
    const row = (await screen.findByText('Ana Mora')).closest('tr') as HTMLElement;
    expect(within(row).getAllByText('SINPE-123').length).toBeGreaterThan(0);
    // The channel by its label (the API sends the code).
    expect(within(row).getByText('SINPE Móvil')).toBeInTheDocument();
    expect(row).not.toHaveTextContent('sinpe_movil');
    expect(screen.queryByRole('button', { name: /Aprobar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Rechazar/ })).toBeNull();
    expect(within(row).getAllByRole('cell')).toHaveLength(8);
    expect(screen.getAllByRole('columnheader')).toHaveLength(8);
  });
});
