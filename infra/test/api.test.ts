import { ROUTES, type RouteDef } from '@cuota/functions/manifest';
import { Stack, type NestedStack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import {
  ApiStack,
  COGNITO_ADMIN_ACTIONS,
  COGNITO_READ_ACTIONS,
  MAX_ROUTES_PER_STACK,
  routeFeature,
  SENSITIVE_ROUTES,
  THROTTLE,
  throttleTier,
} from '../lib/api';
import { AuthStack } from '../lib/auth';
import { DataStack } from '../lib/data';
import { logGroupPrefix } from '../lib/function';
import { WS_STAGE } from '../lib/realtime';
import { cuota, joined, resources, testApp } from './cuota';

type Policy = { Statement: { Action: string | string[]; Resource: unknown }[] };

const templateCache = new WeakMap<Stack, Template>();
const templateOf = (stack: Stack): Template => {
  let template = templateCache.get(stack);
  if (!template) templateCache.set(stack, (template = Template.fromStack(stack)));
  return template;
};

/**
 * What a value inside a nested route stack is in CuotaApi: a `{ Ref: parameter }` becomes the
 * value the parent passes for that parameter (a role's Fn::GetAtt, the authorizer's Ref, …).
 */
function inParent(api: ApiStack, nested: NestedStack, value: unknown): unknown {
  const ref = (value as { Ref?: unknown } | undefined)?.Ref;
  const parameters = (templateOf(nested).toJSON().Parameters ?? {}) as Record<string, unknown>;
  if (typeof ref !== 'string' || !(ref in parameters)) return value;
  const resourceId = api.resolve(nested.nestedStackResource!.logicalId) as string;
  const resource = resources(templateOf(api), 'AWS::CloudFormation::Stack')[resourceId];
  expect(resource, resourceId).toBeDefined();
  return resource!.Properties!.Parameters[ref];
}

/** The function behind `routeId` in its nested route stack, and its CloudFormation properties. */
function functionOf(stack: ApiStack, routeId: string) {
  const fn = stack.functions.get(routeId);
  if (!fn) throw new Error(`no function for ${routeId}`);
  const nested = Stack.of(fn) as NestedStack;
  expect(nested.nestedStackParent).toBe(stack);
  const fnId = nested.resolve((fn.function.node.defaultChild as CfnFunction).logicalId) as string;
  return { nested, props: resources(templateOf(nested), 'AWS::Lambda::Function')[fnId]!.Properties! };
}

/** Statements granted to the function behind `routeId` (through its shared role, held by CuotaApi). */
function statementsOf(stack: ApiStack, routeId: string): Policy['Statement'] {
  const { nested, props } = functionOf(stack, routeId);
  const roleArn = inParent(stack, nested, props.Role) as { 'Fn::GetAtt': [string, string] };
  const roleId = roleArn['Fn::GetAtt'][0];
  expect(resources(templateOf(stack), 'AWS::IAM::Role')[roleId], roleId).toBeDefined();
  const policies = Object.values(resources(templateOf(stack), 'AWS::IAM::Policy')).filter((p) =>
    (p.Properties!.Roles as { Ref: string }[]).some((r) => r.Ref === roleId),
  );
  return policies.flatMap((p) => (p.Properties!.PolicyDocument as Policy).Statement);
}

/** Actions granted to the function behind `routeId`. */
const actionsOf = (stack: ApiStack, routeId: string): string[] => statementsOf(stack, routeId).flatMap((s) => [s.Action].flat());

/** Resources of `type` in every nested route stack of the API. */
function routeResources(type: string) {
  return Object.values(cuota().routeTemplates).flatMap((t) => Object.values(resources(t, type)));
}

describe('CuotaApi', () => {
  it('crea una Lambda por ruta del manifiesto, en la pila anidada de su feature', () => {
    const { templates, routeTemplates, stacks } = cuota();
    expect(routeResources('AWS::Lambda::Function')).toHaveLength(ROUTES.length);
    expect(routeResources('AWS::ApiGatewayV2::Route')).toHaveLength(ROUTES.length);
    expect(routeResources('AWS::ApiGatewayV2::Integration')).toHaveLength(ROUTES.length);
    expect(routeResources('AWS::Lambda::Permission')).toHaveLength(ROUTES.length);
    // CuotaApi itself holds only what the routes share
    for (const type of ['AWS::Lambda::Function', 'AWS::ApiGatewayV2::Route', 'AWS::ApiGatewayV2::Integration'])
      templates.api.resourceCountIs(type, 0);
    templates.api.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    templates.api.resourceCountIs('AWS::CloudFormation::Stack', Object.keys(routeTemplates).length);

    const features = new Set((ROUTES as readonly RouteDef[]).map(routeFeature));
    expect(new Set(stacks.api.routeStacks.keys())).toEqual(features);
    for (const route of ROUTES as readonly RouteDef[]) {
      const keys = Object.values(resources(routeTemplates[routeFeature(route)]!, 'AWS::ApiGatewayV2::Route')).map(
        (r) => r.Properties!.RouteKey as string,
      );
      expect(keys, route.id).toContain(`${route.method} ${route.path}`);
      expect(Stack.of(stacks.api.functions.get(route.id)!)).toBe(stacks.api.routeStacks.get(routeFeature(route)));
    }
  });

  it('la etapa se actualiza después de todas las pilas de rutas (sus RouteSettings nombran las rutas)', () => {
    const { stacks, templates } = cuota();
    const [stage] = Object.values(resources(templates.api, 'AWS::ApiGatewayV2::Stage'));
    const dependsOn = [(stage as { DependsOn?: string | string[] }).DependsOn ?? []].flat();
    for (const nested of stacks.api.routeStacks.values())
      expect(dependsOn).toContain(stacks.api.resolve(nested.nestedStackResource!.logicalId));
  });

  it('publica cada ruta con su método y path, y JWT en todas las que no son públicas', () => {
    const { templates } = cuota();
    const authorizers = resources(templates.api, 'AWS::ApiGatewayV2::Authorizer');
    const [authorizerId, authorizer] = Object.entries(authorizers)[0]!;
    expect(authorizer.Properties).toMatchObject({ AuthorizerType: 'JWT', IdentitySource: ['$request.header.Authorization'] });
    expect(authorizer.Properties!.JwtConfiguration.Audience).toHaveLength(1);

    const { stacks } = cuota();
    for (const route of ROUTES as readonly RouteDef[]) {
      const nested = stacks.api.routeStacks.get(routeFeature(route))!;
      const routes = Object.values(resources(templateOf(nested), 'AWS::ApiGatewayV2::Route')).map((r) => r.Properties!);
      const found = routes.find((r) => r.RouteKey === `${route.method} ${route.path}`);
      expect(found, `${route.method} ${route.path}`).toBeDefined();
      // on CuotaApi's HTTP API
      expect(inParent(stacks.api, nested, found!.ApiId)).toEqual({
        Ref: Object.keys(resources(templates.api, 'AWS::ApiGatewayV2::Api'))[0],
      });
      if (route.access === 'public') {
        expect(found!.AuthorizationType).toBe('NONE');
        expect(found!.AuthorizerId).toBeUndefined();
      } else {
        expect(found!.AuthorizationType).toBe('JWT');
        expect(inParent(stacks.api, nested, found!.AuthorizerId)).toEqual({ Ref: authorizerId });
      }
    }
  });

  it('configura cada función: Node 24 arm64, 512 MB, 10 s, entorno y log group con retención', () => {
    const { stacks, templates, routeTemplates } = cuota();
    expect(routeResources('AWS::Lambda::Function')).toHaveLength(ROUTES.length);
    for (const route of ROUTES as readonly RouteDef[]) {
      const { props } = functionOf(stacks.api, route.id);
      expect(props).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        MemorySize: 512,
        Timeout: 10,
        Handler: 'index.handler',
      });
      // the routes that revoke also get the WebSocket callback URL (they close the user's sockets)
      expect(Object.keys(props.Environment.Variables).sort(), route.id).toEqual(
        [
          'COGNITO_CLIENT_ID',
          'COGNITO_ISSUER',
          'LIMITE_FACTOR_IP',
          'LOG_LEVEL',
          'MFA_PERSONAL',
          'NODE_OPTIONS',
          'POWERTOOLS_METRICS_NAMESPACE',
          'POWERTOOLS_SERVICE_NAME',
          'TABLE_NAME',
          ...(route.websocket === 'cerrar' ? ['WS_CALLBACK_URL'] : []),
        ].sort(),
      );
      // behind CloudFront the source IP is an edge's: per-IP attempt limits off, per-account ones stay
      expect(props.Environment.Variables.LIMITE_FACTOR_IP).toBe('0');
      expect(props.Environment.Variables.NODE_OPTIONS).toBe('--enable-source-maps');
      expect(props.LoggingConfig.LogGroup).toHaveProperty('Ref');
    }
    templates.api.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: Match.anyValue() });
    // one log group per function, in its stack, named under the prefix the shared roles may write to
    const prefix = logGroupPrefix(stacks.api);
    expect(prefix).toBe('/cuota/lambda/CuotaApi/');
    for (const template of Object.values(routeTemplates)) {
      template.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 90 });
      const groups = resources(template, 'AWS::Logs::LogGroup');
      for (const fn of Object.values(resources(template, 'AWS::Lambda::Function'))) {
        const group = groups[fn.Properties!.LoggingConfig.LogGroup.Ref as string];
        expect(group?.Properties!.LogGroupName).toMatch(new RegExp(`^${prefix}[a-z0-9-]+$`));
      }
    }
    const logResources = Object.values(resources(templates.api, 'AWS::IAM::Policy'))
      .flatMap((p) => (p.Properties!.PolicyDocument as Policy).Statement)
      .filter((st) => [st.Action].flat().includes('logs:PutLogEvents'))
      .map((st) => JSON.stringify(st.Resource));
    expect(logResources.length).toBeGreaterThan(0);
    for (const r of logResources) expect(r).toContain(`:log-group:${prefix}*`);
    // the SDK layer is CuotaApi's one layer, not one per route stack
    templates.api.resourceCountIs('AWS::Lambda::LayerVersion', 1);
    expect(routeResources('AWS::Lambda::LayerVersion')).toEqual([]);
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
    // No statement anywhere grants a service-wide wildcard action; the route stacks grant nothing.
    expect(routeResources('AWS::IAM::Policy')).toEqual([]);
    expect(routeResources('AWS::IAM::Role')).toEqual([]);
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
  it('solo las rutas que revocan cierran WebSockets: URL de callback de la etapa y DELETE en @connections', () => {
    const { stacks, templates } = cuota();
    const routes = ROUTES as readonly RouteDef[];
    // quitar un rol (PATCH) y quitar todos (DELETE …/roles): usuarios/store.ts llama a cerrarConexionesDe
    expect(routes.filter((r) => r.websocket === 'cerrar').map((r) => r.id)).toEqual([
      'actualizar-usuario',
      'eliminar-roles-usuario',
    ]);

    // CuotaRealtime exports its WebSocket API's id under a fixed name; the API imports it
    const apiIdExport = stacks.realtime.webSocketApiIdExport;
    expect(apiIdExport).toBe('CuotaRealtime-WebSocketApiId');
    const outputs = templates.realtime.toJSON().Outputs as Record<string, { Value: unknown; Export?: { Name: string } }>;
    const exported = Object.values(outputs).filter((o) => o.Export?.Name === apiIdExport);
    expect(exported).toHaveLength(1);
    expect(exported[0]!.Value).toEqual({ Ref: expect.stringMatching(/^WebSocketApi/) as unknown });
    const imported = JSON.stringify({ 'Fn::ImportValue': apiIdExport });

    const roleOf = (id: string) => JSON.stringify(functionOf(stacks.api, id).props.Role);
    for (const route of routes) {
      const { props } = functionOf(stacks.api, route.id);
      const manage = statementsOf(stacks.api, route.id).filter((st) =>
        [st.Action].flat().some((a) => a.startsWith('execute-api:')),
      );
      if (route.websocket !== 'cerrar') {
        expect(props.Environment.Variables.WS_CALLBACK_URL, route.id).toBeUndefined();
        expect(manage, route.id).toEqual([]);
        continue;
      }
      const url: unknown = props.Environment.Variables.WS_CALLBACK_URL;
      expect(joined(url), route.id).toMatch(
        new RegExp(`^https://\\$\\{…\\}\\.execute-api\\.\\$\\{…\\}\\.\\$\\{…\\}/${WS_STAGE}$`),
      );
      expect(JSON.stringify(url)).toContain(imported);
      expect(manage, route.id).toHaveLength(1);
      expect([manage[0]!.Action].flat()).toEqual(['execute-api:ManageConnections']);
      // DeleteConnection only, on that API's prod stage; the wildcard is the connection id
      expect(joined(manage[0]!.Resource)).toMatch(
        new RegExp(`:execute-api:\\$\\{…\\}:\\$\\{…\\}:\\$\\{…\\}/${WS_STAGE}/DELETE/@connections/\\*$`),
      );
      expect(JSON.stringify(manage[0]!.Resource)).toContain(imported);
      // a role of their own: the other user-management routes (same table and Cognito grants) get none of it
      expect(roleOf(route.id)).not.toBe(roleOf('crear-usuario'));
    }
    expect(roleOf('actualizar-usuario')).toBe(roleOf('eliminar-roles-usuario'));

    // in the whole API stack (and its route stacks) that is the one execute-api grant
    const statements = [templates.api, ...Object.values(cuota().routeTemplates)].flatMap((t) =>
      Object.values(resources(t, 'AWS::IAM::Policy')).flatMap((p) => (p.Properties!.PolicyDocument as Policy).Statement),
    );
    expect(statements.filter((st) => [st.Action].flat().some((a) => a.startsWith('execute-api:')))).toHaveLength(1);
  });

  it('CuotaRealtime se despliega antes que CuotaApi y no depende de ella', () => {
    const { stacks } = cuota();
    expect(stacks.api.dependencies).toContain(stacks.realtime);
    expect(stacks.realtime.dependencies).not.toContain(stacks.api);
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

  it('una ruta que cierra WebSockets sin la pila realtime no sintetiza', () => {
    expect(() => synth([fake(1, { cognito: true, table: 'write', websocket: 'cerrar' })])).toThrow(
      /route ruta-1 closes WebSocket connections but no RealtimeStack was given/,
    );
  });

  it('escala: 240 rutas en tres features quedan en pilas de ≤ 450 recursos, y una feature de más de 80 rutas no sintetiza', () => {
    // real handlers of three features (NodejsFunction needs the entry file to exist)
    const handlerOf = (feature: string) => (ROUTES as readonly RouteDef[]).find((r) => routeFeature(r) === feature)!.handler;
    const features = ['clientes', 'pagos', 'portal'];
    const routes = features.flatMap((feature, f) =>
      Array.from({ length: MAX_ROUTES_PER_STACK }, (_, i) => fake(f * 1000 + i, { handler: handlerOf(feature) })),
    );
    const api = synth(routes);
    expect([...api.routeStacks.keys()]).toEqual(features);
    for (const stack of [api, ...api.routeStacks.values()]) {
      const count = Object.keys(templateOf(stack).toJSON().Resources).length;
      expect(count, stack.node.path).toBeLessThanOrEqual(450);
    }
    for (const nested of api.routeStacks.values())
      templateOf(nested).resourceCountIs('AWS::Lambda::Function', MAX_ROUTES_PER_STACK);
    templateOf(api).resourceCountIs('AWS::IAM::Role', 3);

    expect(() => synth(Array.from({ length: MAX_ROUTES_PER_STACK + 1 }, (_, i) => fake(i)))).toThrow(
      /feature identidad has 81 routes/,
    );
  });
});
