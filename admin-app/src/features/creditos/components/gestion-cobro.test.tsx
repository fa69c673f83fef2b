import { sumarDias } from '@cuota/shared/domain/amortizacion';
import type { Me } from '@cuota/shared/schemas/me';
import { hoyCR } from '@cuota/shared/documents/cuota-estado';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { creditoDetalleDePrueba, json, page, renderRemotePage, staffDePrueba } from '../../../test/render';
import { CreditoDetallePage } from './credito-detalle-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const credito = creditoDetalleDePrueba({
  estado: 'vencido',
  cliente: {
    id: 'cl1',
    nombre: 'Ana',
    apellido: 'Mora',
    email: 'ana@prueba.cr',
    telefono: '+50670112233',
    identidad_tipo: 'cedula',
    identidad_numero: '101230456',
  },
  deuda: { ...creditoDetalleDePrueba().deuda, monto_al_dia_centimos: 9_517_257 },
});
const promesa = {
  id: 'pr1',
  credito_id: 'cr1',
  fecha: '2026-03-20',
  monto_centimos: 5_000_000,
  fecha_creacion: '2026-03-12',
  estado: 'incumplida',
  pagado_centimos: 1_000_000,
  resuelta_en: '2026-03-21T06:00:00.000Z',
  registrado_por: 'u1',
  registrado_por_nombre: 'Ana Caja',
  created_at: '2026-03-12T15:00:00.000Z',
};
const gestion = {
  id: 'g1',
  credito_id: 'cr1',
  tipo: 'visita',
  resultado: 'rehusa',
  nota: 'No abre la puerta',
  registrado_por: 'u1',
  registrado_por_nombre: 'Ana Caja',
  created_at: '2026-03-12T15:00:00.000Z',
};

function renderDetalle(roles: Me['roles']) {
  const envios: Array<{ path: string; body: unknown }> = [];
  const view = renderRemotePage(
    [page(<CreditoDetallePage />, '/creditos/:id')],
    '/creditos/cr1',
    (url, init) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        envios.push({ path: url.pathname, body });
        if (url.pathname === '/api/creditos/cr1/gestiones') return json(201, { ...gestion, ...body, id: 'g2' });
        if (url.pathname === '/api/creditos/cr1/promesas')
          return json(201, { ...promesa, ...body, estado: 'pendiente', id: 'pr2' });
      }
      if (url.pathname === '/api/creditos/cr1') return json(200, credito);
      if (url.pathname === '/api/creditos/cr1/gestiones') return json(200, { items: [gestion], nextCursor: null });
      if (url.pathname === '/api/creditos/cr1/promesas') return json(200, { items: [promesa], nextCursor: null });
      if (url.pathname.startsWith('/api/creditos/cr1/')) return json(200, { items: [], nextCursor: null });
      return json(404, { error: 'not found' });
    },
    { me: staffDePrueba(roles) },
  );
  return { ...view, envios };
}

describe('gestión de cobro en el detalle del crédito', () => {
  it('enlaces de un toque con el monto al día, la promesa actual con su estado y el historial', async () => {
    renderDetalle(['cobrador']);
    const card = await screen.findByRole('region', { name: 'Gestión de cobro' });
    expect(within(card).getByRole('link', { name: 'Llamar' })).toHaveAttribute('href', 'tel:+50670112233');
    const wa = within(card).getByRole('link', { name: 'WhatsApp' }).getAttribute('href')!;
    expect(decodeURIComponent(wa.split('?text=')[1]!).replace(/\s/g, ' ')).toContain('₡95 172,57');
    const actual = await within(card).findByTestId('promesa-actual');
    expect(await within(actual).findByText('Incumplida')).toBeInTheDocument();
    expect(await within(card).findByText('No abre la puerta')).toBeInTheDocument();
  });

  it("registra una gestión y una promesa de '50.000' en céntimos; una fecha fuera de rango no se envía", async () => {
    const { user, envios } = renderDetalle(['analista']);
    const card = await screen.findByRole('region', { name: 'Gestión de cobro' });
    const gestionForm = within(card).getByRole('form', { name: 'Registrar gestión' });
    await user.selectOptions(within(gestionForm).getByLabelText('Tipo'), 'llamada');
    await user.selectOptions(within(gestionForm).getByLabelText('Resultado'), 'sin_respuesta');
    await user.click(within(gestionForm).getByRole('button', { name: 'Guardar gestión' }));
    await vi.waitFor(() => expect(envios).toHaveLength(1));
    expect(envios[0]).toEqual({
      path: '/api/creditos/cr1/gestiones',
      body: { tipo: 'llamada', resultado: 'sin_respuesta', nota: null },
    });

    const promesaForm = within(card).getByRole('form', { name: 'Registrar promesa' });
    const fecha = within(promesaForm).getByLabelText('Fecha prometida');
    await user.clear(fecha);
    await user.type(fecha, '2099-01-01');
    await user.type(within(promesaForm).getByLabelText('Monto prometido'), '50.000');
    await user.click(within(promesaForm).getByRole('button', { name: 'Registrar promesa' }));
    expect(await within(promesaForm).findByText(/La fecha de la promesa debe estar entre/)).toBeInTheDocument();
    expect(envios).toHaveLength(1);
    const dentro = sumarDias(hoyCR(), 3);
    await user.clear(fecha);
    await user.type(fecha, dentro);
    await user.click(within(promesaForm).getByRole('button', { name: 'Registrar promesa' }));
    await vi.waitFor(() => expect(envios).toHaveLength(2));
    expect(envios[1]).toEqual({ path: '/api/creditos/cr1/promesas', body: { fecha: dentro, monto_centimos: 5_000_000 } });
  });
});
