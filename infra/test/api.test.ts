import { ROUTES, type RouteDef } from '@cuota/functions/manifest';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { ApiStack, COGNITO_ADMIN_ACTIONS, COGNITO_READ_ACTIONS, SENSITIVE_ROUTES, THROTTLE, throttleTier } from '../lib/api';
import { AuthStack } from '../lib/auth';
import { DataStack } from '../lib/data';
import { cuota, resources, testApp } from './cuota';

type Policy = { Statement: { Action: string | string[]; Resource: unknown }[] };

/** Actions granted to the function behind `routeId` (through its shared role). */
function actionsOf(stack: ApiStack, routeId: string): string[] {
  const template = Template.fromStack(stack);
  const fn = stack.functions.get(routeId);
  if (!fn) throw new Error(`no function for ${routeId}`);
  const fnId = stack.resolve((fn.function.node.defaultChild as CfnFunction).logicalId) as string;
  const props = resources(template, 'AWS::Lambda::Function')[fnId]!.Properties!;
  const roleId = (props.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const policies = Object.values(resources(template, 'AWS::IAM::Policy')).filter((p) =>
    (p.Properties!.Roles as { Ref: string }[]).some((r) => r.Ref === roleId),
  );
  return policies.flatMap((p) => (p.Properties!.PolicyDocument as Policy).Statement.flatMap((s) => [s.Action].flat()));
}

describe('CuotaApi', () => {
  it('crea una Lambda por ruta del manifiesto', () => {
    const { templates } = cuota();
    templates.api.resourceCountIs('AWS::Lambda::Function', ROUTES.length);
    templates.api.resourceCountIs('AWS::ApiGatewayV2::Route', ROUTES.length);
    templates.api.resourceCountIs('AWS::ApiGatewayV2::Integration', ROUTES.length);
  });

  it('publica cada ruta con su método y path, y JWT en todas las que no son públicas', () => {
    const { templates } = cuota();
    const authorizers = resources(templates.api, 'AWS::ApiGatewayV2::Authorizer');
    const [authorizerId, authorizer] = Object.entries(authorizers)[0]!;
    expect(authorizer.Properties).toMatchObject({ AuthorizerType: 'JWT', IdentitySource: ['$request.header.Authorization'] });
    expect(authorizer.Properties!.JwtConfiguration.Audience).toHaveLength(1);

    const routes = Object.values(resources(templates.api, 'AWS::ApiGatewayV2::Route')).map((r) => r.Properties!);
    for (const route of ROUTES as readonly RouteDef[]) {
      const found = routes.find((r) => r.RouteKey === `${route.method} ${route.path}`);
      expect(found, `${route.method} ${route.path}`).toBeDefined();
      if (route.access === 'public') {
        expect(found!.AuthorizationType).toBe('NONE');
      } else {
        expect(found!.AuthorizationType).toBe('JWT');
        expect(found!.AuthorizerId).toEqual({ Ref: authorizerId });
      }
    }
  });

  it('configura cada función: Node 24 arm64, 512 MB, 10 s, entorno y log group con retención', () => {
    const { templates } = cuota();
    const funciones = Object.values(resources(templates.api, 'AWS::Lambda::Function'));
    expect(funciones).toHaveLength(ROUTES.length);
    for (const fn of funciones) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        MemorySize: 512,
        Timeout: 10,
        Handler: 'index.handler',
      });
      expect(Object.keys(fn.Properties!.Environment.Variables).sort()).toEqual(
        ['COGNITO_CLIENT_ID', 'COGNITO_ISSUER', 'LOG_LEVEL', 'TABLE_NAME'].sort(),
      );
      expect(fn.Properties!.LoggingConfig.LogGroup).toHaveProperty('Ref');
    }
    templates.api.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: Match.anyValue() });
  });

  it('da el mínimo privilegio según el manifiesto: lectura sin PutItem, escritura con PutItem, none sin DynamoDB', () => {
    const { stacks, templates } = cuota();
    const byTable = (t: RouteDef['table']) => (ROUTES as readonly RouteDef[]).find((r) => r.table === t);
    const read = byTable('read')!;
    const write = byTable('write')!;
    const none = byTable('none')!;

    const readActions = actionsOf(stacks.api, read.id);
    expect(readActions).toContain('dynamodb:Query');
    expect(readActions).not.toContain('dynamodb:PutItem');
    expect(readActions).not.toContain('dynamodb:UpdateItem');
    expect(readActions).not.toContain('dynamodb:DeleteItem');

    expect(actionsOf(stacks.api, write.id)).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem']));
    expect(actionsOf(stacks.api, none.id).filter((a) => a.startsWith('dynamodb:'))).toEqual([]);

    for (const route of ROUTES as readonly RouteDef[]) {
      if (!route.cognito) expect(actionsOf(stacks.api, route.id).filter((a) => a.startsWith('cognito-idp:'))).toEqual([]);
    }
    // No statement anywhere grants a service-wide wildcard action.
    const politicas = Object.values(resources(templates.api, 'AWS::IAM::Policy'));
    expect(politicas.length).toBeGreaterThan(0);
    for (const policy of politicas) {
      for (const s of (policy.Properties!.PolicyDocument as Policy).Statement) {
        for (const a of [s.Action].flat()) expect(a).not.toMatch(/:\*$/);
      }
    }
  });

  it('limita cada ruta del manifiesto: lectura, escritura más estricta, sensibles y pública aún más', () => {
    const { templates } = cuota();
    const stage = Object.values(resources(templates.api, 'AWS::ApiGatewayV2::Stage'))[0]!.Properties!;
    expect(stage.StageName).toBe('$default');
    expect(stage.AutoDeploy).toBe(true);
    expect(stage.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: THROTTLE.default.rateLimit,
      ThrottlingBurstLimit: THROTTLE.default.burstLimit,
    });
    expect(stage.AccessLogSettings.DestinationArn).toBeDefined();
    const routes = ROUTES as readonly RouteDef[];
    // one setting per route, none for a route that does not exist
    expect(Object.keys(stage.RouteSettings).sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
    const expected = (route: RouteDef) => {
      if (route.access === 'public') return THROTTLE.public;
      if (route.cognito || SENSITIVE_ROUTES.includes(route.id)) return THROTTLE.sensitive;
      return route.method === 'GET' ? THROTTLE.read : THROTTLE.write;
    };
    for (const route of routes) {
      const t = expected(route);
      expect(stage.RouteSettings[`${route.method} ${route.path}`], route.id).toEqual({
        ThrottlingRateLimit: t.rateLimit,
        ThrottlingBurstLimit: t.burstLimit,
      });
    }
    // every sensitive id names a route of the manifest (a renamed route must not lose its limit)
    for (const id of SENSITIVE_ROUTES)
      expect(
        routes.some((r) => r.id === id),
        id,
      ).toBe(true);
    // the tiers are ordered: public and sensitive < write < read
    expect(THROTTLE.sensitive.rateLimit).toBeLessThan(THROTTLE.write.rateLimit);
    expect(THROTTLE.public.rateLimit).toBeLessThan(THROTTLE.write.rateLimit);
    expect(THROTTLE.write.rateLimit).toBeLessThan(THROTTLE.read.rateLimit);
    // user management, passwords and secrets are in the strictest tier
    for (const id of [
      'crear-usuario',
      'restablecer-contrasena-usuario',
      'actualizar-usuario',
      'actualizar-configuracion',
      'reportar-pago-tarjeta',
    ]) {
      expect(throttleTier(routes.find((r) => r.id === id)!), id).toBe('sensitive');
    }
  });
});

