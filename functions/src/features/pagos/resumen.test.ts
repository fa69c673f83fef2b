import { DEFAULT_TIMEZONE, fechaNegocio, sumarDias } from '@cuota/shared';
import { describe, expect, it } from 'vitest';
import { ADMIN, ANALISTA, apiEvent, call, COBRADOR } from '../../../test/events';
import { clienteConUsuario, creditoEnCartera, METODOS_PRUEBA } from '../../../test/pagos-fixtures';
import { tablaConAgregados } from '../../../test/agregados-fixtures';
import { handler as aprobar } from './aprobar-pago';
import { handler as resumen } from './obtener-resumen-pagos';
import { handler as rechazar } from './rechazar-pago';
import { handler as reportar } from './reportar-pago';

/*
 * The reconciliation summary reads the aggregates kept by the dashboard's stream consumer; this
 * file has a table of its own so that the figures are exactly its payments.
 */
const hoy = fechaNegocio(new Date(), DEFAULT_TIMEZONE);
const agregados = tablaConAgregados('cuota-pagos-resumen');

describe('GET /api/pagos/resumen', () => {
  it('cuenta los pendientes con su total y los conciliados hoy, de los agregados mantenidos por el stream', async () => {
    const { cliente, caller } = await clienteConUsuario();
    const credito = await creditoEnCartera({ cliente, desembolso: sumarDias(hoy, -20) });
    const montos = [10_000_00, 20_000_00, 40_000_00];
    const ids: string[] = [];
    for (const monto of montos) {
      const res = await call(
        reportar,
        apiEvent('reportar-pago', {
          caller,
          body: { credito_id: credito.id, monto_centimos: monto, fecha_pago: hoy, canal: METODOS_PRUEBA.sinReferencia },
        }),
      );
      ids.push(res.body.id);
    }
    expect((await call(aprobar, apiEvent('aprobar-pago', { caller: COBRADOR, params: { id: ids[0]! } }))).status).toBe(200);
    expect((await call(rechazar, apiEvent('rechazar-pago', { caller: ADMIN, params: { id: ids[1]! } }))).status).toBe(200);
    await agregados.entregar();

    const res = await call(resumen, apiEvent('obtener-resumen-pagos', { caller: ANALISTA }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      fecha: hoy,
      pendientes: 1,
      pendientes_centimos: 40_000_00,
      conciliados_hoy: 1,
      conciliados_hoy_centimos: 10_000_00,
    });
    expect((await call(resumen, apiEvent('obtener-resumen-pagos', { caller }))).status).toBe(403);
  });
});
