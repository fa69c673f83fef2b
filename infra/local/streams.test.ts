import { describe, expect, it } from 'vitest';
import { asLambdaRecord } from './streams';

describe('asLambdaRecord', () => {
  it('devuelve los mapas vacíos como { M: {} }, también anidados, como los entrega el origen de eventos', () => {
    const record = asLambdaRecord({
      eventName: 'INSERT',
      dynamodb: {
        Keys: { pk: { S: 'A' } },
        NewImage: { pk: { S: 'A' }, vacio: {} as never, lista: { L: [{} as never, { S: 'x' }] }, mapa: { M: { dentro: {} as never } } },
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
