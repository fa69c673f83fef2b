import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { ddb, tableName } from '#commons/db';
import { itemFor } from '#commons/items';
import { keys } from '#commons/keys';
import { ADMIN, ANALISTA, apiEvent, call, COBRADOR } from '../../../test/events';
import { creditoAprobado, getItem, nuevoCliente, nuevoProducto } from '../../../test/lending-fixtures';
import { handler as documentos } from './obtener-documentos-credito';
import { handler as listar } from './listar-creditos';
import { handler as cuotas } from './listar-cuotas-credito';
import { handler as obtener } from './obtener-credito';
import { handler as pagos } from './listar-pagos-credito';

type Row = { id: string; estado: string; created_at: string };

/** Moves a stored credit to another estado the way the engine does: the whole item through itemFor. */
async function ponerEstado(id: string, estado: string) {
  const item = (await getItem(keys.credito(id)))!;
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: itemFor.credito({ ...(item as Parameters<typeof itemFor.credito>[0]), estado }),
    }),
  );
}

/** A pago as the payments feature stores it (gsi2 CREDITO#id#PAGOS). */
async function pago(
  credito: { id: string; numero_credito: string; cliente_id: string },
  estado: string,
  monto: number,
  fecha: string,
  referencia: string,
) {
  const created_at = new Date(`${fecha}T15:00:00Z`).toISOString();
  const id = ulid(Date.parse(created_at));
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: itemFor.pago({
        id,
        credito_id: credito.id,
        numero_credito: credito.numero_credito,
        cliente_id: credito.cliente_id,
        cliente_nombre: 'Prueba',
        monto_centimos: monto,
        fecha_pago: fecha,
        fecha_valor: fecha,
        referencia_pago: referencia,
        referencia_externa: null,
        canal: 'sinpe_movil',
        estado,
        moneda: 'CRC',
        aplicado_capital_centimos: estado === 'conciliado' ? monto - 1_000_00 : 0,
        aplicado_interes_centimos: estado === 'conciliado' ? 1_000_00 : 0,
        aplicado_mora_centimos: 0,
        created_at,
        ...(estado === 'conciliado' ? { conciliado_en: created_at } : {}),
      }),
    }),
  );
  return id;
}

