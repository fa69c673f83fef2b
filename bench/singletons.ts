/**
 * Finds a shared singleton downloaded twice in one page load. Each library is recognised by a
 * marker: a string literal that minifiers keep, written in exactly one source module of the
 * library. A bundler never copies one module into two chunks of the same build, so within one
 * build a marker lives in one file; the same marker in two different downloaded files means two
 * builds each shipped their own copy (the shell's and a remote's), i.e. a duplicate.
 * singletons.test.ts checks each marker against the installed package and on fixtures.
 */
export interface Firma {
  /** The library, as the report names it. */
  nombre: string;
  /** A literal from one module of it. */
  marcador: string;
  /** The installed file, or folder of files, that holds the marker (from the repository root; a folder: its .mjs files): the test checks it is there, in one file. */
  fuente: string;
}

/**
 * Not listed, on purpose: react-hook-form, @hookform/resolvers and @cuota/shared/documents. They are
 * no federation shares (shared/src/web/federation-config.ts): each app bundles its own copy with
 * the pages that use it (the form library in the lazy chunks of the forms), so after `/auth` a
 * remote's form or document page legitimately brings a second copy. None holds state that crosses
 * apps: no shared code uses a form context, and the documents get the toast and the fetch by
 * argument (shell-app/src/features/remotes/federacion.test.ts checks both).
 */
export const FIRMAS: readonly Firma[] = [
  {
    nombre: 'react',
    marcador: 'React.Children.only expected to receive a single React element child.',
    fuente: 'node_modules/react/cjs/react.production.js',
  },
  { nombre: 'react-dom', marcador: '__reactContainer$', fuente: 'node_modules/react-dom/cjs/react-dom-client.production.js' },
  {
    nombre: 'react-router',
    marcador: 'You cannot render a <Router> inside another <Router>',
    fuente: 'node_modules/react-router/dist/development',
  },
  {
    nombre: '@tanstack/react-query',
    marcador: 'No QueryClient set, use QueryClientProvider to set one',
    fuente: 'node_modules/@tanstack/react-query/build/modern/QueryClientProvider.js',
  },
  { nombre: 'zod', marcador: 'Encountered Promise during synchronous parse', fuente: 'node_modules/zod/v4/core/core.js' },
  {
    nombre: 'module-federation runtime',
    marcador: '__VMOK__',
    fuente: 'node_modules/@module-federation/runtime-core/dist/global.js',
  },
  { nombre: '@cuota/shared texts', marcador: 'Algo salió mal al mostrar esta página', fuente: 'shared/src/texts/general.ts' },
  {
    nombre: '@cuota/shared/web',
    marcador: 'La configuración aún no se ha cargado (loadConfig)',
    fuente: 'shared/src/web/config.ts',
  },
];

export interface Copia {
  nombre: string;
  /** The downloaded files that each hold a copy (two or more). */
  urls: string[];
}

/** The libraries of `firmas` found in more than one of the downloaded files (each URL counted once). */
export function singletonsDuplicados(
  archivos: ReadonlyArray<{ url: string; cuerpo: string }>,
  firmas: readonly Firma[] = FIRMAS,
): Copia[] {
  const porUrl = new Map(archivos.map((a) => [a.url, a.cuerpo]));
  return firmas.flatMap((f) => {
    const urls = [...porUrl].filter(([, cuerpo]) => cuerpo.includes(f.marcador)).map(([url]) => url);
    return urls.length > 1 ? [{ nombre: f.nombre, urls }] : [];
  });
}
