import { LARGO_MAXIMO_BUSQUEDA } from '@cuota/shared/schemas/common';
import { paginacionSobrePila, type CursorPagination } from '@cuota/shared/ui';
import { ESPERA_DE_BUSQUEDA_MS, useDebouncedValue, type Busqueda } from '@cuota/shared/web';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A list's filters, search and page kept in the URL's query string, so a filtered list can be
 * shared, survives a reload, and the browser's Back returns to it as it was. Every staff list
 * reads its state through useListaEnUrl; what the URL holds is read leniently: a missing or
 * unknown value is the filter's default, a malformed page cursor is the first page.
 */

/** How one filter is read from and written to its URL parameter. */
export interface ParametroDeUrl<T> {
  /** The value from the parameter's text (null when absent): never throws, falls back to the default. */
  leer(texto: string | null): T;
  /** The parameter's text, or null to leave it out of the URL (the default). */
  escribir(valor: T): string | null;
}

/** One of `opciones`; anything else reads as `defecto`, which the URL leaves out. */
export function opcionEnUrl<const O extends string, const D extends O | ''>(
  opciones: readonly O[],
  defecto: D,
): ParametroDeUrl<O | D> {
  return {
    leer: (texto) => ((opciones as readonly string[]).includes(texto ?? '') ? (texto as O) : defecto),
    escribir: (valor) => (valor === defecto ? null : valor),
  };
}

/** Free text (an id, a zone): trimmed, at most `max` characters; empty is the default. */
export function textoEnUrl(max = 100): ParametroDeUrl<string> {
  return {
    leer: (texto) => (texto ?? '').trim().slice(0, max),
    escribir: (valor) => valor.trim() || null,
  };
}

