import { STREAM_CONSUMERS, WEBSOCKET_ROUTES } from '@cuota/functions/manifest';
import { CfnOutput, Duration, Fn, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat, CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { grantTable, type DataStack, type TableGrant } from './data';
import { colaDeFallos } from './dlq';
import type { EmailStack } from './email';
import { ApiFunction, FunctionRoles } from './function';
import { acknowledgeWildcardResource } from './nag';
import { stageSettings } from './stages';

export const WS_STAGE = 'prod';

export const STREAM_EVENT_SOURCE = {
  batchSize: 25,
  retryAttempts: 3,
  bisectBatchOnError: true,
  maxBatchingWindow: Duration.seconds(0),
  // a batch older than this goes to the DLQ instead of holding its shard back (the stream keeps 24 h)
  maxRecordAge: Duration.hours(6),
} as const;

/** The campaign sender's pace and lease (context `sesSendRate` overrides the rate: the account's max send rate). */
export const CAMPAIGN_SENDER = { sendRatePerSecond: 14, leaseMs: 60_000, yieldMarginMs: 60_000 } as const;

/**
 * The WebSocket API's `@connections` endpoint as seen from another stack (through the named export
 * of the API id): what a function there needs to close connections.
 */
export interface WebSocketConnections {
  /** `https://<api>.execute-api.<region>.<suffix>/prod`: the stage's callback URL (WS_CALLBACK_URL). */
  readonly callbackUrl: string;
  /** `arn:…:execute-api:<region>:<account>:<api>/prod/<METHOD>/@connections/*` (the wildcard is the connection id). */
  connectionsArn(method: 'DELETE' | 'POST'): string;
}

export interface RealtimeStackProps extends StackProps {
  readonly data: DataStack;
  readonly issuer: string;
  readonly webClient: cognito.IUserPoolClient;
  /** Required when a stream consumer sends email (the campaign sender). */
  readonly email?: EmailStack;
  /**
   * The account's API Gateway CloudWatch role (context `apiGatewayCloudWatchRole`), which access
   * logs on a WebSocket stage need: `create` makes it here (one per account and region: only one
   * app there may say `create`), `existing` relies on one already set in the account's API Gateway
   * settings. Without it the stage has no access logs (today's default).
   */
  readonly apiGatewayCloudWatchRole?: ApiGatewayCloudWatchRole;
  /** MFA_PERSONAL of the functions ($connect refuses staff without TOTP): 'obligatoria' unless told 'opcional'. */
  readonly staffMfa?: 'obligatoria' | 'opcional';
}

export type ApiGatewayCloudWatchRole = 'create' | 'existing';

export function apiGatewayCloudWatchRole(value: string | undefined): ApiGatewayCloudWatchRole | undefined {
  if (value === undefined || value === 'create' || value === 'existing') return value;
  throw new Error(`context apiGatewayCloudWatchRole must be "create" or "existing", got "${value}"`);
}

/** One JSON line per WebSocket event; no query string (the $connect token travels there). */
export const WS_ACCESS_LOG_FORMAT = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  eventType: '$context.eventType',
  routeKey: '$context.routeKey',
  connectionId: '$context.connectionId',
  status: '$context.status',
  error: '$context.error.message',
  integrationError: '$context.integrationErrorMessage',
  latency: '$context.integrationLatency',
} as const;

/**
 * Live notifications: the WebSocket API (stage `prod`) and the DynamoDB Streams consumers that
 * push committed changes to open connections.
 */
export class RealtimeStack extends Stack {
  readonly webSocketApi: apigw.WebSocketApi;
  readonly stage: apigw.WebSocketStage;
  /** `wss://…/prod`: what the browser connects to (RuntimeConfig.wsUrl). */
  readonly wsUrl: string;
  /** `wss://<host>`: the CSP connect-src source. */
  readonly wsOrigin: string;
  readonly deadLetterQueue: sqs.Queue;
  readonly consumers = new Map<string, ApiFunction>();
  /** Name of the export holding the WebSocket API id (read by {@link RealtimeStack.importConnections}). */
  readonly webSocketApiIdExport: string;

