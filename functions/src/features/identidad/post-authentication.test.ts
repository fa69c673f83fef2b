import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { PostAuthenticationTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { ddb, tableName } from '#commons/db';
import { handler } from './post-authentication';

describe('PostAuthentication', () => {
  it('registra el inicio de sesión en la actividad y devuelve el evento sin cambios', async () => {
    const sub = `login-${Date.now()}`;
    const event = {
      triggerSource: 'PostAuthentication_Authentication',
      userName: sub,
      request: { userAttributes: { sub, email: 'ana@demo.cr', given_name: 'Ana', family_name: 'Mora' } },
      response: {},
    } as unknown as PostAuthenticationTriggerEvent;
    expect(await handler(event)).toBe(event);
    const out = await ddb.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'ACTIVIDAD' },
        ScanIndexForward: false,
        Limit: 20,
      }),
    );
    const mine = (out.Items ?? []).find((i) => i.user_id === sub);
    expect(mine).toMatchObject({
      tipo_actividad: 'login',
      user_nombre: 'Ana Mora',
      descripcion: 'Inicio de sesión de ana@demo.cr',
    });
  });
});