/** A date 'YYYY-MM-DD' that exists; anything else reads as none (''). */
export function fechaEnUrl(): ParametroDeUrl<string> {
  const valida = (t: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(t)) return false;
    // a month or day out of range ('2026-13-01') is an Invalid Date, whose toISOString throws
    const d = new Date(`${t}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(t);
  };
  return {
    leer: (texto) => (texto && valida(texto) ? texto : ''),
    escribir: (valor) => (valor && valida(valor) ? valor : null),
  };
}

export type EsquemaDeUrl = Record<string, ParametroDeUrl<unknown>>;
export type ValoresDeUrl<E extends EsquemaDeUrl> = { [K in keyof E]: E[K] extends ParametroDeUrl<infer T> ? T : never };

/** A list with only its page (and search) in the URL. */
export const SIN_FILTROS: EsquemaDeUrl = {};

export interface OpcionesListaEnUrl {
  /** Before every parameter name, when a page shows more than one list (e.g. 'pagos.'). */
  prefijo?: string;
  /** The search's parameter, when it searches something narrower than the list (cobranza's 'zona'). */
  parametroBusqueda?: string;
}

export interface ListaEnUrl<E extends EsquemaDeUrl> {
  filtros: ValoresDeUrl<E>;
  /** Sets some filters and goes back to the first page (a new history entry, so Back undoes it). */
  cambiar(cambios: Partial<ValoresDeUrl<E>>): void;
  /** The search box (its text while typing) and the settled query `q`, which is what the URL holds. */
  busqueda: Busqueda;
  /** The cursors of the pages after the first, in the URL: reload and Back land on the same page. */
  paginacion: CursorPagination;
}

/** The parameter holding the page cursors (repeated, oldest first) and the one holding the search. */
export const PARAMETRO_PAGINA = 'pagina';
export const PARAMETRO_BUSQUEDA = 'q';

/** More pages than this in the URL is not a list someone paged through: start again. */
const MAX_PAGINAS = 50;
/** A cursor as the API writes it: base64url of a JSON object of up to 6 string attributes. */
const MAX_CURSOR = 1024;
/**
 * The page cursors' total length in the URL. CloudFront refuses a request over 8 192 bytes, so a
 * reload of a deep page must stay well under it with the path, the filters and the headers: Next
 * keeps only the newest cursors that fit (the page shown, and Previous walks back through those
 * kept, then to the first page); a longer stack in a URL reads as the first page.
 */
export const MAX_LARGO_PILA = 4000;

const largoDePila = (pila: readonly string[]) => pila.reduce((n, c) => n + c.length, 0);

/** The newest cursors of `pila` that fit in the URL: at most MAX_PAGINAS, of MAX_LARGO_PILA characters in all. */
export function recortarPila(pila: readonly string[]): string[] {
  let desde = Math.max(0, pila.length - MAX_PAGINAS);
  while (desde < pila.length && largoDePila(pila.slice(desde)) > MAX_LARGO_PILA) desde++;
  return pila.slice(desde);
}

export function cursorValido(cursor: string): boolean {
  if (cursor.length === 0 || cursor.length > MAX_CURSOR || !/^[A-Za-z0-9_-]+$/.test(cursor)) return false;
  try {
    const base64 = cursor.replace(/-/g, '+').replace(/_/g, '/');
    const json: unknown = JSON.parse(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)));
    if (!json || typeof json !== 'object' || Array.isArray(json)) return false;
    const valores = Object.values(json);
    return valores.length > 0 && valores.length <= 6 && valores.every((v) => typeof v === 'string');
  } catch {
    return false;
  }
}

/** The page cursors in the URL, or none (the first page) when any of them is not one. */
export function leerPila(textos: readonly string[]): string[] {
  if (textos.length > MAX_PAGINAS || largoDePila(textos) > MAX_LARGO_PILA || !textos.every(cursorValido)) return [];
  return [...textos];
}

/**
 * A staff list's state in the URL: its filters (`esquema`, one parameter each), its search `q`
 * and its page. Changing a filter or the search starts again from the first page.
 */
export function useListaEnUrl<E extends EsquemaDeUrl>(esquema: E, opciones: OpcionesListaEnUrl = {}): ListaEnUrl<E> {
  const prefijo = opciones.prefijo ?? '';
  const parametroBusqueda = opciones.parametroBusqueda ?? PARAMETRO_BUSQUEDA;
  const [params, setParams] = useSearchParams();
  const nombre = (clave: string) => `${prefijo}${clave}`;

  const filtros = Object.fromEntries(
    Object.entries(esquema).map(([clave, parametro]) => [clave, parametro.leer(params.get(nombre(clave)))]),
  ) as ValoresDeUrl<E>;
  const q = (params.get(nombre(parametroBusqueda)) ?? '').trim().slice(0, LARGO_MAXIMO_BUSQUEDA);
  const pila = leerPila(params.getAll(nombre(PARAMETRO_PAGINA)));

  /** The URL with `editar` applied to a copy of its parameters. */
  const navegar = (editar: (p: URLSearchParams) => void, reemplazar = false) =>
    setParams(
      (actual) => {
        const siguiente = new URLSearchParams(actual);
        editar(siguiente);
        return siguiente;
      },
      { replace: reemplazar, preventScrollReset: true },
    );
  const primeraPagina = (p: URLSearchParams) => p.delete(nombre(PARAMETRO_PAGINA));

  const busqueda = useBusquedaEnUrl(q, (texto) =>
    navegar((p) => {
      if (texto) p.set(nombre(parametroBusqueda), texto);
      else p.delete(nombre(parametroBusqueda));
      primeraPagina(p);
    }, true),
  );

  return {
    filtros,
    busqueda,
    cambiar(cambios) {
      navegar((p) => {
        for (const [clave, valor] of Object.entries(cambios)) {
          const parametro = esquema[clave];
          if (!parametro) continue;
          const texto = parametro.escribir(valor);
          if (texto === null) p.delete(nombre(clave));
          else p.set(nombre(clave), texto);
        }
        primeraPagina(p);
      });
    },
    paginacion: paginacionSobrePila(pila, (nueva) =>
      navegar((p) => {
        primeraPagina(p);
        for (const cursor of recortarPila(nueva)) p.append(nombre(PARAMETRO_PAGINA), cursor);
      }),
    ),
  };
}

/**
 * The search box over the URL's `q`: the box keeps what is being typed, the URL gets it once
 * typing pauses (replacing the entry, so Back does not step through every letter), and a `q`
 * changed by navigation (Back, a link) shows in the box.
 */
function useBusquedaEnUrl(q: string, escribir: (q: string) => void, espera = ESPERA_DE_BUSQUEDA_MS): Busqueda {
  const [texto, setTexto] = useState(q);
  const [qVisto, setQVisto] = useState(q);
  if (q !== qVisto) {
    setQVisto(q);
    if (texto.trim() !== q) setTexto(q);
  }
  const escrito = useDebouncedValue(texto.trim(), espera);
  useEffect(() => {
    if (escrito !== q) escribir(escrito);
    // only a settled change of the box writes: a q changed by navigation must not be written back
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [escrito]);
  return { texto, q, campo: { value: texto, onChange: (event) => setTexto(event.target.value) } };
}
