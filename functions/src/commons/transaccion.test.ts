import { ConflictError, CondicionFallida, TransaccionCancelada, TransaccionOcupada } from './errors';
import { describe, expect, it } from 'vitest';
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
      name: 'InternalServerError',
    });
    expect(b.llamadas).toHaveLength(INTENTOS + 1);
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