describe('GET /api/creditos', () => {
  it('lista los más recientes primero entre todos los estados, pagina sin repetir y filtra por estado', async () => {
    const producto = await nuevoProducto();
    const a = (await creditoAprobado((await nuevoCliente()).id, producto.id)).credito;
    const b = (await creditoAprobado((await nuevoCliente()).id, producto.id)).credito;
    await ponerEstado(a.id, 'vencido');

    const vistos: Row[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 100 && !(vistos.some((x) => x.id === a.id) && vistos.some((x) => x.id === b.id)); i++) {
      const res = await call(
        listar,
        apiEvent('listar-creditos', { caller: COBRADOR, query: { limit: '3', ...(cursor ? { cursor } : {}) } }),
      );
      expect(res.status).toBe(200);
      vistos.push(...(res.body.items as Row[]));
      cursor = res.body.nextCursor ?? undefined;
      if (!cursor) break;
    }
    expect(vistos.map((x) => x.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(new Set(vistos.map((x) => x.id)).size).toBe(vistos.length);
    for (let i = 1; i < vistos.length; i++)
      expect(`${vistos[i - 1]!.created_at}#${vistos[i - 1]!.id}` > `${vistos[i]!.created_at}#${vistos[i]!.id}`).toBe(true);
    expect(new Set(vistos.map((x) => x.estado)).has('vencido')).toBe(true);

    const vencidos = await call(
      listar,
      apiEvent('listar-creditos', { caller: ADMIN, query: { estado: 'vencido', limit: '100' } }),
    );
    expect(vencidos.body.items.map((x: Row) => x.id)).toContain(a.id);
    expect(vencidos.body.items.every((x: Row) => x.estado === 'vencido')).toBe(true);
    const vigentes = await call(
      listar,
      apiEvent('listar-creditos', { caller: ADMIN, query: { estado: 'vigente', limit: '100' } }),
    );
    expect(vigentes.body.items.map((x: Row) => x.id)).toContain(b.id);
    expect(vigentes.body.items.map((x: Row) => x.id)).not.toContain(a.id);
  });

  it('busca por número de crédito o por nombre y apellido del cliente (prefijos, sin acentos), también con estado', async () => {
    const tag = `Qq${Date.now().toString(36)}`;
    const cliente = await nuevoCliente({ nombre: `Gabriela ${tag}`, apellido: 'Quesada Núñez' });
    const { credito } = await creditoAprobado(cliente.id, (await nuevoProducto()).id);
    const buscar = async (q: string, estado?: string) =>
      (
        await call(
          listar,
          apiEvent('listar-creditos', { caller: ANALISTA, query: { q, limit: '100', ...(estado ? { estado } : {}) } }),
        )
      ).body.items.map((x: Row) => x.id);
    expect(await buscar(credito.numero_credito.toLowerCase())).toContain(credito.id);
    expect(await buscar(credito.numero_credito.slice(-6))).toContain(credito.id);
    expect(await buscar(tag.toLowerCase())).toEqual([credito.id]);
    expect(await buscar(`${tag} nunez`)).toEqual([credito.id]);
    expect(await buscar(`${tag} quesa`)).toEqual([credito.id]);
    expect(await buscar(`${tag} rojas`)).toEqual([]);
    expect(await buscar(tag, 'vigente')).toEqual([credito.id]);
    expect(await buscar(tag, 'cancelado')).toEqual([]);
  });

  it('un cliente sin rol no puede listar créditos y los filtros inválidos responden 400', async () => {
    expect((await call(listar, apiEvent('listar-creditos', { caller: { sub: 'sin-rol' } }))).status).toBe(403);
    expect(
      (await call(listar, apiEvent('listar-creditos', { caller: ADMIN, query: { estado: 'moroso' } }))).body.details,
    ).toEqual({ estado: 'Estado inválido' });
    expect((await call(listar, apiEvent('listar-creditos', { caller: ADMIN, query: { cursor: 'nope' } }))).status).toBe(400);
  });
});

describe('GET /api/creditos/{id}', () => {
  it('incluye cliente, producto (nombre, código) y el progreso de pago: el capital amortizado sobre el principal', async () => {
    const cliente = await nuevoCliente({ nombre: 'Kattia', apellido: 'Solano' });
    const producto = await nuevoProducto({ nombre: 'Crédito Personal Prueba' });
    const { credito } = await creditoAprobado(cliente.id, producto.id, 600_000_00, 6);
    let res = await call(obtener, apiEvent('obtener-credito', { caller: COBRADOR, params: { id: credito.id } }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: credito.id,
      progreso_pago: '0.0',
      total_pagado_centimos: 0,
      cliente: { id: cliente.id, nombre: 'Kattia', apellido: 'Solano', email: cliente.email },
      producto: { id: producto.id, nombre: 'Crédito Personal Prueba', codigo: producto.codigo },
      producto_nombre: 'Crédito Personal Prueba',
      metodo_amortizacion: 'cuota_nivelada',
    });
    // reconciled payments lower saldo_capital by what they applied to capital (and add their
    // interest and mora to total_pagado_centimos, which the progress does not count)
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.credito(credito.id),
        UpdateExpression: 'SET total_pagado_centimos = :t, saldo_capital_centimos = :s',
        ExpressionAttributeValues: { ':t': 250_000_00, ':s': 387_654_33 },
      }),
    );
    res = await call(obtener, apiEvent('obtener-credito', { caller: COBRADOR, params: { id: credito.id } }));
    expect(res.body.progreso_pago).toBe('35.4');
  });

  it('responde 404 "Crédito no encontrado" en el detalle, las cuotas, los pagos y los documentos', async () => {
    for (const [h, id] of [
      [obtener, 'obtener-credito'],
      [cuotas, 'listar-cuotas-credito'],
      [pagos, 'listar-pagos-credito'],
      [documentos, 'obtener-documentos-credito'],
    ] as const) {
      expect(await call(h, apiEvent(id, { caller: ADMIN, params: { id: 'NOEXISTE' } }))).toMatchObject({
        status: 404,
        body: { message: 'Crédito no encontrado' },
      });
    }
  });
});

