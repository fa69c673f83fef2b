/**
 * Build step of the shell (vite.config.ts): `sesion.html`, the index.html the origins serve for
 * every page but the landing and the 404 (infra/local/web.ts, CloudFront's SPA function). It adds a
 * modulepreload for each chunk the session layout (src/app/sesion.tsx) imports statically, so a
 * phone opening /portal or /auth downloads them with the entry instead of after running it; the
 * landing's index.html stays without them.
 */
import { PAGINA_DE_SESION } from '../../../shared/src/rutas';

interface Trozo {
  type: 'chunk';
  fileName: string;
  imports: string[];
  facadeModuleId: string | null;
}
interface Recurso {
  type: 'asset';
  fileName: string;
  source: string | Uint8Array;
}

export function paginaDeSesion(modulo = '/src/app/sesion.tsx', base = '/') {
  return {
    name: 'cuota-pagina-de-sesion',
    apply: 'build' as const,
    enforce: 'post' as const,
    generateBundle(
      this: { emitFile: (f: { type: 'asset'; fileName: string; source: string }) => void },
      _opciones: unknown,
      bundle: Record<string, { type: string; fileName: string }>,
    ) {
      const archivos = Object.values(bundle);
      const trozos = new Map(archivos.filter((c): c is Trozo => c.type === 'chunk').map((c) => [c.fileName, c]));
      const indice = archivos.find((a): a is Recurso => a.type === 'asset' && a.fileName === 'index.html');
      const sesion = [...trozos.values()].find((c) => c.facadeModuleId?.endsWith(modulo));
      if (!indice || !sesion) throw new Error(`${PAGINA_DE_SESION}: no se encontró index.html o el trozo de ${modulo}`);
      const html = typeof indice.source === 'string' ? indice.source : new TextDecoder().decode(indice.source);
      const vistos = new Set<string>();
      const visitar = (f: string) => {
        if (vistos.has(f)) return;
        vistos.add(f);
        for (const i of trozos.get(f)?.imports ?? []) visitar(i);
      };
      visitar(sesion.fileName);
      const enlaces = [...vistos]
        .filter((f) => !html.includes(`${base}${f}"`))
        .map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}">`)
        .join('');
      this.emitFile({ type: 'asset', fileName: PAGINA_DE_SESION, source: html.replace('</head>', `${enlaces}</head>`) });
    },
  };
}
