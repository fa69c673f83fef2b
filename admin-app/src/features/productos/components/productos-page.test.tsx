import { formatCRC } from '@cuota/shared/montos';
import type { ProductoDetalle } from '@cuota/shared/schemas/productos';
import { montosTexts } from '@cuota/shared/texts/montos';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { precioDePrueba } from '@cuota/shared/testing';
import { json, renderConProveedores, renderRemotePage } from '../../../test/render';
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
  return renderConProveedores(<ProductosPage />, '/productos', handler);
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

  it('el encabezado de la columna dice Descripción, sin el (opcional) del formulario', async () => {
    renderProductos(() => json(200, { items: [micro], nextCursor: null }));
    await screen.findByText('Microcrédito Emprendedor');
    const encabezados = screen.getAllByRole('columnheader').map((th) => th.textContent?.trim());
    expect(encabezados).toContain('Descripción');
    expect(encabezados.some((h) => /opcional/i.test(h ?? ''))).toBe(false);
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
    await waitFor(() => expect(minimo).toHaveAccessibleDescription(expect.stringContaining(montosTexts.ambiguo)));
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

  it('el precio: comisión 3 % deducida, 2 meses de gracia y cuota en múltiplos de ₡100 se envían y se muestran en la lista', async () => {
    const conPrecio: ProductoDetalle = {
      ...micro,
      comision_formalizacion_tipo: 'porcentaje',
      comision_formalizacion_valor: '3.00',
      comision_formalizacion_modalidad: 'deducida',
      meses_gracia: 2,
      multiplo_cuota: 100,
    };
    const { user, fetchMock } = renderProductos((url, init) =>
      init?.method === 'PUT' ? json(200, conPrecio) : json(200, { items: [conPrecio], nextCursor: null }),
    );
    const row = (await screen.findByText('Microcrédito Emprendedor')).closest('tr') as HTMLElement;
    expect(
      within(row).getByText(/^Comisión 3,00\s% deducida · 2 meses de gracia · cuota en múltiplos de ₡100$/),
    ).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Editar: Microcrédito Emprendedor' }));
    const form = await screen.findByRole('form', { name: 'Editar Producto' });
    expect(within(form).getByLabelText('Comisión (% del monto aprobado)')).toHaveValue('3,00');
    await user.clear(within(form).getByLabelText('Comisión (% del monto aprobado)'));
    await user.type(within(form).getByLabelText('Comisión (% del monto aprobado)'), '100');
    await user.clear(within(form).getByLabelText('Meses de gracia de capital'));
    await user.type(within(form).getByLabelText('Meses de gracia de capital'), '3');
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText(/entre 0,01 % y 99,99 %/)).toBeInTheDocument();
    expect(
      within(form).getByText('Los meses de gracia deben ser menos que el plazo mínimo del producto: como máximo 2'),
    ).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Comisión (% del monto aprobado)'));
    await user.type(within(form).getByLabelText('Comisión (% del monto aprobado)'), '2,5');
    await user.clear(within(form).getByLabelText('Meses de gracia de capital'));
    await user.type(within(form).getByLabelText('Meses de gracia de capital'), '1');
    await user.selectOptions(within(form).getByLabelText('Redondeo de la cuota'), '10');
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({
      comision_formalizacion_tipo: 'porcentaje',
      comision_formalizacion_valor: '2.50',
      comision_formalizacion_modalidad: 'deducida',
      meses_gracia: 1,
      multiplo_cuota: 10,
    });
  });

  it('la simulación muestra cuota, comisión, neto, costo total, TAE y el calendario', async () => {
    const conPrecio: ProductoDetalle = {
      ...micro,
      ...precioDePrueba,
    };
    const { user } = renderProductos(() => json(200, { items: [conPrecio], nextCursor: null }));
    await user.click(await screen.findByRole('button', { name: 'Simular: Microcrédito Emprendedor' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Indique un monto y un plazo dentro de los rangos del producto')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Monto aprobado (₡)'), '500.000');
    await user.clear(within(dialog).getByLabelText('Plazo (meses)'));
    await user.type(within(dialog).getByLabelText('Plazo (meses)'), '12');
    const dato = (label: string) =>
      within(dialog)
        .getAllByText(label)
        .find((el) => el.tagName === 'DT')?.nextElementSibling?.textContent;
    expect(dato('Cuota')).toBe(formatCRC(55_700_00));
    expect(dato('Comisión de formalización')).toBe(formatCRC(15_000_00));
    expect(dato('Neto al cliente')).toBe(formatCRC(485_000_00));
    expect(dato('Tasa anual efectiva (TAE, con comisiones)')).toMatch(/^\d+,\d\d\s%$/);
    expect(within(dialog).getAllByRole('row')).toHaveLength(13);
  });
});
