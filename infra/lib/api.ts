import { ROUTES, type RouteDef } from '@cuota/functions/manifest';
import { CfnOutput, NestedStack, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { grantTable, type DataStack } from './data';
import type { EmailStack } from './email';
import { ApiFunction, FunctionRoles } from './function';
import { acknowledgeWildcardResource } from './nag';
import type { RealtimeStack, WebSocketConnections } from './realtime';

/** Cognito admin calls the user-management routes make; nothing else on the pool. */
export const COGNITO_ADMIN_ACTIONS = [
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminListGroupsForUser',
  'cognito-idp:AdminRemoveUserFromGroup',
  'cognito-idp:AdminResetUserPassword',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminUserGlobalSignOut',
  'cognito-idp:ListUsers',
  'cognito-idp:ListUsersInGroup',
] as const;

/** What a function that only looks users up may call (the reset route reads the account's roles). */
export const COGNITO_READ_ACTIONS = ['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser'] as const;

/**
 * Throttling (requests per second / burst), set on every route of the stage from the manifest.
 * API Gateway counts these per route across all callers: they cap what a flood can cost (Lambda
 * concurrency, DynamoDB, Cognito's admin quotas), they are not per-user limits (that is the
 * WAF's job: context `waf`, infra/lib/edge.ts).
 */
export const THROTTLE = {
  /** Stage default, for anything without its own setting. */
  default: { rateLimit: 50, burstLimit: 100 },
  read: { rateLimit: 50, burstLimit: 100 },
  write: { rateLimit: 10, burstLimit: 20 },
  /** Accounts, roles and passwords (Cognito admin calls), secrets, card payments, mass sends, the daily close. */
  sensitive: { rateLimit: 2, burstLimit: 5 },
  public: { rateLimit: 5, burstLimit: 10 },
} as const;
export type ThrottleTier = Exclude<keyof typeof THROTTLE, 'default'>;

/**
 * Routes outside user management that are just as sensitive: settings (the Stripe keys, the
 * usury caps), card payments (card-testing), mass notifications and campaigns, the daily close.
 */
export const SENSITIVE_ROUTES: readonly string[] = [
  'actualizar-configuracion',
  'reportar-pago-tarjeta',
  'enviar-notificaciones-masivas',
  'enviar-campana',
  'cerrar-dia',
  // one's own password (Cognito ChangePassword with the caller's token): guessing the current one
  'cambiar-contrasena',
];

export function throttleTier(route: RouteDef): ThrottleTier {
  if (route.access === 'public') return 'public';
  if (route.cognito || SENSITIVE_ROUTES.includes(route.id)) return 'sensitive';
  return route.method === 'GET' ? 'read' : 'write';
}

/** Routes that send email through SES. Reads an optional `email` flag the manifest may add later. */
const sendsEmail = (route: RouteDef): boolean => (route as { email?: boolean }).email === true;

export const routeKey = (route: Pick<RouteDef, 'method' | 'path'>): string => `${route.method} ${route.path}`;

/**
 * Most routes one nested route stack may hold. Each route costs five resources there (function,
 * log group, integration, route, invoke permission): 80 routes are 400 of CloudFormation's 500,
 * under the 450 the tests allow. A feature that outgrows it fails synthesis with this message.
 */
export const MAX_ROUTES_PER_STACK = 80;

/** The feature a route belongs to: the folder of its handler under functions/src/features. */
export const routeFeature = (route: Pick<RouteDef, 'handler' | 'id'>): string => {
  const [feature] = route.handler.split('/');
  if (!feature || feature === route.handler)
    throw new Error(`route ${route.id}: handler ${route.handler} names no feature folder`);
  return feature;
};

/**
 * The routes grouped by feature, in manifest order: one nested stack per group. A route stays in
 * its feature's stack however the manifest grows, so adding routes never moves an existing one
 * (API Gateway refuses a second route with the same key, which a move between stacks would create
 * before deleting the first).
 */
export function routeGroups(routes: readonly RouteDef[]): Map<string, RouteDef[]> {
  const groups = new Map<string, RouteDef[]>();
  for (const route of routes) {
    const feature = routeFeature(route);
    groups.set(feature, [...(groups.get(feature) ?? []), route]);
  }
  for (const [feature, group] of groups) {
    if (group.length > MAX_ROUTES_PER_STACK)
      throw new Error(
        `feature ${feature} has ${group.length} routes, more than the ${MAX_ROUTES_PER_STACK} one route stack holds: split it into two features (or two groups in routeGroups)`,
      );
  }
  return groups;
}

/** Id of a feature's nested route stack inside the API stack, e.g. `RutasPagos`. */
export const routeStackId = (feature: string): string =>
  `Rutas${feature
    .split(/[^a-zA-Z0-9]+/)
    .map(capitalize)
    .join('')}`;

export interface ApiStackProps extends StackProps {
  readonly data: DataStack;
  readonly userPool: cognito.IUserPool;
  readonly webClient: cognito.IUserPoolClient;
  readonly issuer: string;
  readonly email?: EmailStack;
  /**
   * The WebSocket API, for the routes that close connections (`websocket: 'cerrar'` in the
   * manifest); required when one does. Its stack must be deployed first (app.ts).
   */
  readonly realtime?: Pick<RealtimeStack, 'importConnections'>;
  /** Defaults to the manifest; tests may pass a subset. */
  readonly routes?: readonly RouteDef[];
  /**
   * A custom domain for the API (context `apiDomainName` + `apiCertificateArn`, a REGIONAL ACM
   * certificate in the API's region): CloudFront's origin becomes this host and the default
   * execute-api endpoint is disabled, so the API answers only on this name.
   */
  readonly customDomain?: { readonly domainName: string; readonly certificateArn: string };
  /** MFA_PERSONAL of every route (context `staffMfa`): 'obligatoria' unless told 'opcional'. */
  readonly staffMfa?: 'obligatoria' | 'opcional';
}

/**
 * The HTTP API: one Lambda per manifest route, JWT authorizer on the user pool, throttled stage.
 *
 * This stack holds what the whole API shares (the API, its stage and access logs, the authorizer,
 * the execution roles per permission profile, the SDK layer); each feature's routes (function, log
 * group, integration, route, permission) live in a nested stack of their own ({@link routeGroups}),
 * so no template nears CloudFormation's 500 resources as the manifest grows, and the API still
 * deploys as one unit (docs/architecture.md).
 */
export class ApiStack extends Stack {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  /** Host CloudFront sends /api/* to: the custom domain when given, else the execute-api endpoint. */
  readonly apiDomainName: string;
  /** The custom domain (only with {@link ApiStackProps.customDomain}). */
  readonly domainName?: apigw.DomainName;
  readonly functions = new Map<string, ApiFunction>();
  /** The nested route stack of each feature. */
  readonly routeStacks = new Map<string, NestedStack>();

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const routes: readonly RouteDef[] = props.routes ?? ROUTES;
    const table = props.data.importTable(this);

    const authorizer = new HttpJwtAuthorizer('CognitoJwt', props.issuer, {
      jwtAudience: [props.webClient.userPoolClientId],
      identitySource: ['$request.header.Authorization'],
    });

    // Every route is authorized unless the manifest says it is public.
    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      apiName: 'cuota-api',
      description: 'Cuota HTTP API (served under /api through CloudFront)',
      createDefaultStage: false,
      defaultAuthorizer: authorizer,
      // reachable only through the custom domain (CloudFront's origin) when there is one
      ...(props.customDomain ? { disableExecuteApiEndpoint: true } : {}),
    });
    if (props.customDomain) {
      this.domainName = new apigw.DomainName(this, 'DomainName', {
        domainName: props.customDomain.domainName,
        certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', props.customDomain.certificateArn),
        endpointType: apigw.EndpointType.REGIONAL,
        securityPolicy: apigw.SecurityPolicy.TLS_1_2,
      });
    }

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.ONE_YEAR,
    });
    this.stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: THROTTLE.default,
      ...(this.domainName ? { domainMapping: { domainName: this.domainName } } : {}),
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            userId: '$context.authorizer.claims.sub',
          }),
        ),
      },
    });

    const roles = new FunctionRoles(this, 'Roles');
    const environment = {
      TABLE_NAME: table.tableName,
      COGNITO_ISSUER: props.issuer,
      COGNITO_CLIENT_ID: props.webClient.userPoolClientId,
      // Behind CloudFront every source IP is an edge's: per-IP attempt limits would make many users
      // share one counter, so they are off here (commons/limites.ts); the per-account ones stay.
      LIMITE_FACTOR_IP: '0',
      // staff routes refuse staff without TOTP (functions commons/auth.ts exigeMfa)
      MFA_PERSONAL: props.staffMfa ?? 'obligatoria',
    };
    const websocket = routes.some((r) => r.websocket) ? props.realtime?.importConnections(this) : undefined;
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};

    for (const [feature, group] of routeGroups(routes)) {
      const routeStack = new NestedStack(this, routeStackId(feature), {
        description: `Cuota: HTTP API routes of the ${feature} feature`,
      });
      this.routeStacks.set(feature, routeStack);
      // RouteSettings name route keys: the stage must be updated after the routes exist.
      this.stage.node.addDependency(routeStack);
      for (const route of group) {
        routeSettings[routeKey(route)] = throttling(THROTTLE[throttleTier(route)]);
        this.addRoute(routeStack, route, roles, environment, table, props, websocket);
      }
    }

    const cfnStage = this.stage.node.defaultChild as apigw.CfnStage;
    cfnStage.routeSettings = routeSettings;

    if (this.domainName) {
      this.apiDomainName = props.customDomain!.domainName;
      // DNS: a CNAME (or Route 53 alias) from the custom name to this host, not to execute-api
      new CfnOutput(this, 'ApiDomainTarget', {
        value: this.domainName.regionalDomainName,
        description: `DNS target for ${props.customDomain!.domainName}`,
      });
      new CfnOutput(this, 'ApiEndpoint', { value: `https://${props.customDomain!.domainName}` });
    } else {
      this.apiDomainName = `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
      new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
    }
  }

  /** The route's function (with its shared role), integration and route, in its feature's stack. */
  private addRoute(
    scope: NestedStack,
    route: RouteDef,
    roles: FunctionRoles,
    environment: Record<string, string>,
    table: dynamodb.ITable,
    props: ApiStackProps,
    websocket: WebSocketConnections | undefined,
  ): void {
    const email = sendsEmail(route);
    if (email && !props.email) throw new Error(`route ${route.id} sends email but no EmailStack was given`);
    const closes = route.websocket === 'cerrar';
    if (closes && !websocket) throw new Error(`route ${route.id} closes WebSocket connections but no RealtimeStack was given`);
    const profile = `Table${capitalize(route.table)}${route.cognito === true ? 'Cognito' : route.cognito === 'lectura' ? 'CognitoLectura' : ''}${email ? 'Email' : ''}${closes ? 'WsCerrar' : ''}`;
    const role = roles.roleFor(profile, (r) => this.grantProfile(r, route, table, props, websocket));

    const fn = new ApiFunction(scope, route.id, {
      handler: route.handler,
      role,
      description: `${routeKey(route)}: ${route.summary}`.slice(0, 256),
      environment: {
        ...environment,
        ...(email ? props.email!.senderEnvironment() : {}),
        ...(closes ? { WS_CALLBACK_URL: websocket!.callbackUrl } : {}),
      },
    });
    this.functions.set(route.id, fn);

    // Without an authorizer of its own the route takes the API's default one (the JWT).
    const httpRoute = new apigw.HttpRoute(scope, `${route.id}-route`, {
      httpApi: this.httpApi,
      routeKey: apigw.HttpRouteKey.with(route.path, route.method as apigw.HttpMethod),
      integration: new HttpLambdaIntegration(`${route.id}-integration`, fn.function),
      authorizer: route.access === 'public' ? new apigw.HttpNoneAuthorizer() : undefined,
    });

    if (route.access === 'public') {
      Validations.of(httpRoute).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason: `${routeKey(route)} is public by design in the route manifest (${route.summary}); its function has ${route.table === 'none' ? 'no table access' : `${route.table} access to the table only`} and the route is throttled to ${THROTTLE.public.rateLimit} req/s.`,
      });
    }
  }

  private grantProfile(
    role: iam.Role,
    route: RouteDef,
    table: dynamodb.ITable,
    props: ApiStackProps,
    websocket: WebSocketConnections | undefined,
  ): void {
    grantTable(role, route.table, table, props.data);
    if (route.cognito === true) props.userPool.grant(role, ...COGNITO_ADMIN_ACTIONS);
    if (route.cognito === 'lectura') props.userPool.grant(role, ...COGNITO_READ_ACTIONS);
    if (sendsEmail(route)) props.email!.grantSend(role);
    if (route.websocket === 'cerrar') {
      // DeleteConnection only (no PostToConnection: these routes push nothing), on the WebSocket
      // API's prod stage; the wildcard is the connection id, read from the registry at run time.
      const arn = websocket!.connectionsArn('DELETE');
      role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [arn] }));
      acknowledgeWildcardResource(
        role,
        arn,
        'DeleteConnection on the Cuota WebSocket API and its prod stage only, for the routes that revoke a user (closing their open sockets); the wildcard is the connection id, known only at run time from the connection registry.',
      );
    }
  }
}

const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

const throttling = (t: { rateLimit: number; burstLimit: number }) => ({
  ThrottlingRateLimit: t.rateLimit,
  ThrottlingBurstLimit: t.burstLimit,
});
