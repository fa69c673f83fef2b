import { codigosCrudos, json, page, renderRemotePage } from '@cuota/shared/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentos } from './documentos.fixtures';
import { ComprobantesPortalPage, ContratoPortalPage } from './documentos-imprimibles';

function renderDocumento(path: 'contrato' | 'comprobantes', respond: () => Response, id = 'cr7') {
  return renderRemotePage(
    [
      page(<ContratoPortalPage />, '/portal/creditos/:id/contrato'),
      page(<ComprobantesPortalPage />, '/portal/creditos/:id/comprobantes'),
      page(<h1>Portal</h1>, '/portal'),
    ],
    `/portal/creditos/${id}/${path}`,
    (url) => (url.pathname === `/api/portal/creditos/${id}/documentos` ? respond() : json(404, { error: 'not found' })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('contrato del cliente', () => {
  it('muestra el contrato de su crédito desde /api/portal/creditos/{id}/documentos, listo para imprimir', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { fetchMock, user } = renderDocumento('contrato', () => json(200, documentos));
    expect(await screen.findByRole('heading', { name: 'Contrato de Crédito' })).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('http://api.test/api/portal/creditos/cr7/documentos');
    expect(screen.getByText('CR-2026-0007')).toBeInTheDocument();
    expect(screen.getAllByText('Carolina Mora').length).toBeGreaterThan(0);
    expect(screen.getByText('1-1111-1111')).toBeInTheDocument();
    expect(screen.getByText('Barrio Escalante, San José, Costa Rica')).toBeInTheDocument();
    expect(screen.getByText('Términos del Crédito')).toBeInTheDocument();
    expect(screen.getByText('24,00 %')).toBeInTheDocument();
    expect(screen.getByText('12 meses')).toBeInTheDocument();
    expect(screen.getByText('Microcrédito')).toBeInTheDocument();
    const totalPagar = screen.getByText('Total a Pagar').closest('div') as HTMLElement;
    expect(within(totalPagar).getByText(/₡\s?1\s?134\s?720,00/)).toBeInTheDocument();
    expect(screen.getByText(/Firma del Deudor/)).toBeInTheDocument();
    // The parties' block names the debtor once: 'Partes' over the rows, 'Deudor' only as the row's label.
    expect(screen.getByRole('heading', { name: 'Partes' })).toBeInTheDocument();
    expect(screen.getAllByText('Deudor', { exact: true })).toHaveLength(1);
    const deudor = screen.getByText('Deudor', { exact: true }).closest('div') as HTMLElement;
    expect(within(deudor).getByText('Carolina Mora')).toBeInTheDocument();
    // Labels, not codes.
    const metodo = screen.getByText('Método de Amortización').closest('div') as HTMLElement;
    expect(within(metodo).getByText('Cuota nivelada')).toBeInTheDocument();
    expect(codigosCrudos(document.body.textContent ?? '')).toEqual([]);
    // The print stylesheet travels with the document (A4 and Letter: the printer's paper decides).
    const css = [...document.querySelectorAll('style')].map((el) => el.textContent).join('\n');
    expect(css).toContain('@page { size: auto;');
    expect(css).toContain('.doc-no-print { display: none !important; }');
    await user.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalled();
  });

  it("el crédito de otro cliente (404) muestra 'Crédito no encontrado' con el camino de vuelta al portal", async () => {
    renderDocumento('contrato', () => json(404, { error: 'Crédito no encontrado' }), 'ajeno');
    expect(await screen.findByText('Crédito no encontrado')).toBeInTheDocument();
    expect(screen.getByText('Este crédito no existe o no pertenece a tu cuenta.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Volver al Portal/ })).toHaveAttribute('href', '/portal');
    expect(screen.queryByRole('button', { name: 'Imprimir' })).not.toBeInTheDocument();
  });

  it("otro error: 'No se pudo generar el contrato' con Reintentar", async () => {
    let calls = 0;
    const { user } = renderDocumento('contrato', () => (++calls === 1 ? json(500, { error: 'boom' }) : json(200, documentos)));
    expect(await screen.findByText('No se pudo generar el contrato')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Contrato de Crédito' })).toBeInTheDocument();
  });
});

describe('comprobantes del cliente', () => {
  it('un comprobante por pago, cada uno en su propia página al imprimir', async () => {
    renderDocumento('comprobantes', () => json(200, documentos));
    expect(await screen.findByRole('heading', { name: 'Comprobantes de Pago CR-2026-0007' })).toBeInTheDocument();
    const recibos = screen.getAllByRole('article');
    expect(recibos).toHaveLength(2);
    expect(within(recibos[0]!).getByText('PAG-0001')).toBeInTheDocument();
    expect(within(recibos[0]!).getByText('SINPE-123')).toBeInTheDocument();
    expect(within(recibos[1]!).getByText('PAG-0002')).toBeInTheDocument();
    expect(within(recibos[1]!).getByText('Fecha Valor')).toBeInTheDocument();
    // Each receipt's channel by its label.
    expect(within(recibos[0]!).getByText('SINPE Móvil')).toBeInTheDocument();
    expect(within(recibos[1]!).getByText('Transferencia bancaria')).toBeInTheDocument();
    expect(codigosCrudos(document.body.textContent ?? '')).toEqual([]);
    expect(recibos[0]).not.toHaveClass('doc-break');
    expect(recibos[1]).toHaveClass('doc-break');
  });

  it("sin pagos: 'Sin comprobantes' / 'No hay pagos registrados para este crédito'", async () => {
    renderDocumento('comprobantes', () => json(200, { ...documentos, comprobantes: [] }));
    expect(await screen.findByText('Sin comprobantes')).toBeInTheDocument();
    expect(screen.getByText('No hay pagos registrados para este crédito')).toBeInTheDocument();
  });

  it("error: 'No se pudieron generar los comprobantes'", async () => {
    renderDocumento('comprobantes', () => json(500, { error: 'boom' }));
    expect(await screen.findByText('No se pudieron generar los comprobantes')).toBeInTheDocument();
  });
});
