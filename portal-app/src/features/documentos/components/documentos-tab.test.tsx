import type { DocumentoRef } from '@cuota/shared/schemas/creditos';
import { json, page, renderRemotePage } from '@cuota/shared/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cuota, documentos, refs } from './documentos.fixtures';
import { agruparPorCredito, DocumentosTab } from './documentos-tab';

type Handler = Parameters<typeof renderRemotePage>[2];

function renderTab(handler: Handler) {
  return renderRemotePage([page(<DocumentosTab />, '/portal')], '/portal', handler);
}

/** The list in two cursor pages, the documents of cr7 and, unless given, every other path → 404. */
function api(extra: Handler = () => json(404, { error: 'not found' })): Handler {
  return (url, init) => {
    if (url.pathname === '/api/portal/documentos') {
      return url.searchParams.get('cursor') === 'p2'
        ? json(200, { items: refs.slice(4), nextCursor: null })
        : json(200, { items: refs.slice(0, 4), nextCursor: 'p2' });
    }
    if (url.pathname === '/api/portal/creditos/cr7/documentos') return json(200, documentos);
    return extra(url, init);
  };
}

function stubOpen() {
  const win = { close: vi.fn(), location: { href: '' }, opener: {} as unknown };
  const open = vi.fn(() => win);
  vi.stubGlobal('open', open);
  return { win, open };
}

function stubDownload() {
  const blobs: Blob[] = [];
  const createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:x';
  });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return { blobs, click };
}

const credito = (numero: string) => screen.findByRole('region', { name: numero });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('agruparPorCredito', () => {
  it('un grupo por crédito en el orden del servidor, con su desembolso y sus comprobantes', () => {
    expect(agruparPorCredito(refs)).toEqual([
      { creditoId: 'cr7', numeroCredito: 'CR-2026-0007', fechaDesembolso: '2026-01-15', comprobantes: 2 },
      { creditoId: 'cr3', numeroCredito: 'CR-2025-0003', fechaDesembolso: '2025-06-01', comprobantes: 0 },
    ]);
    expect(agruparPorCredito([] as DocumentoRef[])).toEqual([]);
  });
});