describe('ApiStack con rutas sintéticas', () => {
  const fake = (i: number, extra: Partial<RouteDef> = {}): RouteDef => ({
    id: `ruta-${i}`,
    method: i % 2 ? 'POST' : 'GET',
    path: `/api/prueba/${i}`,
    handler: 'identidad/obtener-me',
    access: 'staff',
    table: (['none', 'read', 'write'] as const)[i % 3]!,
    summary: `ruta ${i}`,
    tag: 'prueba',
    ...extra,
  });

  function synth(routes: RouteDef[]): ApiStack {
    const app = testApp();
    const data = new DataStack(app, 'Data');
    const auth = new AuthStack(app, 'Auth', { data });
    const api = new ApiStack(app, 'Api', {
      data,
      userPool: auth.userPool,
      webClient: auth.webClient,
      issuer: auth.issuer,
      routes,
    });
    return api;
  }

  it('da acciones de administración de Cognito solo sobre el user pool, y solo a las rutas cognito', () => {
    const api = synth([
      fake(1, { cognito: true, table: 'write' }),
      fake(2, { table: 'write' }),
      fake(3, { cognito: 'lectura', table: 'write' }),
    ]);
    const template = Template.fromStack(api);
    const cognitoActions = actionsOf(api, 'ruta-1').filter((a) => a.startsWith('cognito-idp:'));
    expect(cognitoActions.sort()).toEqual([...COGNITO_ADMIN_ACTIONS].sort());
    expect(actionsOf(api, 'ruta-2').filter((a) => a.startsWith('cognito-idp:'))).toEqual([]);
    // a lookup-only route (the public reset) gets no action that changes a user
    expect(
      actionsOf(api, 'ruta-3')
        .filter((a) => a.startsWith('cognito-idp:'))
        .sort(),
    ).toEqual([...COGNITO_READ_ACTIONS].sort());
    const statement = Object.values(resources(template, 'AWS::IAM::Policy'))
      .flatMap((p) => (p.Properties!.PolicyDocument as Policy).Statement)
      .find((s) => [s.Action].flat().includes('cognito-idp:AdminCreateUser'))!;
    expect(JSON.stringify(statement.Resource)).toContain('UserPool');
    expect(JSON.stringify(statement.Resource)).not.toContain('"*"');
  });

  it('se mantiene muy por debajo de 500 recursos con 60 rutas', () => {
    const template = Template.fromStack(synth(Array.from({ length: 60 }, (_, i) => fake(i))));
    const count = Object.keys(template.toJSON().Resources).length;
    expect(count).toBeLessThan(350);
    template.resourceCountIs('AWS::Lambda::Function', 60);
    template.resourceCountIs('AWS::IAM::Role', 3);
  });
});
