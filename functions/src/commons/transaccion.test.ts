import { ConflictError, CondicionFallida, TransaccionCancelada, TransaccionOcupada } from './errors';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { dynamo, inyectarFallas, type Inyeccion } from '../../test/fallas';
import { ddb, tableName } from './db';
import {
  actualizar,
  conReintentos,
  escribirTransaccion,
  escribirUna,
  espera,
  INTENTOS,
  MAX_ACCIONES,
  put,
  type Accion,
} from './transaccion';

/** A TransactionCanceledException as the SDK throws it. */
function cancelada(...codes: string[]): Error {
  return Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
}

/** A fake send that answers with the given outcomes in order (an Error is thrown). */
function envios(...resultados: Array<Error | 'ok'>) {
  const llamadas: unknown[] = [];
  const enviar = async (input: unknown) => {
    llamadas.push(input);
    const r = resultados.shift() ?? 'ok';
    if (r !== 'ok') throw r;
    return {};
  };
  return { enviar, llamadas };
}

const ops = () => [
  put({ pk: 'A', sk: 'A' }, { condicion: 'attribute_not_exists(pk)', siFalla: new ConflictError('ya existe A', 'A') }),
  actualizar({ pk: 'B', sk: 'B' }, 'SET x = :x', { valores: { ':x': 1 }, condicion: 'attribute_exists(pk)' }),
  put({ pk: 'C', sk: 'C' }, { siFalla: () => new ConflictError('C cambió', 'C') }),
];

