import { LARGO_MAXIMO_BUSQUEDA } from '@cuota/shared/schemas/common';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { cursorValido, fechaEnUrl, leerPila, MAX_LARGO_PILA, opcionEnUrl, textoEnUrl, useListaEnUrl } from './use-lista-en-url';

/** A cursor as the API writes it (base64url of the last key read). */
const b64u = (texto: string) => btoa(texto).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const cursor = (n: number) => b64u(JSON.stringify({ pk: 'CLIENTES', sk: `C#${n}` }));

const ESQUEMA = { estado: opcionEnUrl(['enviado', 'aprobado'], ''), zona: textoEnUrl() };

/** The hook under a memory router at `url`; `ver()` gives the hook, the location and navigate. */
function montar(url: string, prefijo?: string) {
  let ultimo: { lista: ReturnType<typeof useListaEnUrl<typeof ESQUEMA>>; url: string; navegar: ReturnType<typeof useNavigate> };
  function Sonda() {
    const location = useLocation();
    ultimo = { lista: useListaEnUrl(ESQUEMA, { prefijo }), url: location.pathname + location.search, navegar: useNavigate() };
    return null;
  }
  const router = createMemoryRouter([{ path: '/lista', element: <Sonda /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return { ver: () => ultimo, router };
}

describe('useListaEnUrl', () => {
  it('lee filtros, búsqueda y página de la URL', () => {
    const { ver } = montar(`/lista?estado=aprobado&zona=Heredia&q=ana&pagina=${cursor(1)}&pagina=${cursor(2)}`);
    expect(ver().lista.filtros).toEqual({ estado: 'aprobado', zona: 'Heredia' });
    expect(ver().lista.busqueda.q).toBe('ana');
    expect(ver().lista.busqueda.texto).toBe('ana');
    expect(ver().lista.paginacion.cursor).toBe(cursor(2));
    expect(ver().lista.paginacion.pageIndex).toBe(2);
    expect(ver().lista.paginacion.hasPrevious).toBe(true);
  });

  it('valores inválidos caen en el valor por defecto, sin error', () => {
    const { ver } = montar('/lista?estado=borrado&pagina=%%%no-es-cursor&pagina=abc');
    expect(ver().lista.filtros.estado).toBe('');
    expect(ver().lista.paginacion.cursor).toBeUndefined();
    expect(ver().lista.paginacion.pageIndex).toBe(0);
  });

  it('cambiar un filtro lo escribe, vuelve a la primera página y Atrás lo deshace', async () => {
    const { ver, router } = montar(`/lista?pagina=${cursor(1)}`);
    act(() => ver().lista.cambiar({ estado: 'enviado' }));
    expect(ver().url).toBe('/lista?estado=enviado');
    expect(ver().lista.paginacion.pageIndex).toBe(0);
    act(() => ver().lista.cambiar({ estado: '' }));
    expect(ver().url).toBe('/lista');
    await act(() => router.navigate(-1));
    expect(ver().lista.filtros.estado).toBe('enviado');
  });

  it('Siguiente y Anterior apilan los cursores en la URL; Atrás vuelve a la página anterior', async () => {
    const { ver, router } = montar('/lista?estado=enviado');
    act(() => ver().lista.paginacion.next(cursor(1)));
    act(() => ver().lista.paginacion.next(cursor(2)));
    expect(ver().url).toBe(`/lista?estado=enviado&pagina=${cursor(1)}&pagina=${cursor(2)}`);
    act(() => ver().lista.paginacion.previous());
    expect(ver().lista.paginacion.cursor).toBe(cursor(1));
    await act(() => router.navigate(-1));
    expect(ver().lista.paginacion.cursor).toBe(cursor(2));
    act(() => ver().lista.paginacion.next(null));
    expect(ver().lista.paginacion.pageIndex).toBe(2);
  });

  it('la búsqueda llega a la URL al dejar de escribir, reemplazando la entrada, y sigue a la navegación', async () => {
    const { ver, router } = montar(`/lista?pagina=${cursor(1)}`);
    act(() => ver().lista.busqueda.campo.onChange({ target: { value: 'ma' } } as never));
    expect(ver().lista.busqueda.texto).toBe('ma');
    expect(ver().lista.busqueda.q).toBe('');
    await act(() => new Promise((r) => setTimeout(r, 350)));
    expect(ver().url).toBe('/lista?q=ma');
    await act(() => router.navigate('/lista?q=otra'));
    expect(ver().lista.busqueda.texto).toBe('otra');
    await act(() => new Promise((r) => setTimeout(r, 350)));
    expect(ver().url).toBe('/lista?q=otra');
    // the search replaced the first entry: Back leaves the page's history, not 'ma' letter by letter
    await act(() => router.navigate(-1));
    expect(ver().url).toBe('/lista?q=ma');
  });

  it('una búsqueda de la URL más larga de lo que acepta la API se corta a LARGO_MAXIMO_BUSQUEDA', () => {
    const { ver } = montar(`/lista?q=${'a'.repeat(150)}`);
    expect(ver().lista.busqueda.q).toBe('a'.repeat(LARGO_MAXIMO_BUSQUEDA));
    expect(LARGO_MAXIMO_BUSQUEDA).toBe(100);
  });

  it('con prefijo, dos listas de una página no se pisan', () => {
    const { ver } = montar(`/lista?estado=aprobado&pagos.estado=enviado&pagos.pagina=${cursor(3)}`, 'pagos.');
    expect(ver().lista.filtros.estado).toBe('enviado');
    expect(ver().lista.paginacion.cursor).toBe(cursor(3));
    act(() => ver().lista.paginacion.previous());
    expect(ver().url).toBe('/lista?estado=aprobado&pagos.estado=enviado');
  });
});

describe('cursores en la URL', () => {
  it('acepta el cursor que escribe la API y rechaza lo demás', () => {
    expect(cursorValido(cursor(7))).toBe(true);
    expect(cursorValido('')).toBe(false);
    expect(cursorValido(b64u('[1,2]'))).toBe(false);
    expect(cursorValido(b64u(JSON.stringify({ pk: 1 })))).toBe(false);
    expect(cursorValido('a'.repeat(2000))).toBe(false);
    expect(leerPila([cursor(1), 'x y'])).toEqual([]);
    expect(leerPila(Array.from({ length: 51 }, (_, i) => cursor(i)))).toEqual([]);
  });

  it('la pila de cursores en la URL no pasa de MAX_LARGO_PILA caracteres: Siguiente guarda los más recientes', () => {
    // a long cursor as the API could write it, about 370 characters
    const largo = (n: number) =>
      b64u(JSON.stringify({ pk: 'x'.repeat(40), sk: `C#${n}`.padEnd(200, '0'), gsi1pk: 'y'.repeat(4) }));
    const pila = Array.from({ length: 20 }, (_, i) => largo(i));
    expect(pila.join('').length).toBeGreaterThan(MAX_LARGO_PILA);
    // a stack over the limit in a URL (not one this app wrote) reads as the first page
    expect(leerPila(pila)).toEqual([]);

    const { ver } = montar(`/lista?pagina=${pila.slice(0, 8).join('&pagina=')}`);
    expect(ver().lista.paginacion.pageIndex).toBe(8);
    for (let i = 8; i < 20; i++) act(() => ver().lista.paginacion.next(largo(i)));
    const enUrl = new URLSearchParams(ver().url.split('?')[1]).getAll('pagina');
    expect(enUrl.join('').length).toBeLessThanOrEqual(MAX_LARGO_PILA);
    // the page shown is the last one asked for, and Previous walks back through the newest kept
    expect(enUrl).toEqual(pila.slice(20 - enUrl.length));
    expect(ver().lista.paginacion.cursor).toBe(largo(19));
    act(() => ver().lista.paginacion.previous());
    expect(ver().lista.paginacion.cursor).toBe(largo(18));
  });
});

describe('parámetros de la URL', () => {
  it('una fecha que no existe o mal escrita es ninguna; la vacía no se escribe', () => {
    const fecha = fechaEnUrl();
    expect(fecha.leer('2026-02-28')).toBe('2026-02-28');
    for (const mala of ['2026-02-30', '26-01-01', '2026-1-1', 'hoy', null]) expect(fecha.leer(mala)).toBe('');
    // a month or day out of range is an Invalid Date: read as none, never thrown
    for (const fuera of ['2026-13-01', '2026-00-10', '2026-01-32']) {
      expect(fecha.leer(fuera)).toBe('');
      expect(fecha.escribir(fuera)).toBeNull();
    }
    expect(fecha.escribir('')).toBeNull();
    expect(textoEnUrl(5).leer('  Heredia centro ')).toBe('Hered');
    expect(opcionEnUrl(['a', 'b'], 'a').escribir('a')).toBeNull();
  });
});