  constructor(scope: Construct, id: string, props: RealtimeStackProps) {
    super(scope, id, props);
    const table = props.data.importTable(this);
    const roles = new FunctionRoles(this, 'Roles');
    const environment = {
      TABLE_NAME: table.tableName,
      COGNITO_ISSUER: props.issuer,
      COGNITO_CLIENT_ID: props.webClient.userPoolClientId,
      MFA_PERSONAL: props.staffMfa ?? 'obligatoria',
    };
    const roleFor = (grant: TableGrant, suffix = '') =>
      roles.roleFor(`Table${grant.charAt(0).toUpperCase()}${grant.slice(1)}${suffix}`, (role) =>
        grantTable(role, grant, table, props.data),
      );

    const integrations = new Map<(typeof WEBSOCKET_ROUTES)[number]['routeKey'], WebSocketLambdaIntegration>();
    for (const route of WEBSOCKET_ROUTES) {
      const name = route.routeKey.slice(1);
      const fn = new ApiFunction(this, `ws-${name}`, {
        handler: route.handler,
        role: roleFor(route.table),
        description: `WebSocket ${route.routeKey}`,
        environment,
      });
      integrations.set(route.routeKey, new WebSocketLambdaIntegration(`ws-${name}-integration`, fn.function));
    }

    this.webSocketApi = new apigw.WebSocketApi(this, 'WebSocketApi', {
      apiName: 'cuota-realtime',
      description: 'Cuota live notifications',
      connectRouteOptions: { integration: integrations.get('$connect')! },
      disconnectRouteOptions: { integration: integrations.get('$disconnect')! },
      defaultRouteOptions: { integration: integrations.get('$default')!, returnResponse: true },
    });
    for (const child of this.webSocketApi.node.findAll()) {
      if (child instanceof apigw.CfnRoute) {
        Validations.of(child).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason:
            'WebSocket APIs authorize only on $connect, and browsers cannot send an Authorization header there: the $connect handler verifies the Cognito ID token from ?token= (issuer and audience) and answers 401 otherwise. $disconnect and $default run only on connections that passed $connect.',
        });
      }
    }

    let cloudWatchAccount: CfnAccount | undefined;
    if (props.apiGatewayCloudWatchRole === 'create') {
      const role = new iam.Role(this, 'ApiGatewayCloudWatchRole', {
        assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com'),
        description: 'API Gateway account setting: writes API access and execution logs to CloudWatch Logs',
        managedPolicies: [iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs')],
      });
      // the account setting outlives this stack: keep the role it points at
      role.applyRemovalPolicy(RemovalPolicy.RETAIN);
      Validations.of(role).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
        reason:
          'The AWS managed policy made for the API Gateway account CloudWatch role (create log groups and streams, put events); API Gateway names the log groups itself, so a scoped policy would break execution logs.',
      });
      cloudWatchAccount = new CfnAccount(this, 'ApiGatewayAccount', { cloudWatchRoleArn: role.roleArn });
      cloudWatchAccount.applyRemovalPolicy(RemovalPolicy.RETAIN);
    }
    const accessLogs = props.apiGatewayCloudWatchRole
      ? new logs.LogGroup(this, 'WebSocketAccessLogs', { retention: logs.RetentionDays.ONE_YEAR })
      : undefined;

    this.stage = new apigw.WebSocketStage(this, 'Stage', {
      webSocketApi: this.webSocketApi,
      stageName: WS_STAGE,
      autoDeploy: true,
      throttle: { rateLimit: 20, burstLimit: 50 },
      ...(accessLogs
        ? {
            accessLogSettings: {
              destination: new apigw.LogGroupLogDestination(accessLogs),
              format: AccessLogFormat.custom(JSON.stringify(WS_ACCESS_LOG_FORMAT)),
            },
          }
        : {}),
    });
    // API Gateway refuses access logs until the account has its CloudWatch role
    if (cloudWatchAccount) this.stage.node.addDependency(cloudWatchAccount);
    if (!accessLogs) {
      Validations.of(this.stage).acknowledge({
        id: 'AwsSolutions-APIG1',
        reason:
          'Access logs on a WebSocket stage require the account-wide API Gateway CloudWatch role (AWS::ApiGateway::Account), a per-account singleton this app takes over only when asked (-c apiGatewayCloudWatchRole=create, or =existing when the account already has one); until then connections are logged by the $connect/$disconnect handlers as structured JSON (user, connection id, accepted or rejected).',
      });
    }

    this.wsUrl = this.stage.url;
    this.wsOrigin = `wss://${this.webSocketApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;

    this.deadLetterQueue = colaDeFallos(this, 'StreamDlq', 'the DynamoDB stream consumers (batch metadata only)');

    // Only POST (PostToConnection) on this API's prod stage; the wildcard is the connection id.
    const connectionsArn = this.formatArn({
      service: 'execute-api',
      resource: this.webSocketApi.apiId,
      resourceName: `${WS_STAGE}/POST/@connections/*`,
    });

    const sending = new Set<iam.IRole>();
    const sendRate = Number(this.node.tryGetContext('sesSendRate') ?? CAMPAIGN_SENDER.sendRatePerSecond);
    for (const consumer of STREAM_CONSUMERS) {
      if (consumer.email && !props.email)
        throw new Error(`stream consumer ${consumer.id} sends email but no EmailStack was given`);
      const role = roleFor(consumer.table, `Stream${consumer.websocket ? 'Ws' : ''}${consumer.email ? 'Email' : ''}`);
      // ses:SendEmail on the one identity and configuration set only (EmailStack.grantSend)
      if (consumer.email && !sending.has(role)) {
        props.email!.grantSend(role);
        sending.add(role);
      }
      if (consumer.websocket && !role.node.tryFindChild('ManageConnections')) {
        role.attachInlinePolicy(
          new iam.Policy(role, 'ManageConnections', {
            statements: [new iam.PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [connectionsArn] })],
          }),
        );
        acknowledgeWildcardResource(
          role,
          connectionsArn,
          'PostToConnection on this WebSocket API and its prod stage only; the wildcard is the connection id, known only at run time from the connection registry.',
        );
      }
      const fn = new ApiFunction(this, consumer.id, {
        handler: consumer.handler,
        role,
        description: `DynamoDB stream consumer ${consumer.id}`,
        timeout: Duration.seconds(consumer.timeoutSeconds ?? 30),
        reservedConcurrency: stageSettings(this).reservedConcurrency[`stream:${consumer.id}`],
        environment: {
          ...environment,
          ...(consumer.websocket ? { WS_CALLBACK_URL: this.stage.callbackUrl } : {}),
          ...(consumer.email
            ? {
                ...props.email!.senderEnvironment(),
                SES_ENVIOS_POR_SEGUNDO: String(sendRate),
                CAMPANA_LEASE_MS: String(CAMPAIGN_SENDER.leaseMs),
                CAMPANA_MARGEN_MS: String(CAMPAIGN_SENDER.yieldMarginMs),
              }
            : {}),
        },
      });
      this.consumers.set(consumer.id, fn);
      fn.function.addEventSource(
        new DynamoEventSource(table, {
          startingPosition: lambda.StartingPosition.LATEST,
          ...STREAM_EVENT_SOURCE,
          ...(consumer.batchSize ? { batchSize: consumer.batchSize } : {}),
          // only the records the consumer acts on invoke it (the handler checks again)
          ...(consumer.filtro ? { filters: [lambda.FilterCriteria.filter(consumer.filtro)] } : {}),
          onFailure: new SqsDlq(this.deadLetterQueue),
        }),
      );
      Validations.of(role).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'dynamodb:ListStreams does not support resource-level permissions (added by the DynamoDB event source); the stream read actions themselves are scoped to the table stream ARN.',
      });
    }

    new CfnOutput(this, 'WebSocketUrl', { value: this.wsUrl });
    new CfnOutput(this, 'CallbackUrl', { value: this.stage.callbackUrl });
    this.webSocketApiIdExport = `${this.stackName}-WebSocketApiId`;
    new CfnOutput(this, 'WebSocketApiId', { value: this.webSocketApi.apiId, exportName: this.webSocketApiIdExport });
  }

  /**
   * The `@connections` endpoint of this API's stage for a function in another stack, through the
   * named export (as DataStack.importTable): the URL and ARNs are built in `scope`'s stack, which
   * must be deployed after this one (`addStackDependency`, as Fn.importValue is not seen as one).
   */
  importConnections(scope: Construct): WebSocketConnections {
    const stack = Stack.of(scope);
    const apiId = Fn.importValue(this.webSocketApiIdExport);
    return {
      callbackUrl: `https://${apiId}.execute-api.${stack.region}.${stack.urlSuffix}/${WS_STAGE}`,
      connectionsArn: (method) =>
        stack.formatArn({ service: 'execute-api', resource: apiId, resourceName: `${WS_STAGE}/${method}/@connections/*` }),
    };
  }
}
