import { ROUTES, type RouteDef } from '@cuota/functions/manifest';
import { CfnOutput, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { grantTable, type DataStack } from './data';
import type { EmailStack } from './email';
import { ApiFunction, FunctionRoles } from './function';

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
 * optional WAF's job, context `webAclArn`).
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

export interface ApiStackProps extends StackProps {
  readonly data: DataStack;
  readonly userPool: cognito.IUserPool;
  readonly webClient: cognito.IUserPoolClient;
  readonly issuer: string;
  readonly email?: EmailStack;
  /** Defaults to the manifest; tests may pass a subset. */
  readonly routes?: readonly RouteDef[];
}

/** The HTTP API: one Lambda per manifest route, JWT authorizer on the user pool, throttled stage. */
export class ApiStack extends Stack {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  /** Host of the execute-api endpoint, for the CloudFront origin. */
  readonly apiDomainName: string;
  readonly functions = new Map<string, ApiFunction>();

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
    });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.ONE_YEAR,
    });
    this.stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: THROTTLE.default,
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
    };
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};

    for (const route of routes) {
      const email = sendsEmail(route);
      if (email && !props.email) throw new Error(`route ${route.id} sends email but no EmailStack was given`);
      const profile = `Table${capitalize(route.table)}${route.cognito === true ? 'Cognito' : route.cognito === 'lectura' ? 'CognitoLectura' : ''}${email ? 'Email' : ''}`;
      const role = roles.roleFor(profile, (r) => this.grantProfile(r, route, table, props));

      const fn = new ApiFunction(this, route.id, {
        handler: route.handler,
        role,
        description: `${routeKey(route)}: ${route.summary}`.slice(0, 256),
        environment: { ...environment, ...(email ? props.email!.senderEnvironment() : {}) },
      });
      this.functions.set(route.id, fn);

      const [httpRoute] = this.httpApi.addRoutes({
        path: route.path,
        methods: [route.method as apigw.HttpMethod],
        integration: new HttpLambdaIntegration(`${route.id}-integration`, fn.function),
        authorizer: route.access === 'public' ? new apigw.HttpNoneAuthorizer() : undefined,
      });
      if (!httpRoute) throw new Error(`no route created for ${route.id}`);
      // RouteSettings name route keys: the stage must be updated after the routes exist.
      this.stage.node.addDependency(httpRoute);

      if (route.access === 'public') {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${routeKey(route)} is public by design in the route manifest (${route.summary}); its function has ${route.table === 'none' ? 'no table access' : `${route.table} access to the table only`} and the route is throttled to ${THROTTLE.public.rateLimit} req/s.`,
        });
      }
      routeSettings[routeKey(route)] = throttling(THROTTLE[throttleTier(route)]);
    }

    const cfnStage = this.stage.node.defaultChild as apigw.CfnStage;
    cfnStage.routeSettings = routeSettings;

    this.apiDomainName = `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
  }

  private grantProfile(role: iam.Role, route: RouteDef, table: dynamodb.ITable, props: ApiStackProps): void {
    grantTable(role, route.table, table, props.data);
    if (route.cognito === true) props.userPool.grant(role, ...COGNITO_ADMIN_ACTIONS);
    if (route.cognito === 'lectura') props.userPool.grant(role, ...COGNITO_READ_ACTIONS);
    if (sendsEmail(route)) props.email!.grantSend(role);
  }
}

const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

const throttling = (t: { rateLimit: number; burstLimit: number }) => ({
  ThrottlingRateLimit: t.rateLimit,
  ThrottlingBurstLimit: t.burstLimit,
});
