import type { CreditoDetalle } from '@cuota/shared/schemas/creditos';
import type { Cuota, Pago } from '@cuota/shared/schemas/lending';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { creditoDetalleDePrueba, json, page, renderRemotePage } from '../../../test/render';
import { CreditoDetallePage } from './credito-detalle-page';
import { CreditosPage } from './creditos-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const credito: CreditoDetalle = creditoDetalleDePrueba({
  numero_credito: 'CR-0001',
  producto_nombre: 'Microcrédito Emprendedor',
  estado: 'vencido',
  total_pagado_centimos: 45_300_000,
  progreso_pago: '45.3',
  cliente: {
    id: 'cl1',
    nombre: 'Ana',
    apellido: 'Mora',
    email: 'ana@example.com',
    telefono: null,
    identidad_tipo: 'cedula',
    identidad_numero: '1-1111-1111',
  },
  producto: { id: 'p1', nombre: 'Microcrédito Emprendedor', codigo: 'ME' },
  deuda: {
    fecha: '2026-03-12',
    vencido: { capital_centimos: 8_000_000, interes_centimos: 1_000_000, mora_centimos: 123_456 },
    monto_al_dia_centimos: 9_123_456,
    cuotas_vencidas: 1,
    dias_mora: 30,
    proxima_cuota: { numero_cuota: 3, fecha_vencimiento: '2026-04-10', monto_pendiente_centimos: 9_000_000 },
    total_adeudado_centimos: 81_123_456,
  },
});

const cuota = (n: number, over: Partial<Cuota>): Cuota => ({
  id: `q${n}`,
  credito_id: 'cr1',
  numero_cuota: n,
  fecha_vencimiento: `2099-0${n + 1}-10`,
  monto_capital_centimos: 8_000_000,
  monto_interes_centimos: 1_000_000,
  monto_mora_centimos: 0,
  monto_total_centimos: 9_000_000,
  saldo_capital_despues_centimos: 92_000_000,
  pagada: false,
  dias_mora: 0,
  ...over,
});

const pago: Pago = {
  id: 'pg1',
  credito_id: 'cr1',
  numero_credito: 'CR-0001',
  cliente_id: 'cl1',
  cliente_nombre: 'Ana Mora',
  monto_centimos: 9_000_000,
  fecha_pago: '2026-02-10',
  fecha_valor: null,
  referencia_pago: 'PAG-77',
  referencia_externa: 'SINPE-123',
  canal: 'sinpe_movil',
  estado: 'conciliado',
  moneda: 'CRC',
  aplicado_capital_centimos: 8_000_000,
  aplicado_interes_centimos: 1_000_000,
  aplicado_mora_centimos: 0,
  created_at: '2026-02-10T00:00:00Z',
};

interface Data {
  documentos?: () => Response;
  detalle?: Response;
  cuotas?: Cuota[];
  pagos?: Pago[];
}

function renderDetalle({ detalle, documentos, cuotas = [], pagos = [] }: Data) {
  return renderRemotePage(
    [page(<CreditoDetallePage />, '/creditos/:id'), page(<h1>Lista</h1>, '/creditos')],
    '/creditos/cr1',
    (url) => {
      if (url.pathname === '/api/creditos/cr1') return detalle ?? json(200, credito);
      if (url.pathname === '/api/creditos/cr1/cuotas') return json(200, { items: cuotas, nextCursor: null });
      if (url.pathname === '/api/creditos/cr1/pagos') return json(200, { items: pagos, nextCursor: null });
      if (url.pathname === '/api/creditos/cr1/documentos') return documentos ? documentos() : json(500, { error: 'boom' });
      return json(404, { error: 'not found' });
    },
  );
}

