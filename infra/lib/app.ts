import { App, Tags, Validations, type Environment } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ApiStack } from './api';
import { AuthStack } from './auth';
import { DataStack } from './data';
import { EmailStack } from './email';
import { JobsStack } from './jobs';
import { RealtimeStack } from './realtime';
import { checkStage, stageSettings } from './stages';
import { WebStack } from './web';

export interface CuotaStacks {
  data: DataStack;
  auth: AuthStack;
  email: EmailStack;
  api: ApiStack;
  realtime: RealtimeStack;
  jobs: JobsStack;
  web: WebStack;
}

export interface BuildOptions {
  /** Where the web apps' dist folders are looked up (tests point it elsewhere). */
  readonly webRoot?: string;
}

/**
 * A context value (command line, cdk.json), blank counting as unset; unset, the stage's default
 * (infra/lib/stages.ts: e.g. `waf` is 'true' in staging and prod), else undefined.
 */
export const ctx = (app: App, key: string): string | undefined => {
  const value: unknown = app.node.tryGetContext(key);
  return typeof value === 'string' && value.trim() ? value.trim() : stageSettings(app).context[key];
};

/**
 * Every Cuota stack, wired together, with cdk-nag's AWS Solutions checks on the whole app.
 * Unacknowledged cdk-nag errors fail synthesis.
 */
export function buildCuota(app: App, options: BuildOptions = {}): CuotaStacks {
  const env: Environment = {
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: ctx(app, 'region') ?? process.env.CDK_DEFAULT_REGION,
  };
  // context `stage` (dev | staging | prod): names, retention, removal, backup, context defaults
  const stage = stageSettings(app);
  checkStage(stage, (key) => ctx(app, key), env.region);
  const prefix = ctx(app, 'stackPrefix') ?? stage.prefix;

  const data = new DataStack(app, `${prefix}Data`, { env, description: 'Cuota: single DynamoDB table' });
  const auth = new AuthStack(app, `${prefix}Auth`, { env, description: 'Cuota: Cognito user pool, groups, web client', data });
  const email = new EmailStack(app, `${prefix}Email`, {
    env,
    description: 'Cuota: SES identity and configuration set',
    senderDomain: ctx(app, 'senderDomain'),
    senderEmail: ctx(app, 'senderEmail'),
  });
  const realtime = new RealtimeStack(app, `${prefix}Realtime`, {
    env,
    description: 'Cuota: WebSocket API and DynamoDB stream consumers (live push, aggregates, segments, campaign sender)',
    data,
    issuer: auth.issuer,
    webClient: auth.webClient,
    email,
  });
  const api = new ApiStack(app, `${prefix}Api`, {
    env,
    description: 'Cuota: HTTP API, one Lambda per route',
    data,
    userPool: auth.userPool,
    webClient: auth.webClient,
    issuer: auth.issuer,
    email,
    // the revoking routes close the user's sockets through the WebSocket API's @connections
    realtime,
  });
  const jobs = new JobsStack(app, `${prefix}Jobs`, { env, description: 'Cuota: scheduled jobs and service-event rules', data });
  const web = new WebStack(app, `${prefix}Web`, {
    env,
    description: 'Cuota: web apps on S3 + CloudFront',
    apiDomainName: api.apiDomainName,
    userPoolId: auth.userPool.userPoolId,
    userPoolClientId: auth.webClient.userPoolClientId,
    wsUrl: realtime.wsUrl,
    wsOrigin: realtime.wsOrigin,
    webRoot: options.webRoot,
    domainName: ctx(app, 'webDomainName'),
    certificateArn: ctx(app, 'webCertificateArn'),
    webAclArn: ctx(app, 'webAclArn'),
  });
  // Named exports are imported with Fn.importValue, which CDK does not see as a dependency.
  for (const stack of [api, realtime, jobs]) stack.addStackDependency(data);
  // the API imports the WebSocket API id (RealtimeStack.importConnections); the realtime stack
  // needs nothing of the API, so it is built and deployed first
  api.addStackDependency(realtime);

  Tags.of(app).add('app', 'cuota');
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { data, auth, email, api, realtime, jobs, web };
}
