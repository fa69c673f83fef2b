// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Counts the imports of sonner; `puerta` holds each one back until the test opens it. */
const sonnerImportado = { veces: 0, puerta: Promise.resolve() };

/** A fresh copy of the module (its queue and its sonner), as a page starts with. */
async function paginaNueva() {
  vi.resetModules();
  sonnerImportado.veces = 0;
  sonnerImportado.puerta = Promise.resolve();
  vi.doMock('sonner', async (importOriginal) => {
    sonnerImportado.veces++;
    await sonnerImportado.puerta;
    return importOriginal<typeof import('sonner')>();
  });
  actual = await import('./toast');
  return actual;
}
let actual: typeof import('./toast') | undefined;

/** Holds the next import of sonner back until `abrir` is called. */
function retenerSonner() {
  let abrir = () => {};
  sonnerImportado.puerta = new Promise<void>((resolve) => (abrir = resolve));
  return () => abrir();
}

const toasts = () => [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')];
const titulos = () => toasts().map((li) => li.querySelector('[data-title]')?.textContent);
const region = () => screen.queryByRole('region', { name: /^Avisos/ });
const esperar = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => {
  cleanup();
  // sonner's module (not reloaded by the fresh copies) keeps its toasts: start each test without them
  actual?.toast.dismissAll();
});

describe('toast sin sonner en la primera carga', () => {
  it('importar @cuota/shared/ui no importa sonner', async () => {
    await paginaNueva();
    const ui = await import('./index');
    expect(ui.toast.success).toBeTypeOf('function');
    expect(ui.Toaster).toBeTypeOf('function');
    expect(sonnerImportado.veces).toBe(0);
  });

  it('montar el Toaster no importa sonner mientras nadie actúe ni avise', async () => {
    const { Toaster } = await paginaNueva();
    render(<Toaster />);
    await esperar(50);
    expect(sonnerImportado.veces).toBe(0);
    expect(region()).toBeNull();
  });

  it('los avisos dados antes de que sonner cargue se muestran al cargar, en orden, con su tipo y descripción', async () => {
    const { toast, Toaster, ESPERA_DE_LA_REGION_MS } = await paginaNueva();
    const abrir = retenerSonner();
    render(<Toaster />);
    toast.success('Pago registrado', 'Se aplicó a la cuota 3');
    toast.error('No se pudo guardar');
    toast.info('Sesión por vencer', 'Quedan 2 minutos');

    await waitFor(() => expect(sonnerImportado.veces).toBe(1)); // the first toast asked for it
    await esperar(ESPERA_DE_LA_REGION_MS + 50);
    expect(toasts()).toHaveLength(0);

    abrir();
    // Sonner's live region is in the page before the toasts are added to it.
    await waitFor(() => expect(region()).toBeInTheDocument());
    expect(region()).toHaveAttribute('aria-live', 'polite');
    expect(toasts()).toHaveLength(0);

    await waitFor(() => expect(toasts()).toHaveLength(3));
    // sonner lists the newest first
    expect(titulos()).toEqual(['Sesión por vencer', 'No se pudo guardar', 'Pago registrado']);
    expect(toasts().map((li) => li.dataset.type)).toEqual([undefined, 'error', 'success']);
    expect(within(toasts()[2]!).getByText('Se aplicó a la cuota 3')).toBeInTheDocument();
    expect(within(toasts()[0]!).getByText('Quedan 2 minutos')).toBeInTheDocument();
    expect(toasts().every((li) => region()!.contains(li))).toBe(true);

    // once loaded, a toast goes straight to sonner, after those of the queue
    toast.success('Guardado');
    await waitFor(() => expect(titulos()).toEqual(['Guardado', 'Sesión por vencer', 'No se pudo guardar', 'Pago registrado']));
    expect(sonnerImportado.veces).toBe(1);
  });

  it('la primera acción del usuario carga sonner y su región antes del primer aviso', async () => {
    const { toast, Toaster, ESPERA_DE_LA_REGION_MS } = await paginaNueva();
    render(
      <>
        <button type="button">Pagar</button>
        <Toaster />
      </>,
    );
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Pagar' }));
    await waitFor(() => expect(region()).toBeInTheDocument());
    expect(toasts()).toHaveLength(0);
    await esperar(ESPERA_DE_LA_REGION_MS + 50);

    toast.error('Pago rechazado', 'Fondos insuficientes');
    const aviso = (await screen.findByText('Pago rechazado')).closest('li')!;
    expect(aviso).toHaveAttribute('data-type', 'error');
    expect(within(aviso).getByText('Fondos insuficientes')).toBeInTheDocument();
    expect(sonnerImportado.veces).toBe(1);
  });

  it('una tecla también carga sonner', async () => {
    const { Toaster } = await paginaNueva();
    render(<Toaster />);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    await waitFor(() => expect(region()).toBeInTheDocument());
  });

  it('dismissAll descarta los avisos que aún esperan a sonner', async () => {
    const { toast, Toaster, ESPERA_DE_LA_REGION_MS } = await paginaNueva();
    const abrir = retenerSonner();
    render(<Toaster />);
    toast.success('Viejo');
    toast.dismissAll();
    abrir();
    await waitFor(() => expect(region()).toBeInTheDocument());
    await esperar(ESPERA_DE_LA_REGION_MS + 100);
    expect(toasts()).toHaveLength(0);

    toast.info('Nuevo');
    await waitFor(() => expect(titulos()).toEqual(['Nuevo']));
  });

  it('la región y el botón de cerrar se nombran en español, y el botón cierra el aviso', async () => {
    const { toast, Toaster } = await paginaNueva();
    render(<Toaster />);
    toast.success('Pago reportado exitosamente');
    const aviso = (await screen.findByText('Pago reportado exitosamente')).closest('li')!;
    expect(region()).toBeInTheDocument();
    fireEvent.click(within(aviso).getByRole('button', { name: 'Cerrar aviso' }));
    await waitFor(() => expect(screen.queryByText('Pago reportado exitosamente')).toBeNull());
  });

  it('un aviso dado sin Toaster en la página se muestra cuando el Toaster se monta', async () => {
    const { toast, Toaster } = await paginaNueva();
    toast.success('Antes del Toaster');
    await waitFor(() => expect(sonnerImportado.veces).toBe(1));
    render(<Toaster />);
    expect(await screen.findByText('Antes del Toaster')).toBeInTheDocument();
    expect(toasts()).toHaveLength(1);
  });
});
