import type { CobranzaPage as Pagina, ItemCobranza } from '@cuota/shared/schemas/cobranza';
import type { Me } from '@cuota/shared/schemas/me';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, page, renderRemotePage, staffDePrueba } from '../../../test/render';
import { CobranzaPage } from './cobranza-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const item: ItemCobranza = {
  credito_id: 'cr1',
  numero_credito: 'CR-2026-000001',
  cliente_id: 'cl1',
  cliente_nombre: 'Rebeca Solano',
  telefono: '8888-1234',
  dias_mora: 45,
  bucket: '31-60',
  monto_vencido_centimos: 12_345_678,
  saldo_capital_centimos: 80_000_000,
  producto_id: 'p1',
  producto_nombre: 'Microcrédito',
  zona: 'Heredia',
  cobrador_id: null,
  cobrador_nombre: null,
  alerta: 'promesa_incumplida',
  promesa_incumplida: '2026-11-20',
};
const pagina: Pagina = {
  items: [item],
  nextCursor: null,
  fecha: '2026-11-26',
  totales: [
    { bucket: '1-30', creditos: 0, monto_vencido_centimos: 0 },
    { bucket: '31-60', creditos: 1, monto_vencido_centimos: 12_345_678 },
    { bucket: '61-90', creditos: 0, monto_vencido_centimos: 0 },
    { bucket: '90+', creditos: 0, monto_vencido_centimos: 0 },
  ],
  cobradores: [],
};

function renderCobranza(roles: Me['roles']) {
  const consultas: URL[] = [];
  const envios: unknown[] = [];
  const view = renderRemotePage(
    [page(<CobranzaPage />, '/cobranza')],
    '/cobranza',
    (url, init) => {
      if (init?.method === 'POST' && url.pathname === '/api/cobranza/asignaciones') {
        envios.push(JSON.parse(String(init.body)));
        return json(200, { asignados: 1, cobrador_id: 'c9' });
      }
      if (url.pathname === '/api/cobranza') {
        consultas.push(url);
        return json(200, pagina);
      }
      if (url.pathname === '/api/productos') return json(200, { items: [], nextCursor: null });
      if (url.pathname === '/api/usuarios')
        return json(200, {
          items: [
            {
              id: 'c9',
              email: 'm@cuota.cr',
              nombre: 'Marco',
              apellido: 'Solano',
              telefono: null,
              roles: ['cobrador'],
              created_at: '2026-01-01T00:00:00Z',
            },
            {
              id: 'a1',
              email: 'a@cuota.cr',
              nombre: 'Ana',
              apellido: 'Admin',
              telefono: null,
              roles: ['admin'],
              created_at: '2026-01-01T00:00:00Z',
            },
          ],
          nextCursor: null,
        });
      return json(404, { error: 'not found' });
    },
    { me: staffDePrueba(roles) },
  );
  return { ...view, consultas, envios };
}

describe('lista de cobranza', () => {
  it('muestra tramos, la alerta de promesa incumplida y enlaces de llamada y WhatsApp con el monto vencido', async () => {
    const { user, consultas } = renderCobranza(['cobrador']);
    expect(await screen.findByRole('button', { name: /^31–60 días \(1\)/ })).toBeInTheDocument();
    const fila = (await screen.findAllByText('Rebeca Solano'))[0]!.closest('tr, article') as HTMLElement;
    expect(within(fila).getByText('Promesa incumplida')).toBeInTheDocument();
    expect(within(fila).getByRole('link', { name: 'Llamar Rebeca Solano' })).toHaveAttribute('href', 'tel:+50688881234');
    const wa = within(fila).getByRole('link', { name: 'WhatsApp Rebeca Solano' }).getAttribute('href')!;
    expect(decodeURIComponent(wa)).toContain('123\u00a0456,78');
    // a cobrador neither selects nor assigns
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^31–60 días/ }));
    expect(consultas.at(-1)!.searchParams.get('bucket')).toBe('31-60');
  });

  it('el admin selecciona y asigna a un cobrador (solo cobradores en la lista)', async () => {
    const { user, envios } = renderCobranza(['admin']);
    const casillas = await screen.findAllByRole('checkbox', { name: 'Seleccionar crédito CR-2026-000001' });
    await user.click(casillas[0]!);
    await user.click(screen.getByRole('button', { name: 'Asignar a cobrador' }));
    const dialogo = await screen.findByRole('dialog');
    const select = within(dialogo).getByLabelText('Cobrador');
    expect(await within(dialogo).findByRole('option', { name: 'Marco Solano' })).toBeInTheDocument();
    expect(within(dialogo).queryByRole('option', { name: 'Ana Admin' })).not.toBeInTheDocument();
    await user.selectOptions(select, 'c9');
    await user.click(within(dialogo).getByRole('button', { name: 'Asignar' }));
    await vi.waitFor(() => expect(envios).toEqual([{ credito_ids: ['cr1'], cobrador_id: 'c9' }]));
  });

  it('cambiar un filtro o el orden vacía la selección en bloque', async () => {
    const { user } = renderCobranza(['admin']);
    const casillas = await screen.findAllByRole('checkbox', { name: 'Seleccionar crédito CR-2026-000001' });
    await user.click(casillas[0]!);
    expect(screen.getByRole('button', { name: 'Asignar a cobrador' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'monto_vencido');
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Asignar a cobrador' })).not.toBeInTheDocument());
    for (const c of await screen.findAllByRole('checkbox', { name: 'Seleccionar crédito CR-2026-000001' })) {
      expect(c).not.toBeChecked();
    }
  });
});
