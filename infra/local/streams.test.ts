import { describe, expect, it } from 'vitest';
import { STREAM_CONSUMERS } from '@cuota/functions/manifest';
import { asLambdaRecord, matchesFilter } from './streams';

describe('asLambdaRecord', () => {
  it('devuelve los mapas vacíos como { M: {} }, también anidados, como los entrega el origen de eventos', () => {
    const record = asLambdaRecord({
      eventName: 'INSERT',
      dynamodb: {
        Keys: { pk: { S: 'A' } },
        NewImage: {
          pk: { S: 'A' },
          vacio: {} as never,
          lista: { L: [{} as never, { S: 'x' }] },
          mapa: { M: { dentro: {} as never } },
        },
      },
    });
    expect(record.dynamodb?.NewImage).toEqual({
      pk: { S: 'A' },
      vacio: { M: {} },
      lista: { L: [{ M: {} }, { S: 'x' }] },
      mapa: { M: { dentro: { M: {} } } },
    });
  });
});

describe('matchesFilter (filtros de los consumidores, como el origen de eventos en AWS)', () => {
  const filtro = (id: string) => STREAM_CONSUMERS.find((c) => c.id === id)!.filtro!;
  const campana = (o: Record<string, unknown>) => ({
    eventName: 'MODIFY',
    dynamodb: { NewImage: { tipo: { S: 'campana' }, estado: { S: 'enviando' }, ...o } },
  });

  it('el remitente recibe solo campañas en enviando con un despacho', () => {
    expect(matchesFilter(filtro('despachar-campanas'), campana({ despacho: { S: 'D1' } }))).toBe(true);
    expect(matchesFilter(filtro('despachar-campanas'), campana({}))).toBe(false);
    expect(matchesFilter(filtro('despachar-campanas'), campana({ despacho: { S: 'D1' }, estado: { S: 'completado' } }))).toBe(
      false,
    );
    expect(matchesFilter(filtro('despachar-campanas'), { ...campana({ despacho: { S: 'D1' } }), eventName: 'REMOVE' })).toBe(
      false,
    );
  });

  it('los segmentos reciben solo los agregados por cliente (prefijo de la clave)', () => {
    expect(matchesFilter(filtro('segmentos'), { dynamodb: { Keys: { pk: { S: 'AGG#SEGCLI#C1' }, sk: { S: 'RESUMEN' } } } })).toBe(
      true,
    );
    expect(matchesFilter(filtro('segmentos'), { dynamodb: { Keys: { pk: { S: 'AGG#CARTERA' }, sk: { S: 'RESUMEN' } } } })).toBe(
      false,
    );
  });
});
