import type { Me } from '@cuota/shared/schemas/me';
import type { PlanReestructuracion, Reestructuracion } from '@cuota/shared/schemas/reestructuracion';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, page, renderRemotePage, staffDePrueba } from '../../../test/render';
import { ReestructuracionesCredito } from './reestructuraciones-credito';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const plan: PlanReestructuracion = {
  fecha: '2026-03-10',
  tipo: 'readecuacion',
  capitalizar_mora: true,
  deuda: { capital_centimos: 100_000_000, interes_vencido_centimos: 0, mora_centimos: 0, interes_corriente_centimos: 0 },
  capitalizado_centimos: 0,
  arrastre_centimos: 0,
  antes: {
    cuota_centimos: 9_455_960,
    plazo_meses: 12,
    total_intereses_centimos: 13_471_517,
    saldo_capital_centimos: 100_000_000,
    tasa_interes_anual: '24.00',
  },
  despues: {
    cuota_centimos: 5_287_109,
    plazo_meses: 2,
    total_intereses_centimos: 2_000_000,
    saldo_capital_centimos: 100_000_000,
    tasa_interes_anual: '24.00',
  },
  cuotas: [1, 2].map((n) => ({
    numero_cuota: n,
    fecha_vencimiento: `2026-0${3 + n}-10`,
    monto_capital_centimos: 50_000_000,
    monto_interes_centimos: 1_000_000,
    monto_total_centimos: 51_000_000,
    saldo_capital_despues_centimos: n === 1 ? 50_000_000 : 0,
  })),
};

function renderizar(roles: Me['roles'], historial: Reestructuracion[] = []) {
  const enviados: Array<{ path: string; body: unknown; clave: string | null }> = [];
  const vista = renderRemotePage(
    [page(<ReestructuracionesCredito creditoId="cr1" activo />, '/creditos/:id')],
    '/creditos/cr1',
    (url, init) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      const clave = new Headers(init?.headers).get('Idempotency-Key');
      if (init?.method === 'POST') enviados.push({ path: url.pathname, body, clave });
      if (url.pathname === '/api/creditos/cr1/reestructuraciones') return json(200, { items: historial });
      if (url.pathname === '/api/creditos/cr1/reestructurar/vista-previa') return json(200, plan);
      if (url.pathname === '/api/creditos/cr1/reestructurar')
        return json(201, { ...historial[0], estado: roles.includes('admin') ? 'confirmada' : 'propuesta' });
      return json(404, { code: 'NOT_FOUND', message: 'x' });
    },
    { me: staffDePrueba(roles) },
  );
  return { ...vista, enviados };
}

describe('Reestructurar desde el detalle del crédito', () => {
  it('el analista ve la vista previa junto a los totales actuales y envía una propuesta con lo mismo que previsualizó', async () => {
    const { user, enviados } = renderizar(['analista']);
    await user.click(await screen.findByRole('button', { name: 'Reestructurar' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Reestructurar crédito' });
    expect(within(dialogo).getByRole('button', { name: 'Proponer' })).toBeDisabled();
    await user.type(within(dialogo).getByLabelText('Nuevo plazo (meses)'), '2');
    await user.type(within(dialogo).getByLabelText('Motivo'), 'Baja de ingresos');
    await user.click(within(dialogo).getByRole('button', { name: 'Vista previa' }));
    const comparacion = await within(dialogo).findByRole('table', { name: 'Comparación' });
    expect(within(comparacion).getByRole('row', { name: /Plazo 12 2/ })).toBeInTheDocument();
    expect(within(dialogo).getByRole('table', { name: 'Calendario nuevo' }).querySelectorAll('tbody tr')).toHaveLength(2);
    await user.click(within(dialogo).getByRole('button', { name: 'Proponer' }));
    const envio = enviados.find((e) => e.path === '/api/creditos/cr1/reestructurar')!;
    expect(envio.body).toMatchObject({
      tipo: 'readecuacion',
      plazo_meses: 2,
      motivo: 'Baja de ingresos',
      capitalizar_mora: true,
    });
    expect(envio.clave).toBeTruthy();
  });

  it('un cambio después de la vista previa pide calcularla de nuevo antes de confirmar', async () => {
    const { user } = renderizar(['admin']);
    await user.click(await screen.findByRole('button', { name: 'Reestructurar' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Reestructurar crédito' });
    await user.type(within(dialogo).getByLabelText('Nuevo plazo (meses)'), '2');
    await user.type(within(dialogo).getByLabelText('Motivo'), 'Baja de ingresos');
    await user.click(within(dialogo).getByRole('button', { name: 'Vista previa' }));
    await within(dialogo).findByRole('table', { name: 'Comparación' });
    expect(within(dialogo).getByRole('button', { name: 'Confirmar' })).toBeEnabled();
    await user.type(within(dialogo).getByLabelText('Nuevo plazo (meses)'), '4');
    expect(within(dialogo).getByRole('button', { name: 'Confirmar' })).toBeDisabled();
    expect(within(dialogo).queryByRole('table', { name: 'Comparación' })).toBeNull();
  });

  it("ofrece 'Refinanciamiento': pide el plazo del crédito nuevo, muestra su calendario y lo envía con ese tipo", async () => {
    const { user, enviados } = renderizar(['admin']);
    await user.click(await screen.findByRole('button', { name: 'Reestructurar' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Reestructurar crédito' });
    await user.selectOptions(within(dialogo).getByLabelText('Tipo'), 'refinanciamiento');
    expect(within(dialogo).getByRole('option', { name: /Refinanciamiento/ })).toBeInTheDocument();
    await user.type(within(dialogo).getByLabelText('Nuevo plazo (meses)'), '2');
    await user.type(within(dialogo).getByLabelText('Motivo'), 'Refinanciar toda la deuda');
    await user.click(within(dialogo).getByRole('button', { name: 'Vista previa' }));
    expect((await within(dialogo).findByRole('table', { name: 'Calendario nuevo' })).querySelectorAll('tbody tr')).toHaveLength(
      2,
    );
    await user.click(within(dialogo).getByRole('button', { name: 'Confirmar' }));
    const envio = enviados.find((e) => e.path === '/api/creditos/cr1/reestructurar')!;
    expect(envio.body).toMatchObject({ tipo: 'refinanciamiento', plazo_meses: 2, capitalizar_mora: true });
    expect(envio.clave).toBeTruthy();
  });
});
