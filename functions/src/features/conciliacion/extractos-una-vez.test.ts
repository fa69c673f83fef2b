import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { escribirTransaccion, type Accion, type Elemento } from '#commons/transaccion';
import { ADMIN, call, COBRADOR } from '../../../test/events';
import { csvBN, escenario, ev, hoy, montoUnico, movimientosPago, reportado, subirCsv } from '../../../test/extractos-fixtures';
import { metodosDePrueba } from '../../../test/pagos-fixtures';
import { handler as aplicar } from './aplicar-linea-extracto';
import { handler as confirmar } from './confirmar-lineas-extracto';
import { handler as listar } from './listar-extractos';
import { handler as obtener } from './obtener-extracto';
import { handler as subir } from './subir-extracto';
import { lineaAplicada } from './store';

/**
 * A failure between the counter payment and the line's change to aplicada (a throttled write, a
 * lost answer after the commit): the bank line must still pay once, whoever applies it next.
 */
const fallo = vi.hoisted(() => ({ activo: false, listo: false }));

vi.mock('#commons/transaccion', async (original) => {
  const real = await original<typeof import('#commons/transaccion')>();
  const accionDe = (e: Elemento): Accion => ('accion' in e ? e.accion : e);
  const marcaAplicada = (a: Accion) => a.Update?.ExpressionAttributeValues?.[':e'] === 'aplicada';
  const perdida = () => Object.assign(new Error('socket hang up'), { name: 'TimeoutError' });
  return {
    ...real,
    // a separate write of the line fails before it is written
    escribirUna: async (e: Elemento, opc?: Parameters<typeof real.escribirUna>[1]) => {
      // an upload that dies before its header is marked listo (half-loaded)
      if (fallo.listo && accionDe(e).Update?.ExpressionAttributeValues?.[':listo'] === 'listo') {
        fallo.listo = false;
        throw perdida();
      }
      if (fallo.activo && marcaAplicada(accionDe(e))) {
        fallo.activo = false;
        throw perdida();
      }
      return real.escribirUna(e, opc);
    },
    // a transaction that carries the line commits, and its answer is lost
    escribirTransaccion: async (es: readonly Elemento[], opc?: Parameters<typeof real.escribirTransaccion>[1]) => {
      await real.escribirTransaccion(es, opc);
      if (fallo.activo && es.some((e) => marcaAplicada(accionDe(e)))) {
        fallo.activo = false;
        throw perdida();
      }
    },
  };
});

beforeAll(async () => {
  await metodosDePrueba();
});

