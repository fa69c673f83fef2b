import { beforeAll } from 'vitest';
import { handler as consumidor } from '../src/features/dashboard/agregados-stream';
import { metodosDePrueba } from './pagos-fixtures';
import { LectorStream, tablaPropia } from './stream';

/**
 * A table of the test file's own (see tablaPropia) whose stream feeds the real aggregates
 * consumer, with the test payment methods on it. Call it at the top of the file: it registers the
 * `beforeAll`; `entregar()` hands the consumer every record written since its previous call.
 */
export function tablaConAgregados(prefijo: string): { entregar: () => Promise<void> } {
  let lector: LectorStream;
  beforeAll(async () => {
    const tabla = await tablaPropia(prefijo);
    lector = new LectorStream(tabla.streamArn);
    await metodosDePrueba();
  });
  return {
    async entregar() {
      const registros = await lector.nuevos();
      for (let i = 0; i < registros.length; i += 100) await consumidor({ Records: registros.slice(i, i + 100) } as never);
    },
  };
}
