import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRMAS, singletonsDuplicados } from './singletons';

const RAIZ = join(import.meta.dirname, '..');

/** A chunk as a bundler writes it: some code around a library's marker. */
const trozo = (marcador: string) => `var a=1;function b(){throw Error(\`${marcador}\`)}export{b as t};`;

describe('detector de singletons duplicados', () => {
  it('cada marcador está en el paquete instalado, en un solo archivo (si desaparece, el detector quedaría ciego)', () => {
    for (const f of FIRMAS) {
      const ruta = join(RAIZ, f.fuente);
      const archivos = statSync(ruta).isDirectory()
        ? readdirSync(ruta)
            .filter((n) => n.endsWith('.mjs'))
            .map((n) => join(ruta, n))
        : [ruta];
      const con = archivos.filter((a) => readFileSync(a, 'utf8').includes(f.marcador));
      expect(con, f.nombre).toHaveLength(1);
    }
  });

  it('una copia de cada biblioteca, aunque un archivo se descargue dos veces: nada duplicado', () => {
    const archivos = [
      { url: '/assets/index-a1.js', cuerpo: trozo(FIRMAS[0]!.marcador) + trozo(FIRMAS[1]!.marcador) },
      { url: '/assets/index-a1.js', cuerpo: trozo(FIRMAS[0]!.marcador) + trozo(FIRMAS[1]!.marcador) },
      { url: '/assets/zod-b2.js', cuerpo: trozo(FIRMAS.find((f) => f.nombre === 'zod')!.marcador).repeat(3) },
      { url: '/apps/portal/assets/portal-c3.js', cuerpo: 'export const x = 1;' },
    ];
    expect(singletonsDuplicados(archivos)).toEqual([]);
  });

  it('la misma biblioteca en la shell y en un remoto: la nombra con los dos archivos', () => {
    const zod = FIRMAS.find((f) => f.nombre === 'zod')!.marcador;
    const runtime = FIRMAS.find((f) => f.nombre === 'module-federation runtime')!.marcador;
    const archivos = [
      { url: '/assets/web-a1.js', cuerpo: trozo(zod) },
      { url: '/assets/federacion-b2.js', cuerpo: trozo(runtime) },
      { url: '/apps/portal/assets/portal-c3.js', cuerpo: trozo(zod) },
      { url: '/apps/portal/assets/utils-d4.js', cuerpo: trozo(runtime) },
      { url: '/apps/admin/assets/utils-e5.js', cuerpo: trozo(runtime) },
    ];
    expect(singletonsDuplicados(archivos)).toEqual([
      { nombre: 'zod', urls: ['/assets/web-a1.js', '/apps/portal/assets/portal-c3.js'] },
      {
        nombre: 'module-federation runtime',
        urls: ['/assets/federacion-b2.js', '/apps/portal/assets/utils-d4.js', '/apps/admin/assets/utils-e5.js'],
      },
    ]);
  });
});