describe('pestaña Documentos', () => {
  it('lee todas las páginas y muestra una tarjeta por crédito con Contrato, Comprobantes y Tabla de Amortización', async () => {
    const { fetchMock } = renderTab(api());
    const cr7 = await credito('CR-2026-0007');
    expect(within(cr7).getByText('Desembolso: 15 ene 2026 · 2 comprobantes de pago')).toBeInTheDocument();
    for (const name of ['Contrato', 'Comprobantes', 'Tabla de Amortización']) {
      expect(within(cr7).getByRole('button', { name })).toBeEnabled();
    }
    const cr3 = await credito('CR-2025-0003');
    expect(within(cr3).getByText(/Aún sin comprobantes de pago/)).toBeInTheDocument();
    const listCalls = fetchMock.mock.calls
      .map(([u]) => new URL(String(u)))
      .filter((u) => u.pathname === '/api/portal/documentos');
    expect(listCalls.map((u) => u.searchParams.get('cursor'))).toEqual([null, 'p2']);
  });

  it('Contrato abre /portal/creditos/{id}/contrato en una ventana nueva, sin opener', async () => {
    const { win, open } = stubOpen();
    const { user } = renderTab(api());
    await user.click(within(await credito('CR-2026-0007')).getByRole('button', { name: 'Contrato' }));
    await vi.waitFor(() => expect(win.location.href).toBe('/portal/creditos/cr7/contrato'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(win.opener).toBeNull();
    expect(win.close).not.toHaveBeenCalled();
  });

  it('Comprobantes abre /portal/creditos/{id}/comprobantes', async () => {
    const { win } = stubOpen();
    const { user } = renderTab(api());
    await user.click(within(await credito('CR-2026-0007')).getByRole('button', { name: 'Comprobantes' }));
    await vi.waitFor(() => expect(win.location.href).toBe('/portal/creditos/cr7/comprobantes'));
  });

  it("Comprobantes sin pagos: 'Sin comprobantes' / 'No hay pagos registrados para este crédito', sin abrir ventana", async () => {
    const { open } = stubOpen();
    const { user } = renderTab(api());
    await user.click(within(await credito('CR-2025-0003')).getByRole('button', { name: 'Comprobantes' }));
    expect(await screen.findByText('Sin comprobantes')).toBeInTheDocument();
    expect(screen.getByText('No hay pagos registrados para este crédito')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });

  it("si los datos del contrato fallan cierra la ventana: 'No se pudo generar el contrato'", async () => {
    const { win } = stubOpen();
    const { user } = renderTab(api(() => json(500, { error: 'boom' })));
    await user.click(within(await credito('CR-2025-0003')).getByRole('button', { name: 'Contrato' }));
    expect(await screen.findByText('No se pudo generar el contrato')).toBeInTheDocument();
    expect(win.close).toHaveBeenCalled();
  });

  it("Tabla de Amortización descarga el CSV del admin con todas las cuotas: 'Descarga exitosa'", async () => {
    const { blobs, click } = stubDownload();
    const { user } = renderTab(
      api((url) => {
        if (url.pathname !== '/api/portal/creditos/cr7/cuotas') return json(404, { error: 'not found' });
        return url.searchParams.get('cursor') === 'c2'
          ? json(200, {
              items: [{ ...cuota, id: 'q2', numero_cuota: 2, pagada: false, fecha_vencimiento: '2099-03-15' }],
              nextCursor: null,
            })
          : json(200, { items: [cuota], nextCursor: 'c2' });
      }),
    );
    await user.click(within(await credito('CR-2026-0007')).getByRole('button', { name: 'Tabla de Amortización' }));
    expect(await screen.findByText('Descarga exitosa')).toBeInTheDocument();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Tabla_Amortizacion_CR-2026-0007.csv');
    const text = await blobs[0]!.text();
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1).split('\r\n')).toEqual([
      'No. Cuota;Fecha Vencimiento;Monto Total;Monto Capital;Monto Interés;Saldo Capital;Estado',
      '1;2026-02-15;94560,00;74560,00;20000,00;925440,00;Pagada',
      '2;2099-03-15;94560,00;74560,00;20000,00;925440,00;Pendiente',
      '',
    ]);
  });

  it("sin cuotas: 'No se encontraron cuotas para este crédito'; si falla: 'No se pudo descargar la tabla de amortización'", async () => {
    const { click } = stubDownload();
    const { user } = renderTab(
      api((url) =>
        url.pathname === '/api/portal/creditos/cr7/cuotas'
          ? json(200, { items: [], nextCursor: null })
          : json(500, { error: 'boom' }),
      ),
    );
    await user.click(within(await credito('CR-2026-0007')).getByRole('button', { name: 'Tabla de Amortización' }));
    expect(await screen.findByText('No se encontraron cuotas para este crédito')).toBeInTheDocument();
    const otra = within(await credito('CR-2025-0003')).getByRole('button', { name: 'Tabla de Amortización' });
    await vi.waitFor(() => expect(otra).toBeEnabled());
    await user.click(otra);
    expect(await screen.findByText('No se pudo descargar la tabla de amortización')).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
  });

  it("sin créditos: 'Aún no tienes documentos'", async () => {
    renderTab(() => json(200, { items: [], nextCursor: null }));
    expect(await screen.findByText('Aún no tienes documentos')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Contrato' })).not.toBeInTheDocument();
  });

  it('si la lista falla muestra el error con Reintentar', async () => {
    let calls = 0;
    const { user } = renderTab((url) => (++calls === 1 ? json(500, { error: 'Error interno' }) : api()(url, undefined)));
    expect(await screen.findByText('No se pudieron cargar tus documentos')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await credito('CR-2026-0007')).toBeInTheDocument();
  });
});
