import { describe, expect, it } from 'vitest';
import { paginaDeSesion } from './pagina-de-sesion';

describe('sesion.html', () => {
  it('es index.html con un modulepreload por cada trozo que la sesión importa, sin repetir los de index.html', () => {
    const trozo = (fileName: string, imports: string[] = [], facadeModuleId: string | null = null) => ({
      type: 'chunk',
      fileName,
      imports,
      facadeModuleId,
    });
    const bundle = Object.fromEntries(
      [
        {
          type: 'asset',
          fileName: 'index.html',
          source: '<head><link rel="modulepreload" crossorigin href="/assets/react.js"></head>',
        },
        trozo('assets/index.js', ['assets/react.js']),
        trozo('assets/react.js'),
        trozo('assets/sesion.js', ['assets/web.js', 'assets/react.js'], '/repo/shell-app/src/app/sesion.tsx'),
        trozo('assets/web.js', ['assets/ui.js']),
        trozo('assets/ui.js'),
        trozo('assets/landing.js', [], '/repo/shell-app/src/features/landing/index.ts'),
      ].map((c) => [c.fileName, c]),
    );
    const emitidos: Array<{ fileName: string; source: string }> = [];
    paginaDeSesion().generateBundle.call({ emitFile: (f) => void emitidos.push(f) }, {}, bundle);
    expect(emitidos).toEqual([
      {
        type: 'asset',
        fileName: 'sesion.html',
        source:
          '<head><link rel="modulepreload" crossorigin href="/assets/react.js">' +
          '<link rel="modulepreload" crossorigin href="/assets/sesion.js">' +
          '<link rel="modulepreload" crossorigin href="/assets/web.js">' +
          '<link rel="modulepreload" crossorigin href="/assets/ui.js"></head>',
      },
    ]);
  });
});