describe('escribirTransaccion', () => {
  it('reintenta un conflicto y escribe al siguiente intento', async () => {
    const { enviar, llamadas } = envios(cancelada('None', 'TransactionConflict', 'None'), 'ok');
    await escribirTransaccion(ops(), { enviar });
    expect(llamadas).toHaveLength(2);
    expect((llamadas[0] as { TransactItems: unknown[] }).TransactItems).toHaveLength(3);
  });

  it('reintenta el throttling de la transacción y del servicio', async () => {
    const throttling = Object.assign(new Error('slow down'), { name: 'ThrottlingException' });
    const { enviar, llamadas } = envios(cancelada('ThrottlingError', 'None', 'None'), throttling, 'ok');
    await escribirTransaccion(ops(), { enviar });
    expect(llamadas).toHaveLength(3);
  });

  it('lanza el error de la operación cuya condición falló', async () => {
    await expect(escribirTransaccion(ops(), envios(cancelada('ConditionalCheckFailed', 'None', 'None')))).rejects.toThrow(
      'ya existe A',
    );
    await expect(escribirTransaccion(ops(), envios(cancelada('None', 'None', 'ConditionalCheckFailed')))).rejects.toThrow(
      'C cambió',
    );
  });

  it('sin error propio, CondicionFallida con el índice y los motivos; no reintenta', async () => {
    const { enviar, llamadas } = envios(cancelada('None', 'ConditionalCheckFailed', 'TransactionConflict'));
    const error = await escribirTransaccion(ops(), { enviar }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CondicionFallida);
    expect(error).toBeInstanceOf(TransaccionCancelada);
    expect((error as CondicionFallida).indice).toBe(1);
    expect((error as CondicionFallida).motivos).toEqual(['None', 'ConditionalCheckFailed', 'TransactionConflict']);
    expect((error as CondicionFallida).status).toBe(409);
    expect(llamadas).toHaveLength(1);
  });

  it('agotados los intentos, TransaccionOcupada o el error pedido', async () => {
    const siempre = () => envios(...Array.from({ length: 10 }, () => cancelada('TransactionConflict', 'None', 'None')));
    const a = siempre();
    const error = await escribirTransaccion(ops(), { enviar: a.enviar, intentos: 3 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransaccionOcupada);
    expect((error as TransaccionOcupada).code).toBe('OCUPADO');
    expect(a.llamadas).toHaveLength(3);
    const b = siempre();
    await expect(
      escribirTransaccion(ops(), { enviar: b.enviar, intentos: 2, siOcupada: () => new ConflictError('ocupado', 'X') }),
    ).rejects.toThrow('ocupado');
    expect(b.llamadas).toHaveLength(2);
  });

  it('un InternalServerError (resultado incierto) se reenvía con el mismo ClientRequestToken, aparte de `intentos`, con su propio tope', async () => {
    const interno = () => Object.assign(new Error('Internal server error'), { name: 'InternalServerError' });
    const a = envios(interno(), interno(), 'ok');
    await escribirTransaccion(ops(), { enviar: a.enviar, intentos: 1 });
    const tokens = a.llamadas.map((i) => (i as { ClientRequestToken: string }).ClientRequestToken);
    expect(tokens).toHaveLength(3);
    expect(new Set(tokens).size).toBe(1);
    const b = envios(...Array.from({ length: 20 }, interno));
    await expect(escribirTransaccion(ops(), { enviar: b.enviar, intentos: 1 })).rejects.toMatchObject({
      status: 503,
      code: 'SERVICIO_SATURADO',
    });
    expect(b.llamadas).toHaveLength(INTENTOS + 1);
  });

  it('tras un resultado incierto, todo reenvío lleva el mismo ClientRequestToken: un throttling o un conflicto después no escribe dos veces', async () => {
    // DynamoDB's idempotency as documented (and as DynamoDB Local does, see below): a token that
    // committed answers success without writing again; a throttled send never ran.
    const interno = () => Object.assign(new Error('Internal server error'), { name: 'InternalServerError' });
    const throttling = () => Object.assign(new Error('slow down'), { name: 'ThrottlingException' });
    type Paso = 'escribe-y-interno' | 'throttling' | 'conflicto' | 'ok';
    const servicio = (...pasos: Paso[]) => {
      const estado = { saldo: 0, confirmados: new Set<string>(), tokens: [] as string[] };
      const enviar = async (input: { ClientRequestToken?: string }) => {
        const token = input.ClientRequestToken ?? '';
        estado.tokens.push(token);
        const paso = pasos.shift() ?? 'ok';
        // a conflict with another transaction touching the same items, answered before the token
        // is looked at (the stricter reading: the write must still not happen twice)
        if (paso === 'throttling') throw throttling();
        if (paso === 'conflicto') throw cancelada('TransactionConflict', 'None', 'None');
        if (estado.confirmados.has(token)) return {};
        estado.saldo += 100;
        estado.confirmados.add(token);
        if (paso === 'escribe-y-interno') throw interno();
        return {};
      };
      return { enviar, estado };
    };
    // intentos: 1 too (callers that re-read and rebuild on TransaccionOcupada): the throttle after
    // the uncertain send must not end the call as "busy", or the caller's rebuilt send commits again
    for (const intentos of [undefined, 1]) {
      for (const despues of [['throttling'], ['conflicto'], ['throttling', 'conflicto', 'throttling']] as Paso[][]) {
        const { enviar, estado } = servicio('escribe-y-interno', ...despues, 'ok');
        await escribirTransaccion(ops(), { enviar, ...(intentos ? { intentos } : {}) });
        expect(estado.saldo).toBe(100);
        expect(estado.confirmados.size).toBe(1);
        expect(new Set(estado.tokens).size).toBe(1);
        expect(estado.tokens).toHaveLength(despues.length + 2);
      }
    }
    // never settled: a 503 (the client's retry with its Idempotency-Key is safe), never TransaccionOcupada
    const { enviar, estado } = servicio('escribe-y-interno', ...Array.from({ length: 20 }, (): Paso => 'throttling'));
    const error = await escribirTransaccion(ops(), { enviar, intentos: 1 }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(TransaccionOcupada);
    expect(error).toMatchObject({ status: 503, code: 'SERVICIO_SATURADO' });
    expect(estado.saldo).toBe(100);
    expect(new Set(estado.tokens).size).toBe(1);
  });

  it('antes de todo resultado incierto, un conflicto (que seguro no escribió) toma un token nuevo; un throttling lo conserva', async () => {
    const throttling = Object.assign(new Error('slow down'), { name: 'ThrottlingException' });
    const { enviar, llamadas } = envios(cancelada('TransactionConflict', 'None', 'None'), throttling, 'ok');
    await escribirTransaccion(ops(), { enviar });
    const tokens = llamadas.map((i) => (i as { ClientRequestToken: string }).ClientRequestToken);
    expect(tokens[0]).not.toBe(tokens[1]);
    expect(tokens[1]).toBe(tokens[2]);
  });

  it('cualquier otro error sale como vino', async () => {
    const otro = Object.assign(new Error('bad'), { name: 'ValidationException' });
    await expect(escribirTransaccion(ops(), envios(otro))).rejects.toBe(otro);
    const tamaño = cancelada('None', 'ItemCollectionSizeLimitExceeded', 'None');
    await expect(escribirTransaccion(ops(), envios(tamaño))).rejects.toBe(tamaño);
  });

  it('acepta acciones crudas y rechaza más de 100', async () => {
    const cruda: Accion = { Put: { TableName: 't', Item: { pk: 'x', sk: 'x' } } };
    const { enviar, llamadas } = envios('ok');
    await escribirTransaccion([cruda, ...ops()], { enviar });
    expect((llamadas[0] as { TransactItems: unknown[] }).TransactItems[0]).toBe(cruda);
    const muchas = Array.from({ length: MAX_ACCIONES + 1 }, () => cruda);
    await expect(escribirTransaccion(muchas, envios())).rejects.toThrow(/101/);
  });
});

describe('escribirTransaccion en DynamoDB Local: idempotencia del ClientRequestToken', () => {
  let inyeccion: Inyeccion | undefined;
  afterEach(() => {
    inyeccion?.restaurar();
    inyeccion = undefined;
  });
  const clave = () => ({ pk: `PRUEBA#token#${randomUUID()}`, sk: 'SALDO' });
  const abono = (key: Record<string, string>, condicion?: string) =>
    actualizar(key, 'ADD saldo :c', { valores: { ':c': 100 }, condicion });
  const saldo = async (key: Record<string, string>) =>
    ((await ddb.send(new GetCommand({ TableName: tableName(), Key: key }))).Item?.saldo as number | undefined) ?? 0;

  it('escrita y luego InternalServerError, después ThrottlingException, después éxito: una sola escritura (100, no 200)', async () => {
    const key = clave();
    inyeccion = inyectarFallas(ddb, [
      { comando: 'TransactWriteCommand', cuando: 'despues', veces: 1, error: dynamo.interno },
      { comando: 'TransactWriteCommand', saltar: 1, veces: 1, error: dynamo.throttling },
    ]);
    await escribirTransaccion([abono(key)]);
    expect(inyeccion.llamadas.get('TransactWriteCommand')).toBe(3);
    const tokens = inyeccion.recibidos.map((c) => (c.input as { ClientRequestToken?: string }).ClientRequestToken);
    expect(new Set(tokens).size).toBe(1);
    inyeccion.restaurar();
    inyeccion = undefined;
    expect(await saldo(key)).toBe(100);
  });

  it('lo que el emulador hace con un token: repetido tras escribir, éxito sin cambio; tras una cancelación, se ejecuta de nuevo; con otros elementos, IdempotentParameterMismatch', async () => {
    const key = clave();
    const enviar = (elementos: ReturnType<typeof abono>[], token: string) =>
      ddb.send(new TransactWriteCommand({ TransactItems: elementos.map((e) => e.accion), ClientRequestToken: token }));
    const token = randomUUID();
    await enviar([abono(key)], token);
    await enviar([abono(key)], token);
    expect(await saldo(key)).toBe(100);
    await expect(enviar([abono(clave())], token)).rejects.toMatchObject({ name: 'IdempotentParameterMismatchException' });
    // saldo > 100 fails at 100 (cancelled), holds at 200: the same token then runs, it was not used up
    const otro = randomUUID();
    const cancelado = [abono(key, 'saldo > :c')];
    await expect(enviar(cancelado, otro)).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    await enviar([abono(key)], randomUUID());
    await enviar(cancelado, otro);
    expect(await saldo(key)).toBe(300);
  });
});

describe('escribirUna', () => {
  it('mapea ConditionalCheckFailed al error de la operación y reintenta el throttling', async () => {
    const ccf = Object.assign(new Error('ccf'), { name: 'ConditionalCheckFailedException' });
    const throttling = Object.assign(new Error('slow'), { name: 'ProvisionedThroughputExceededException' });
    const { enviar, llamadas } = envios(throttling, ccf);
    await expect(escribirUna(ops()[0]!, { enviar })).rejects.toThrow('ya existe A');
    expect(llamadas).toHaveLength(2);
  });
});

describe('conReintentos', () => {
  it('repite la ronda mientras la transacción se cancela, y agota con el error pedido', async () => {
    let rondas = 0;
    const r = await conReintentos(
      async () => {
        rondas++;
        if (rondas < 3) throw new CondicionFallida(0, ['ConditionalCheckFailed']);
        return 'hecho';
      },
      { intentos: 5, siAgota: () => new Error('agotado') },
    );
    expect(r).toBe('hecho');
    await expect(
      conReintentos(
        async () => {
          throw new TransaccionOcupada([]);
        },
        { intentos: 2, siAgota: () => new Error('agotado') },
      ),
    ).rejects.toThrow('agotado');
    await expect(
      conReintentos(
        async () => {
          throw new ConflictError('otro');
        },
        { intentos: 2, siAgota: () => new Error('agotado') },
      ),
    ).rejects.toThrow('otro');
  });
});

describe('espera', () => {
  it('crece exponencialmente con jitter y tiene tope', () => {
    for (let i = 0; i < 20; i++) {
      expect(espera(i)).toBeGreaterThanOrEqual(10);
      expect(espera(i)).toBeLessThanOrEqual(10 + Math.min(640, 20 * 2 ** i));
    }
  });
});