describe('aplicar una línea del extracto: una sola vez', () => {
  it('una falla entre el pago y la línea: el reintento devuelve el mismo pago y otra persona recibe 409; un solo pago', async () => {
    const [uno, otro] = [await escenario(), await escenario()];
    const monto = montoUnico();
    const ext = (await subirCsv(csvBN([[hoy, `BN${randomInt(1e9, 9e9)}`, 'DEPOSITO', monto]]))).body;
    const aplicarA = (caller: typeof ADMIN, creditoId: string) =>
      call(
        aplicar,
        ev('aplicar-linea-extracto', {
          caller,
          params: { id: ext.id, n: '2' },
          body: { credito_id: creditoId, canal: 'transferencia' },
        }),
      );
    fallo.activo = true;
    const primero = await aplicarA(ADMIN, uno.credito.id);
    expect(primero.status).toBe(500);
    const otraPersona = await aplicarA(COBRADOR, otro.credito.id);
    expect(otraPersona.status, JSON.stringify(otraPersona.body)).toBe(409);
    expect(otraPersona.body.code).toBe('LINEA_YA_APLICADA');
    const reintento = await aplicarA(ADMIN, uno.credito.id);
    expect(reintento.status).toBe(201);
    expect(await movimientosPago(otro.credito.id)).toHaveLength(0);
    const movs = await movimientosPago(uno.credito.id);
    expect(movs).toHaveLength(1);
    expect(movs[0]).toMatchObject({ pago_id: reintento.body.id, monto_centimos: monto });
    const detalle = await call(obtener, ev('obtener-extracto', { params: { id: ext.id } }));
    expect(detalle.body.lineas[0]).toMatchObject({ estado: 'aplicada', pago_id: reintento.body.id });
  });

  it('dos personas a la vez, a créditos distintos: una aplica (201), la otra 409; un solo pago entre los dos créditos', async () => {
    const [uno, otro] = [await escenario(), await escenario()];
    const ext = (await subirCsv(csvBN([[hoy, `BN${randomInt(1e9, 9e9)}`, 'DEPOSITO', montoUnico()]]))).body;
    const res = await Promise.all(
      [
        [ADMIN, uno.credito.id],
        [COBRADOR, otro.credito.id],
      ].map(([caller, creditoId]) =>
        call(
          aplicar,
          ev('aplicar-linea-extracto', {
            caller: caller as typeof ADMIN,
            params: { id: ext.id, n: '2' },
            body: { credito_id: creditoId, canal: 'sinpe_movil' },
          }),
        ),
      ),
    );
    expect(res.map((r) => r.status).sort(), JSON.stringify(res.map((r) => r.body))).toEqual([201, 409]);
    const movs = [...(await movimientosPago(uno.credito.id)), ...(await movimientosPago(otro.credito.id))];
    expect(movs).toHaveLength(1);
    expect(movs[0]!.pago_id).toBe(res.find((r) => r.status === 201)!.body.id);
  });

  it('una carga a medias: confirmar y aplicar → 409 hasta completarla; subir el mismo archivo otra vez no reescribe una línea ya aplicada', async () => {
    const { caller, credito } = await escenario();
    const [monto, otroMonto] = [montoUnico(), montoUnico()];
    const ref = `FT${randomInt(1e9, 9e9)}`;
    await reportado(caller, credito.id, monto, ref);
    const contenido = csvBN([
      [hoy, ref, `SINPE ${ref}`, monto],
      [hoy, `BN${randomInt(1e9, 9e9)}`, 'DEPOSITO', otroMonto],
    ]);
    const nombre = `extracto-${randomInt(1e9, 9e9)}.csv`;
    const subirMismo = () =>
      call(subir, ev('subir-extracto', { caller: COBRADOR, body: { banco: 'bn', nombre_archivo: nombre, contenido } }));
    fallo.listo = true;
    expect((await subirMismo()).status).toBe(500);
    const id = (await call(listar, ev('listar-extractos', { query: { limit: '1' } }))).body.items[0].id as string;
    const aplicarLinea = (n: string) =>
      call(
        aplicar,
        ev('aplicar-linea-extracto', { params: { id, n }, body: { credito_id: credito.id, canal: 'transferencia' } }),
      );
    const incompleto = await aplicarLinea('3');
    expect([incompleto.status, incompleto.body.code]).toEqual([409, 'EXTRACTO_INCOMPLETO']);
    expect(incompleto.body.message).toBe('La carga de este extracto no terminó; suba el mismo archivo otra vez para completarla');
    const sinConfirmar = await call(confirmar, ev('confirmar-lineas-extracto', { params: { id }, body: { lineas: [2] } }));
    expect([sinConfirmar.status, sinConfirmar.body.code]).toEqual([409, 'EXTRACTO_INCOMPLETO']);
    expect(await movimientosPago(credito.id)).toHaveLength(0);
    // a line processed while the upload was half-way (an apply that slipped in before the check)
    await escribirTransaccion([
      lineaAplicada(id, 3, { pago_id: 'PAGO-PREVIO', procesada_por: 'x', procesada_en: hoy, aplicada_por: 'x' }, async () =>
        Error('no'),
      ),
    ]);
    const reanudado = await subirMismo();
    expect(reanudado.status, JSON.stringify(reanudado.body)).toBe(201);
    expect(reanudado.body.id).toBe(id);
    const detalle = await call(obtener, ev('obtener-extracto', { params: { id } }));
    expect(detalle.body.lineas[1]).toMatchObject({ n: 3, estado: 'aplicada', pago_id: 'PAGO-PREVIO' });
    expect(detalle.body.lineas[0]).toMatchObject({ n: 2, estado: 'coincidencia' });
    const otraVez = await aplicarLinea('3');
    expect([otraVez.status, otraVez.body.code]).toEqual([409, 'LINEA_YA_APLICADA']);
    const ahora = await call(confirmar, ev('confirmar-lineas-extracto', { params: { id }, body: { lineas: [2] } }));
    expect(ahora.body.resultados[0]).toMatchObject({ n: 2, ok: true });
    expect(await movimientosPago(credito.id)).toHaveLength(1);
  });
});