describe('GET /api/creditos/{id}/cuotas y /pagos', () => {
  it('la tabla va en orden de número de cuota y pagina', async () => {
    const { credito } = await creditoAprobado((await nuevoCliente()).id, (await nuevoProducto()).id, 400_000_00, 8);
    const first = await call(
      cuotas,
      apiEvent('listar-cuotas-credito', { caller: COBRADOR, params: { id: credito.id }, query: { limit: '5' } }),
    );
    expect(first.body.items.map((c: { numero_cuota: number }) => c.numero_cuota)).toEqual([1, 2, 3, 4, 5]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const rest = await call(
      cuotas,
      apiEvent('listar-cuotas-credito', {
        caller: COBRADOR,
        params: { id: credito.id },
        query: { limit: '5', cursor: first.body.nextCursor },
      }),
    );
    expect(rest.body.items.map((c: { numero_cuota: number }) => c.numero_cuota)).toEqual([6, 7, 8]);
    for (const c of [...first.body.items, ...rest.body.items]) expect(c.credito_id).toBe(credito.id);
  });

  it('los pagos del crédito van del más reciente al más antiguo y solo los de ese crédito', async () => {
    const producto = await nuevoProducto();
    const { credito } = await creditoAprobado((await nuevoCliente()).id, producto.id);
    const { credito: otro } = await creditoAprobado((await nuevoCliente()).id, producto.id);
    const viejo = await pago(credito, 'conciliado', 50_000_00, '2026-01-10', 'PAGO-A');
    const nuevo = await pago(credito, 'registrado', 45_000_00, '2026-02-10', 'PAGO-B');
    await pago(otro, 'conciliado', 45_000_00, '2026-02-11', 'PAGO-C');
    const res = await call(pagos, apiEvent('listar-pagos-credito', { caller: COBRADOR, params: { id: credito.id } }));
    expect(res.body.items.map((p: { id: string }) => p.id)).toEqual([nuevo, viejo]);
    expect(res.body.items[0]).not.toHaveProperty('gsi2pk');
  });
});

describe('GET /api/creditos/{id}/documentos', () => {
  it('da los datos del contrato (cliente, producto, términos, resumen de cuotas, prestamista) y solo los pagos conciliados como comprobantes', async () => {
    const cliente = await nuevoCliente({ nombre: 'Ivannia', apellido: 'Murillo' });
    const producto = await nuevoProducto({ tasa_interes_anual: '24.00', tasa_moratoria_anual: '31.20', dias_tolerancia: 3 });
    const { credito } = await creditoAprobado(cliente.id, producto.id, 1_000_000_00, 12);
    await pago(credito, 'conciliado', 94_559_60, '2026-03-01', 'PAGO-X1');
    await pago(credito, 'revertido', 94_559_60, '2026-03-02', 'PAGO-X2');
    await pago(credito, 'registrado', 94_559_60, '2026-03-03', 'PAGO-X3');
    const res = await call(documentos, apiEvent('obtener-documentos-credito', { caller: COBRADOR, params: { id: credito.id } }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      prestamista: { nombre: 'Cuota' },
      contrato: {
        numero_credito: credito.numero_credito,
        cliente: {
          nombre: 'Ivannia',
          apellido: 'Murillo',
          identidad_numero: cliente.identidad_numero,
          direccion: cliente.direccion,
        },
        producto: { codigo: producto.codigo },
        terminos: {
          monto_principal_centimos: 1_000_000_00,
          tasa_interes_anual: '24.00',
          tasa_moratoria_anual: '31.20',
          plazo_meses: 12,
          dias_tolerancia: 3,
        },
        resumen_cuotas: {
          cantidad: 12,
          primera_cuota_centimos: 94_559_60,
          total_capital_centimos: 1_000_000_00,
          total_a_pagar_centimos: 94_559_60 * 11 + 94_559_57,
          total_intereses_centimos: 94_559_60 * 11 + 94_559_57 - 1_000_000_00,
        },
      },
    });
    expect(res.body.comprobantes.map((c: { referencia_pago: string }) => c.referencia_pago)).toEqual(['PAGO-X1']);
    expect(res.body.comprobantes[0]).toMatchObject({
      monto_centimos: 94_559_60,
      aplicado_interes_centimos: 1_000_00,
      aplicado_capital_centimos: 93_559_60,
    });
  });
});
