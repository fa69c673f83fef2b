import { formatCRC, TEXTS, type ProductoDetalle } from '@cuota/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, page, renderRemotePage } from '../../../test/render';
import { ProductosPage } from './productos-page';

const roles = vi.hoisted(() => ({ admin: true }));
vi.mock('@cuota/shared/web', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@cuota/shared/web')>()),
  useTieneRol: () => roles.admin,
}));

afterEach(() => {
  vi.unstubAllGlobals();
  roles.admin = true;
});

const micro: ProductoDetalle = {
  id: 'p1',
  codigo: 'MICR-01',
  nombre: 'Microcrédito Emprendedor',
  descripcion: 'Para pequeños negocios',
  monto_minimo_centimos: 5_000_000,
  monto_maximo_centimos: 50_000_000,
  plazo_minimo_meses: 3,
  plazo_maximo_meses: 24,
  tasa_interes_anual: '18.50',
  activo: true,
  created_at: '2026-01-15T12:00:00Z',
  metodo_amortizacion: 'cuota_nivelada',
  tasa_moratoria_anual: '24.05',
  dias_tolerancia: 3,
  es_microcredito: true,
  updated_at: null,
};

function renderProductos(handler: Parameters<typeof renderRemotePage>[2]) {
  return renderRemotePage([page(<ProductosPage />, '/productos')], '/productos', handler);
}

describe('Gestión de Productos', () => {
  it('lista productos con badge, rangos en colones y tasa', async () => {
    renderProductos(() => json(200, { items: [micro], nextCursor: null }));
    expect(screen.getByText('Cargando productos...')).toBeInTheDocument();
    const row = (await screen.findByText('Microcrédito Emprendedor')).closest('tr') as HTMLElement;
    const cells = within(row);
    expect(cells.getByText('Activo')).toBeInTheDocument();
    expect(cells.getAllByText('MICR-01').length).toBeGreaterThan(0);
    expect(cells.getAllByText(/3 – 24 meses/).length).toBeGreaterThan(0);
    expect(cells.getAllByText(/18,50 %/).length).toBeGreaterThan(0);
    expect(cells.getByRole('button', { name: 'Desactivar: Microcrédito Emprendedor' })).toBeInTheDocument();
  });

  it('vacío: texto del spec y Crear Primer Producto', async () => {
    renderProductos(() => json(200, { items: [], nextCursor: null }));
    expect(await screen.findByText('No hay productos registrados')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear Primer Producto' })).toBeInTheDocument();
  });

  it('sin rol admin no muestra crear/editar/desactivar', async () => {
    roles.admin = false;
    renderProductos(() => json(200, { items: [micro], nextCursor: null }));
    await screen.findByText('Microcrédito Emprendedor');
    expect(screen.queryByRole('button', { name: 'Nuevo Producto' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Desactivar/ })).toBeNull();
  });

  it('valida en el campo, envía céntimos y muestra el error del servidor sin perder lo escrito', async () => {
    const { user, fetchMock } = renderProductos((url, init) => {
      if (init?.method === 'POST') {
        return json(400, {
          code: 'VALIDATION',
          message: 'Datos inválidos',
          details: { tasa_interes_anual: 'Supera la tasa de usura' },
        });
      }
      return json(200, { items: [], nextCursor: null });
    });
    await user.click(await screen.findByRole('button', { name: 'Nuevo Producto' }));
    const form = await screen.findByRole('form', { name: 'Crear Nuevo Producto' });
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText('El código es requerido')).toBeInTheDocument();
    expect(within(form).getByText('El monto mínimo es requerido')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Código'), 'micr-99');
    await user.type(within(form).getByLabelText('Nombre'), 'Prueba');
    // Amounts typed the Costa Rican way, read back under each field while typing.
    const minimo = within(form).getByLabelText('Monto mínimo (₡)');
    const maximo = within(form).getByLabelText('Monto máximo (₡)');
    await user.type(minimo, '1 000.000');
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(minimo).toHaveAccessibleDescription(expect.stringContaining(TEXTS.montos.ambiguo)));
    await user.clear(minimo);
    await user.type(minimo, '50.000');
    expect(minimo).toHaveAccessibleDescription(`Se registrará ${formatCRC(50_000_00)}`);
    await user.type(maximo, '500 000,50');
    expect(maximo).toHaveAccessibleDescription(`Se registrará ${formatCRC(500_000_50)}`);
    await user.type(within(form).getByLabelText('Plazo mínimo (meses)'), '3');
    await user.type(within(form).getByLabelText('Plazo máximo (meses)'), '24');
    await user.type(within(form).getByLabelText('Tasa de interés anual (%)'), '18,5');
    await user.type(within(form).getByLabelText('Tasa moratoria anual (%)'), '30');
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    // art. 498 is checked before sending: 30 > 18.50 × 1.3
    expect(await within(form).findByText(/art\. 498\): el máximo para este producto es 24,05\s%/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.clear(within(form).getByLabelText('Tasa moratoria anual (%)'));
    await user.type(within(form).getByLabelText('Tasa moratoria anual (%)'), '20');
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      codigo: 'MICR-99',
      monto_minimo_centimos: 5_000_000,
      monto_maximo_centimos: 50_000_050,
      plazo_minimo_meses: 3,
      tasa_interes_anual: '18.50',
    });
    expect(await within(form).findByText('Supera la tasa de usura')).toBeInTheDocument();
    expect(within(form).getByLabelText('Nombre')).toHaveValue('Prueba');
  });

  it('al editar muestra los montos y las tasas como se escriben en es-CR, y los vuelve a leer igual', async () => {
    const { user, fetchMock } = renderProductos((url, init) =>
      init?.method === 'PUT' ? json(200, micro) : json(200, { items: [micro], nextCursor: null }),
    );
    await user.click(await screen.findByRole('button', { name: 'Editar: Microcrédito Emprendedor' }));
    const form = await screen.findByRole('form', { name: 'Editar Producto' });
    expect(within(form).getByLabelText('Monto mínimo (₡)')).toHaveValue('50000');
    expect(within(form).getByLabelText('Monto mínimo (₡)')).toHaveAccessibleDescription(`Se registrará ${formatCRC(50_000_00)}`);
    expect(within(form).getByLabelText('Tasa de interés anual (%)')).toHaveValue('18,50');
    expect(within(form).getByLabelText('Tasa moratoria anual (%)')).toHaveValue('24,05');
    await user.clear(within(form).getByLabelText('Monto máximo (₡)'));
    await user.type(within(form).getByLabelText('Monto máximo (₡)'), '1.000.000');
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({
      monto_minimo_centimos: 50_000_00,
      monto_maximo_centimos: 1_000_000_00,
      tasa_interes_anual: '18.50',
      tasa_moratoria_anual: '24.05',
    });
  });
});
