import type { Me } from '@cuota/shared/schemas/me';
import { hoyCR } from '@cuota/shared/documents/cuota-estado';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { creditoDetalleDePrueba, json, page, pagoDePrueba, renderRemotePage, staffDePrueba } from '../../../test/render';
import { CreditoDetallePage } from './credito-detalle-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const credito = creditoDetalleDePrueba();
const aplicado = pagoDePrueba({
  id: 'pg9',
  credito_id: 'cr1',
  estado: 'conciliado',
  canal: 'efectivo',
  numero_recibo: 'RC-2026-000123',
  referencia_pago: 'RC-2026-000123',
  monto_centimos: 2_500_000,
});

function renderDetalle(roles: Me['roles'], pagos = [aplicado]) {
  const envios: Array<{ path: string; body: unknown; clave: string | null }> = [];
  const view = renderRemotePage(
    [page(<CreditoDetallePage />, '/creditos/:id')],
    '/creditos/cr1',
    (url, init) => {
      if (init?.method === 'POST') {
        const headers = new Headers(init.headers);
        envios.push({ path: url.pathname, body: JSON.parse(String(init.body)), clave: headers.get('Idempotency-Key') });
        if (url.pathname === '/api/creditos/cr1/pagos') return json(201, aplicado);
        if (url.pathname === '/api/pagos/pg9/revertir') return json(200, { ...aplicado, estado: 'reversado' });
      }
      if (url.pathname === '/api/creditos/cr1') return json(200, credito);
      if (url.pathname === '/api/creditos/cr1/cuotas') return json(200, { items: [], nextCursor: null });
      if (url.pathname === '/api/creditos/cr1/pagos') return json(200, { items: pagos, nextCursor: null });
      return json(404, { error: 'not found' });
    },
    { me: staffDePrueba(roles) },
  );
  return { ...view, envios };
}

describe('pagos en ventanilla desde el detalle del crédito', () => {
  it("el cobrador registra '25.000' en efectivo: se envía en céntimos con su clave y ofrece imprimir el recibo", async () => {
    const { user, envios } = renderDetalle(['cobrador']);
    await user.click(await screen.findByRole('button', { name: /Registrar pago/ }));
    const form = await screen.findByRole('form', { name: 'Registrar pago' });
    await user.type(within(form).getByLabelText('Monto'), '25.000');
    await user.click(within(form).getByRole('button', { name: 'Registrar y emitir recibo' }));
    expect(await screen.findByText(/RC-2026-000123/, { selector: '[role=status]' })).toBeInTheDocument();
    expect(envios).toHaveLength(1);
    expect(envios[0]).toMatchObject({
      path: '/api/creditos/cr1/pagos',
      body: { monto_centimos: 2_500_000, fecha_pago: hoyCR(), canal: 'efectivo' },
    });
    expect(envios[0]!.clave).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByRole('link', { name: /Imprimir recibo/ })).toHaveAttribute('href', '/pagos/pg9/recibo');
    // a cobrador does not reverse
    expect(screen.queryByRole('button', { name: /Revertir RC-2026-000123/ })).not.toBeInTheDocument();
  });

  it('un cheque sin referencia no se envía', async () => {
    const { user, envios } = renderDetalle(['analista']);
    await user.click(await screen.findByRole('button', { name: /Registrar pago/ }));
    const form = await screen.findByRole('form', { name: 'Registrar pago' });
    await user.type(within(form).getByLabelText('Monto'), '1.000.000,50');
    await user.selectOptions(within(form).getByLabelText('Canal'), 'cheque');
    await user.click(within(form).getByRole('button', { name: 'Registrar y emitir recibo' }));
    expect(await within(form).findByText(/Cheque requiere la referencia/)).toBeInTheDocument();
    expect(envios).toHaveLength(0);
  });

  it('una fecha de pago futura se marca en su campo y no se envía', async () => {
    const { user, envios } = renderDetalle(['analista']);
    await user.click(await screen.findByRole('button', { name: /Registrar pago/ }));
    const form = await screen.findByRole('form', { name: 'Registrar pago' });
    await user.type(within(form).getByLabelText('Monto'), '25.000');
    const fecha = within(form).getByLabelText('Fecha de pago');
    await user.clear(fecha);
    await user.type(fecha, '2099-01-01');
    await user.click(within(form).getByRole('button', { name: 'Registrar y emitir recibo' }));
    expect(await within(form).findByText('La fecha de pago no puede ser futura')).toBeInTheDocument();
    expect(fecha).toHaveAttribute('aria-invalid', 'true');
    expect(envios).toHaveLength(0);
  });

  it('el admin revierte un pago con un motivo; el recibo se enlaza desde la lista', async () => {
    const { user, envios } = renderDetalle(['admin']);
    const fila = (await screen.findByTestId('pago-RC-2026-000123')) as HTMLElement;
    expect(within(fila).getByRole('link', { name: 'Recibo' })).toHaveAttribute('href', '/pagos/pg9/recibo');
    await user.click(within(fila).getByRole('button', { name: /Revertir RC-2026-000123/ }));
    const dialogo = await screen.findByRole('alertdialog');
    await user.type(within(dialogo).getByLabelText('Motivo'), 'corto');
    await user.click(within(dialogo).getByRole('button', { name: 'Confirmar reversión' }));
    expect(await within(dialogo).findByText(/de 10 a 500 caracteres/)).toBeInTheDocument();
    await user.type(within(dialogo).getByLabelText('Motivo'), ': cheque devuelto por el banco');
    await user.click(within(dialogo).getByRole('button', { name: 'Confirmar reversión' }));
    expect(await screen.findByText('Pago reversado')).toBeInTheDocument();
    expect(envios).toEqual([
      { path: '/api/pagos/pg9/revertir', body: { motivo: 'corto: cheque devuelto por el banco' }, clave: expect.any(String) },
    ]);
  });

  it('un pago reversado se muestra como tal, sin acción de revertir', async () => {
    renderDetalle(
      ['admin'],
      [{ ...aplicado, estado: 'reversado', motivo_reversion: 'Cheque devuelto', reversado_en: '2026-03-01T10:00:00Z' }],
    );
    const fila = (await screen.findByTestId('pago-RC-2026-000123')) as HTMLElement;
    expect(within(fila).getByText('Reversado')).toBeInTheDocument();
    expect(within(fila).getByText(/Cheque devuelto/)).toBeInTheDocument();
    expect(within(fila).queryByRole('button', { name: /Revertir/ })).not.toBeInTheDocument();
  });
});
