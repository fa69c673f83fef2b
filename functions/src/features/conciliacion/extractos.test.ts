import { sumarDias } from '@cuota/shared';
import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ANALISTA, call, COBRADOR } from '../../../test/events';
import {
  csvBN,
  ddmm,
  escenario,
  esCR,
  ev,
  hoy,
  montoUnico,
  movimientosPago,
  reportado,
  subirCsv,
} from '../../../test/extractos-fixtures';
import { metodosDePrueba, pagosDeCredito } from '../../../test/pagos-fixtures';
import { handler as aplicar } from './aplicar-linea-extracto';
import { MAPEOS_PREDETERMINADOS } from './csv';
import { handler as confirmar } from './confirmar-lineas-extracto';
import { handler as guardarMapeo } from './guardar-mapeo-extracto';
import { handler as listar } from './listar-extractos';
import { handler as obtener } from './obtener-extracto';
import { handler as obtenerMapeo } from './obtener-mapeo-extracto';

beforeAll(async () => {
  await metodosDePrueba();
});

describe('extractos bancarios', () => {
  it('sube un extracto BN: la línea con la referencia SINPE del cliente y el mismo monto coincide (alta); la otra queda sin coincidencia', async () => {
    const { caller, credito } = await escenario();
    const monto = montoUnico();
    const ref = `FT${randomInt(1e9, 9e9)}`;
    const pago = await reportado(caller, credito.id, monto, ref);
    const res = await subirCsv(
      csvBN([
        [hoy, ref, `SINPE MOVIL ${ref} CUOTA`, monto],
        [hoy, 'X', 'DEPOSITO SIN NOMBRE', montoUnico() + 1],
      ]),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ total_lineas: 2, creditos: 2, coincidencias: 1, sin_coincidencia: 1, ya_procesadas: 0 });
    const [l1, l2] = res.body.lineas;
    expect(l1).toMatchObject({ n: 2, estado: 'coincidencia', candidato: { pago_id: pago.id, confianza: 'alta', puntaje: 100 } });
    expect(l2).toMatchObject({ n: 3, estado: 'sin_coincidencia', candidato: null });
    const lista = await call(listar, ev('listar-extractos', { query: { limit: '5' } }));
    expect(lista.body.items[0].id).toBe(res.body.id);
  });

  it('un archivo con una línea mala → 400 con cada línea en español y nada guardado', async () => {
    const antes = (await call(listar, ev('listar-extractos', { query: { limit: '1' } }))).body.items[0]?.id;
    const res = await subirCsv(`${csvBN([[hoy, 'R1', 'BIEN', 1_000_00]])}\r\n31/02/2026;R2;MAL;;1.000,00;1,00`);
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({ linea_3: 'Línea 3: la fecha «31/02/2026» no es válida (formato dd/mm/aaaa)' });
    expect((await call(listar, ev('listar-extractos', { query: { limit: '1' } }))).body.items[0]?.id).toBe(antes);
  });

  it('confirmar en lote aprueba el pago en la fecha del banco; confirmar otra vez, o dos veces a la vez, lo aplica una sola vez', async () => {
    const { caller, credito } = await escenario();
    const monto = montoUnico();
    const ref = `SINPE${randomInt(1e9, 9e9)}`;
    const pago = await reportado(caller, credito.id, monto, ref, sumarDias(hoy, -1));
    const ext = (await subirCsv(csvBN([[hoy, ref, 'TRANSFERENCIA', monto]]))).body;
    const carrera = await Promise.all(
      [ADMIN, COBRADOR].map((c) =>
        call(confirmar, ev('confirmar-lineas-extracto', { caller: c, params: { id: ext.id }, body: { lineas: [2] } })),
      ),
    );
    const [a, b] = [carrera[0]!, carrera[1]!];
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([200, 200]);
    expect(a.body.resultados[0], JSON.stringify([a.body, b.body])).toMatchObject({ n: 2, ok: true, pago_id: pago.id });
    expect(b.body.resultados[0]).toMatchObject({ n: 2, ok: true, pago_id: pago.id });
    const otra = await call(confirmar, ev('confirmar-lineas-extracto', { params: { id: ext.id }, body: { lineas: [2, 2] } }));
    expect(otra.body.resultados).toEqual([{ n: 2, ok: true, pago_id: pago.id, code: null, message: null }]);
    const movs = await movimientosPago(credito.id);
    expect(movs).toHaveLength(1);
    expect(movs[0]).toMatchObject({ pago_id: pago.id, fecha_valor: hoy, monto_centimos: monto });
    const pagos = await pagosDeCredito(credito.id);
    expect(pagos.find((p) => p.id === pago.id)).toMatchObject({ estado: 'conciliado', fecha_valor: hoy });
    const detalle = await call(obtener, ev('obtener-extracto', { params: { id: ext.id } }));
    expect(detalle.body.lineas[0]).toMatchObject({ estado: 'conciliada', pago_id: pago.id });
  });

  it('el mismo archivo otra vez → 409; la misma línea en otro archivo → ya_procesada, sin candidato', async () => {
    const { caller, credito } = await escenario();
    const monto = montoUnico();
    const ref = `FT${randomInt(1e9, 9e9)}`;
    await reportado(caller, credito.id, monto, ref);
    const contenido = csvBN([[hoy, ref, 'SINPE', monto]], 5_000_00);
    const primero = await subirCsv(contenido);
    expect(primero.status).toBe(201);
    const repetido = await subirCsv(`${contenido}\r\n`);
    expect(repetido.status).toBe(409);
    expect(repetido.body.code).toBe('EXTRACTO_REPETIDO');
    const otro = `${contenido}\r\n${ddmm(hoy)};OTRA;OTRO DEPOSITO;;1,00;${esCR(5_000_00 + monto + 1)}`;
    const segundo = await subirCsv(otro);
    expect(segundo.status).toBe(201);
    expect(segundo.body.lineas[0]).toMatchObject({
      estado: 'ya_procesada',
      candidato: null,
      original: { extracto_id: primero.body.id, n: 2 },
    });
    const noConfirma = await call(
      confirmar,
      ev('confirmar-lineas-extracto', { params: { id: segundo.body.id }, body: { lineas: [2] } }),
    );
    expect(noConfirma.body.resultados[0]).toMatchObject({ ok: false, code: 'LINEA_NO_CONFIRMABLE' });
  });

  it('una línea sin coincidencia se aplica como pago en ventanilla al crédito elegido, una sola vez (también a la vez)', async () => {
    const { credito } = await escenario();
    const monto = montoUnico();
    const ref = `BN${randomInt(1e9, 9e9)}`;
    const ext = (await subirCsv(csvBN([[hoy, ref, 'DEPOSITO DE TERCERO', monto]]))).body;
    expect(ext.lineas[0].estado).toBe('sin_coincidencia');
    const cuerpo = { credito_id: credito.id, canal: 'sinpe_movil' };
    const intentos = await Promise.all(
      [ADMIN, COBRADOR, ADMIN].map((c) =>
        call(aplicar, ev('aplicar-linea-extracto', { caller: c, params: { id: ext.id, n: '2' }, body: cuerpo })),
      ),
    );
    const exitos = intentos.filter((r) => r.status === 201);
    expect(exitos.length).toBeGreaterThanOrEqual(1);
    expect(new Set(exitos.map((r) => r.body.id)).size).toBe(1);
    for (const r of intentos.filter((x) => x.status !== 201)) expect(r.status).toBe(409);
    const pago = exitos[0]!.body;
    expect(pago).toMatchObject({
      estado: 'conciliado',
      canal: 'sinpe_movil',
      fecha_pago: hoy,
      referencia_pago: ref,
      monto_centimos: monto,
    });
    // the one who applied it, again (a retry): the same payment; anyone else: 409
    const quien = [ADMIN, COBRADOR, ADMIN][intentos.findIndex((r) => r.status === 201)]!;
    const otraVez = await call(
      aplicar,
      ev('aplicar-linea-extracto', { caller: quien, params: { id: ext.id, n: '2' }, body: cuerpo }),
    );
    expect([otraVez.status, otraVez.body.id]).toEqual([201, pago.id]);
    const otro = quien === ADMIN ? COBRADOR : ADMIN;
    const otra = await call(
      aplicar,
      ev('aplicar-linea-extracto', { caller: otro, params: { id: ext.id, n: '2' }, body: cuerpo }),
    );
    expect(otra.status).toBe(409);
    expect(otra.body.code).toBe('LINEA_YA_APLICADA');
    expect(await movimientosPago(credito.id)).toHaveLength(1);
    const detalle = await call(obtener, ev('obtener-extracto', { params: { id: ext.id } }));
    expect(detalle.body.lineas[0]).toMatchObject({ estado: 'aplicada', pago_id: pago.id });
  });

  it('aplicar una línea que se parece a un pago reportado pendiente (aun baja) → 409 «Posible duplicado» con el pago, salvo forzar', async () => {
    const { caller, credito } = await escenario();
    const monto = montoUnico();
    const ref = `FT${randomInt(1e9, 9e9)}`;
    // the customer reported the same transfer with another amount: a low-confidence candidate
    const pago = await reportado(caller, credito.id, monto + 5_00, ref);
    const ext = (await subirCsv(csvBN([[hoy, ref, `SINPE ${ref}`, monto]]))).body;
    expect(ext.lineas[0]).toMatchObject({ estado: 'coincidencia', candidato: { pago_id: pago.id, confianza: 'baja' } });
    const cuerpo = { credito_id: credito.id, canal: 'transferencia' };
    const aviso = await call(aplicar, ev('aplicar-linea-extracto', { params: { id: ext.id, n: '2' }, body: cuerpo }));
    expect(aviso.status).toBe(409);
    expect(aviso.body.code).toBe('POSIBLE_DUPLICADO');
    expect(aviso.body.message).toMatch(/^Posible duplicado: el pago reportado /);
    expect(aviso.body.details).toMatchObject({ pago_id: pago.id, confianza: 'baja' });
    expect(await movimientosPago(credito.id)).toHaveLength(0);
    const forzado = await call(
      aplicar,
      ev('aplicar-linea-extracto', { params: { id: ext.id, n: '2' }, body: { ...cuerpo, forzar: true } }),
    );
    expect(forzado.status).toBe(201);
    // the reported payment is still pending: the applied line is flagged on the reconciliation screen
    const detalle = await call(obtener, ev('obtener-extracto', { params: { id: ext.id } }));
    expect(detalle.body.lineas[0]).toMatchObject({ estado: 'aplicada', posible_duplicado: { pago_id: pago.id } });
  });

  it('un pago reportado después de aplicar la línea, con la misma referencia y monto → la línea aplicada lo señala como posible duplicado', async () => {
    const { caller, credito } = await escenario();
    const monto = montoUnico();
    const ref = `BN${randomInt(1e9, 9e9)}`;
    const ext = (await subirCsv(csvBN([[hoy, ref, 'DEPOSITO', monto]]))).body;
    const cuerpo = { credito_id: credito.id, canal: 'transferencia' };
    expect((await call(aplicar, ev('aplicar-linea-extracto', { params: { id: ext.id, n: '2' }, body: cuerpo }))).status).toBe(
      201,
    );
    const antes = await call(obtener, ev('obtener-extracto', { params: { id: ext.id } }));
    expect(antes.body.lineas[0]).toMatchObject({ estado: 'aplicada', posible_duplicado: null });
    const pago = await reportado(caller, credito.id, monto, ref);
    const despues = await call(obtener, ev('obtener-extracto', { params: { id: ext.id } }));
    expect(despues.body.lineas[0].posible_duplicado).toMatchObject({ pago_id: pago.id, confianza: 'alta' });
  });

  it('una línea que no existe → 404; un extracto que no existe → 404', async () => {
    const ext = (await subirCsv(csvBN([[hoy, 'R', 'D', montoUnico()]]))).body;
    const sinLinea = await call(
      aplicar,
      ev('aplicar-linea-extracto', { params: { id: ext.id, n: '99' }, body: { credito_id: 'X' } }),
    );
    expect(sinLinea.status).toBe(404);
    const sin = await call(obtener, ev('obtener-extracto', { params: { id: 'NOEXISTE' } }));
    expect(sin.status).toBe(404);
  });

  it('el formato de cada banco: predeterminado, editable y guardado (solo admin)', async () => {
    const antes = await call(obtenerMapeo, ev('obtener-mapeo-extracto', { params: { banco: 'generico' } }));
    expect(antes.body).toMatchObject({ banco: 'generico', separador: ',', decimal: '.' });
    const nuevo = {
      separador: ';',
      decimal: ',',
      formato_fecha: 'dd/mm/yyyy',
      filas_encabezado: 0,
      columnas: { fecha: 1, descripcion: 2, referencia: null, credito: 3, debito: null, saldo: null },
    };
    const put = await call(guardarMapeo, ev('guardar-mapeo-extracto', { params: { banco: 'generico' }, body: nuevo }));
    expect(put.status).toBe(200);
    const despues = await call(obtenerMapeo, ev('obtener-mapeo-extracto', { params: { banco: 'generico' } }));
    expect(despues.body).toEqual({ banco: 'generico', predeterminado: false, ...nuevo });
    const repetida = await call(
      guardarMapeo,
      ev('guardar-mapeo-extracto', {
        params: { banco: 'generico' },
        body: { ...nuevo, columnas: { ...nuevo.columnas, credito: 1 } },
      }),
    );
    expect(repetida.status).toBe(400);
    const ajeno = await call(obtenerMapeo, ev('obtener-mapeo-extracto', { caller: ANALISTA, params: { banco: 'bn' } }));
    expect(ajeno.status).toBe(403);
    const desconocido = await call(obtenerMapeo, ev('obtener-mapeo-extracto', { params: { banco: 'otro' } }));
    expect(desconocido.status).toBe(404);
    // back to the built-in layout, which other uploads of the generic bank expect
    expect(
      (
        await call(
          guardarMapeo,
          ev('guardar-mapeo-extracto', { params: { banco: 'generico' }, body: MAPEOS_PREDETERMINADOS.generico }),
        )
      ).status,
    ).toBe(200);
  });
});
