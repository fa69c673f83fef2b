import { describe, expect, it } from 'vitest';
import { precargaFederada } from '../../../../shared/src/web/federation-config';
import { exposeDe } from './load-remote';

describe('precarga de un remoto', () => {
  it('el módulo de la página: ./portal, o el del primer segmento en el admin (los recibos son de créditos)', () => {
    expect(exposeDe('portal', '/portal')).toBe('./portal');
    expect(exposeDe('portal', '/portal/')).toBe('./portal');
    expect(exposeDe('portal', '/portal/pagos/p1/recibo')).toBe('./paginas');
    expect(exposeDe('portal', '/portal/nueva-solicitud')).toBe('./paginas');
    expect(exposeDe('admin', '/clientes/c1')).toBe('./clientes');
    expect(exposeDe('admin', '/pagos/p1/recibo')).toBe('./creditos');
  });

  it('precarga.json: lo que la entrada carga al iniciar y lo de cada módulo expuesto, sin las copias de respaldo', () => {
    const trozo = (
      fileName: string,
      imports: string[] = [],
      dynamicImports: string[] = [],
      facadeModuleId: string | null = null,
    ) => ({
      type: 'chunk',
      fileName,
      imports,
      dynamicImports,
      facadeModuleId,
    });
    const bundle = Object.fromEntries(
      [
        trozo('remoteEntry.js', ['assets/helpers.js'], ['assets/mapa.js', 'assets/clientes.js', 'assets/creditos.js']),
        trozo('assets/helpers.js'),
        trozo('assets/mapa.js', ['assets/utils.js', 'assets/x__prebuild__react.js']),
        trozo('assets/utils.js'),
        trozo('assets/x__prebuild__react.js'),
        trozo('assets/clientes.js', ['assets/comun-ui.js'], [], '/repo/admin-app/src/exposes/clientes.tsx'),
        trozo('assets/creditos.js', ['assets/comun-ui.js', 'assets/pdf.js'], [], '/repo/admin-app/src/exposes/creditos.tsx'),
        trozo('assets/comun-ui.js'),
        trozo('assets/pdf.js'),
        { type: 'asset', fileName: 'assets/a.css' },
      ].map((c) => [c.fileName, c]),
    );
    let emitido = '';
    const plugin = precargaFederada({ './clientes': './src/exposes/clientes.tsx', './creditos': './src/exposes/creditos.tsx' });
    plugin.generateBundle.call({ emitFile: (f) => void (emitido = f.source) }, {}, bundle);
    expect(JSON.parse(emitido)).toEqual({
      comun: ['assets/helpers.js', 'assets/mapa.js', 'assets/utils.js'],
      exposes: {
        './clientes': ['assets/clientes.js', 'assets/comun-ui.js'],
        './creditos': ['assets/creditos.js', 'assets/comun-ui.js', 'assets/pdf.js'],
      },
    });
  });
});