describe('detalle del crédito', () => {
  it('muestra encabezado, saldo, tarjetas, información, cuotas con su estado y el historial', async () => {
    renderDetalle({
      cuotas: [cuota(1, { pagada: true }), cuota(2, { dias_mora: 15 }), cuota(3, {})],
      pagos: [pago],
    });
    expect(await screen.findByRole('heading', { name: 'CR-0001' })).toBeInTheDocument();
    expect(screen.getByText('Vencido')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Ver perfil del cliente/ })).toHaveAttribute('href', '/clientes/cl1');
    expect(screen.getByRole('link', { name: /Volver a Créditos/ })).toHaveAttribute('href', '/creditos');
    expect(screen.getByText('Saldo Pendiente')).toBeInTheDocument();
    expect(screen.getByText('24,00 %')).toBeInTheDocument();
    expect(screen.getByText('12 meses')).toBeInTheDocument();
    expect(screen.getByText('Información del Crédito')).toBeInTheDocument();
    expect(screen.getByText('45,3 %')).toBeInTheDocument();
    expect(await screen.findByText('Pagada')).toBeInTheDocument();
    expect(screen.getByText('Vencida (15 días)')).toBeInTheDocument();
    expect(screen.getByText('Pendiente')).toBeInTheDocument();
    const row = (await screen.findByText('PAG-77')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Aprobado')).toBeInTheDocument();
    expect(within(row).getByText('SINPE-123')).toBeInTheDocument();
    // The channel by its label, never the stored code.
    expect(within(row).getAllByText(/SINPE Móvil/).length).toBeGreaterThan(0);
    expect(row).not.toHaveTextContent('sinpe_movil');
  });

  it('Situación de Pago: días de mora, saldo en mora por componente, monto para ponerse al día, próxima cuota y total; mora por cuota en la tabla', async () => {
    renderDetalle({
      cuotas: [cuota(1, { pagada: true }), cuota(2, { dias_mora: 30, monto_mora_centimos: 123_456 }), cuota(3, {})],
    });
    const card = (await screen.findByText('Situación de Pago')).closest<HTMLElement>('.rounded-xl')!;
    const texto = (el: HTMLElement) => (el.textContent ?? '').replace(/\s/g, ' ');
    const dato = (label: string) => texto(within(card).getByText(label).parentElement!);
    expect(within(card).getByText('Montos al 12 mar 2026')).toBeInTheDocument();
    expect(dato('Días de mora')).toBe('Días de mora301 cuota vencida');
    expect(dato('Saldo en mora')).toBe('Saldo en moraCapital₡80 000,00Intereses₡10 000,00Intereses moratorios₡1 234,56');
    expect(dato('Para ponerse al día')).toBe('Para ponerse al día₡91 234,56');
    expect(dato('Próxima cuota')).toBe('Próxima cuota₡90 000,00Cuota 3 · vence 10 abr 2026');
    expect(dato('Total adeudado')).toBe('Total adeudado₡811 234,56');

    const fila = (await screen.findByText('Vencida (30 días)')).closest('tr')!;
    expect(screen.getByRole('columnheader', { name: 'Días Mora' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Mora' })).toBeInTheDocument();
    const celdas = within(fila)
      .getAllByRole('cell')
      .map((c) => texto(c));
    expect(celdas).toContain('30');
    expect(celdas).toContain('₡1 234,56');
  });

  it('un crédito sin atraso dice "Sin atraso"; uno cancelado no muestra la Situación de Pago', async () => {
    const sinAtraso = {
      ...credito.deuda,
      vencido: { capital_centimos: 0, interes_centimos: 0, mora_centimos: 0 },
      monto_al_dia_centimos: 0,
      cuotas_vencidas: 0,
      dias_mora: 0,
    };
    const { unmount } = renderDetalle({ detalle: json(200, { ...credito, estado: 'al_dia', deuda: sinAtraso }) });
    const card = (await screen.findByText('Situación de Pago')).closest<HTMLElement>('.rounded-xl')!;
    expect(within(card).getByText('Sin atraso')).toBeInTheDocument();
    unmount();
    renderDetalle({ detalle: json(200, { ...credito, estado: 'cancelado' }) });
    expect(await screen.findByRole('heading', { name: 'CR-0001' })).toBeInTheDocument();
    expect(screen.queryByText('Situación de Pago')).not.toBeInTheDocument();
  });

  it("un crédito refinanciado dice 'Refinanciado', enlaza al crédito nuevo y no ofrece cobro; el nuevo enlaza al anterior", async () => {
    const { unmount } = renderDetalle({
      detalle: json(200, { ...credito, estado: 'refinanciado', refinanciado_por_id: 'cr2', refinanciado_por_numero: 'CR-0002' }),
    });
    expect(await screen.findByText('Refinanciado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CR-0002' })).toHaveAttribute('href', '/creditos/cr2');
    expect(screen.queryByText('Situación de Pago')).not.toBeInTheDocument();
    unmount();
    renderDetalle({ detalle: json(200, { ...credito, credito_origen_id: 'cr0', credito_origen_numero: 'CR-0000' }) });
    expect(await screen.findByText(/Refinancia el crédito/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CR-0000' })).toHaveAttribute('href', '/creditos/cr0');
  });

  it('sin desembolso no muestra Información del Crédito; vacíos con los textos del spec', async () => {
    renderDetalle({ detalle: json(200, { ...credito, fecha_desembolso: null, producto: null, producto_nombre: null }) });
    expect(await screen.findByText('No hay cuotas registradas para este crédito')).toBeInTheDocument();
    expect(await screen.findByText('No hay pagos registrados')).toBeInTheDocument();
    expect(screen.queryByText('Información del Crédito')).not.toBeInTheDocument();
    expect(screen.getByText('N/A')).toBeInTheDocument();
  });

  it("404 muestra 'Crédito no encontrado' con botón a /creditos", async () => {
    renderDetalle({ detalle: json(404, { error: 'Crédito no encontrado' }) });
    expect(await screen.findByText('Crédito no encontrado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Volver a Créditos/ })).toHaveAttribute('href', '/creditos');
  });

  it("descarga el CSV y muestra 'Descarga exitosa'; sin cuotas avisa", async () => {
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderDetalle({ cuotas: [cuota(1, { pagada: true })] });
    await user.click(await screen.findByRole('button', { name: /Descargar CSV/ }));
    expect(await screen.findByText('Descarga exitosa')).toBeInTheDocument();
    expect(click).toHaveBeenCalled();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Tabla_Amortizacion_CR-0001.csv');
  });

  it("sin cuotas, la descarga muestra 'No se encontraron cuotas para este crédito'", async () => {
    const { user } = renderDetalle({});
    await user.click(await screen.findByRole('button', { name: /Descargar CSV/ }));
    expect(await screen.findByText('No se encontraron cuotas para este crédito')).toBeInTheDocument();
  });
});

describe('documentos imprimibles', () => {
  function stubOpen() {
    const win = { close: vi.fn(), location: { href: '' }, opener: {} };
    vi.stubGlobal(
      'open',
      vi.fn(() => win),
    );
    return win;
  }

  it("contrato: si los datos fallan cierra la ventana y muestra 'No se pudo generar el contrato'", async () => {
    const win = stubOpen();
    const { user } = renderDetalle({});
    await user.click(await screen.findByRole('button', { name: 'Contrato' }));
    expect(await screen.findByText('No se pudo generar el contrato')).toBeInTheDocument();
    expect(win.close).toHaveBeenCalled();
  });

  it("comprobantes sin pagos: 'Sin comprobantes' / 'No hay pagos registrados para este crédito'", async () => {
    const win = stubOpen();
    const docs = {
      prestamista: { nombre: 'Cuota' },
      fecha_emision: '2026-11-21',
      contrato: {
        numero_credito: 'CR-0001',
        estado: 'vigente',
        cliente: null,
        producto: null,
        terminos: {
          monto_principal_centimos: 1,
          tasa_interes_anual: '24.00',
          tasa_moratoria_anual: null,
          plazo_meses: 12,
          metodo_amortizacion: 'cuota_nivelada',
          dias_tolerancia: 3,
          fecha_desembolso: null,
          fecha_primer_vencimiento: null,
        },
        resumen_cuotas: {
          cantidad: 0,
          primera_cuota_centimos: 0,
          total_capital_centimos: 0,
          total_intereses_centimos: 0,
          total_a_pagar_centimos: 0,
          fecha_ultimo_vencimiento: null,
        },
      },
      comprobantes: [],
    };
    const { user } = renderDetalle({ documentos: () => json(200, docs) });
    await user.click(await screen.findByRole('button', { name: 'Comprobantes' }));
    expect(await screen.findByText('Sin comprobantes')).toBeInTheDocument();
    expect(screen.getByText('No hay pagos registrados para este crédito')).toBeInTheDocument();
    expect(win.close).toHaveBeenCalled();
    // The contract of the same credit opens its route in the window opened on click.
    const contrato = screen.getByRole('button', { name: 'Contrato' });
    await vi.waitFor(() => expect(contrato).toBeEnabled());
    await user.click(contrato);
    await vi.waitFor(() => expect(win.location.href).toBe('/creditos/cr1/contrato'));
  });
});

describe('lista de créditos', () => {
  it("filas con 'Ver Detalles', filtro de estado y vacío", async () => {
    const { fetchMock, user } = renderRemotePage([page(<CreditosPage />, '/creditos')], '/creditos', (url) =>
      json(
        200,
        url.searchParams.get('estado') === 'cancelado' ? { items: [], nextCursor: null } : { items: [credito], nextCursor: null },
      ),
    );
    const row = (await screen.findByText('CR-0001')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: /Ver Detalles/ })).toHaveAttribute('href', '/creditos/cr1');
    await user.selectOptions(screen.getByLabelText('Filtrar por estado'), 'cancelado');
    expect(await screen.findByText('No se encontraron créditos')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain('estado=cancelado');
  });
});
