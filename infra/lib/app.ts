import { App, Tags, Token, Validations, type Environment } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ApiStack } from './api';
import { AuthStack } from './auth';
import { DataStack } from './data';
import { EDGE_REGION, EdgeStack, UserPoolWaf, wafRateLimit } from './edge';
import { EmailStack } from './email';
import { cierreHoraLimite, JobsStack } from './jobs';
import { MonitoringStack } from './monitoring';
import { apiGatewayCloudWatchRole, RealtimeStack } from './realtime';
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
  monitoring: MonitoringStack;
  /** The CloudFront web ACL in us-east-1 (context `waf=true`). */
  edge?: EdgeStack;
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

  // WAF (context waf=true): the CloudFront web ACL in its own us-east-1 stack (unless webAclArn names
  // an existing one), and a regional one on the user pool
  // 'true' | 'false' (a JSON boolean in cdk.json counts too); anything else stops the synth rather than meaning off
  const rawWaf: unknown = app.node.tryGetContext('waf');
  const wafContext =
    typeof rawWaf === 'boolean'
      ? String(rawWaf)
      : rawWaf === undefined || typeof rawWaf === 'string'
        ? (ctx(app, 'waf') ?? 'false')
        : JSON.stringify(rawWaf);
  if (wafContext !== 'true' && wafContext !== 'false')
    throw new Error(`context waf must be 'true' or 'false', not '${wafContext}'`);
  const waf =
    wafContext === 'true' ? { rateLimit: wafRateLimit(ctx(app, 'wafRateLimit')), logName: prefix.toLowerCase() } : undefined;
  const webAclArn = ctx(app, 'webAclArn');
  if (waf && !webAclArn && (!env.region || Token.isUnresolved(env.region)))
    throw new Error(
      'context waf=true needs an explicit region (-c region=… or CDK_DEFAULT_REGION): the web ACL lives in us-east-1 and CuotaWeb references it across regions',
    );
  const edge =
    waf && !webAclArn
      ? new EdgeStack(app, `${prefix}Edge`, {
          env: { ...env, region: EDGE_REGION },
          description: 'Cuota: CloudFront web ACL (WAF, us-east-1)',
          ...waf,
        })
      : undefined;

  const data = new DataStack(app, `${prefix}Data`, { env, description: 'Cuota: single DynamoDB table' });
  const email = new EmailStack(app, `${prefix}Email`, {
    env,
    description: 'Cuota: SES identity and configuration set',
    senderDomain: ctx(app, 'senderDomain'),
    senderEmail: ctx(app, 'senderEmail'),
  });
  // Cognito's mail through the SES identity (context cognitoEmail=ses), and staff MFA (context
  // staffMfa: 'obligatoria' by default, 'opcional' turns the API's check off): infra/README.md.
  const cognitoEmail = ctx(app, 'cognitoEmail') ?? 'cognito';
  if (cognitoEmail !== 'ses' && cognitoEmail !== 'cognito')
    throw new Error(`context cognitoEmail must be 'ses' or 'cognito', not '${cognitoEmail}'`);
  const staffMfa = ctx(app, 'staffMfa') ?? 'obligatoria';
  if (staffMfa !== 'obligatoria' && staffMfa !== 'opcional')
    throw new Error(`context staffMfa must be 'obligatoria' or 'opcional', not '${staffMfa}'`);
  const auth = new AuthStack(app, `${prefix}Auth`, {
    env,
    description: 'Cuota: Cognito user pool, groups, web client',
    data,
    email,
    cognitoEmail,
  });
  if (waf) new UserPoolWaf(auth, 'Waf', { ...waf, userPool: auth.userPool });
  const realtime = new RealtimeStack(app, `${prefix}Realtime`, {
    env,
    description: 'Cuota: WebSocket API and DynamoDB stream consumers (live push, aggregates, segments, campaign sender)',
    data,
    issuer: auth.issuer,
    webClient: auth.webClient,
    email,
    apiGatewayCloudWatchRole: apiGatewayCloudWatchRole(ctx(app, 'apiGatewayCloudWatchRole')),
    staffMfa,
  });
  const apiDomainName = ctx(app, 'apiDomainName');
  const apiCertificateArn = ctx(app, 'apiCertificateArn');
  if (!apiDomainName !== !apiCertificateArn)
    throw new Error(
      'context apiDomainName and apiCertificateArn go together (the custom API domain and its regional ACM certificate)',
    );
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
    customDomain:
      apiDomainName && apiCertificateArn ? { domainName: apiDomainName, certificateArn: apiCertificateArn } : undefined,
    staffMfa,
  });
  const jobs = new JobsStack(app, `${prefix}Jobs`, {
    env,
    description: 'Cuota: scheduled jobs and service-event rules',
    data,
    // the daily close's deadline hour (the cierre-atrasado alarm), docs/operations.md
    cierreHoraLimite: cierreHoraLimite(ctx(app, 'cierreHoraLimite')),
  });
  const web = new WebStack(app, `${prefix}Web`, {
    env,
    crossRegionReferences: edge !== undefined,
    description: 'Cuota: web apps on S3 + CloudFront',
    apiDomainName: api.apiDomainName,
    userPoolId: auth.userPool.userPoolId,
    userPoolClientId: auth.webClient.userPoolClientId,
    wsUrl: realtime.wsUrl,
    wsOrigin: realtime.wsOrigin,
    webRoot: options.webRoot,
    domainName: ctx(app, 'webDomainName'),
    certificateArn: ctx(app, 'webCertificateArn'),
    webAclArn: webAclArn ?? edge?.webAcl.attrArn,
  });
  // Named exports are imported with Fn.importValue, which CDK does not see as a dependency.
  for (const stack of [api, realtime, jobs]) stack.addStackDependency(data);
  // the API imports the WebSocket API id (RealtimeStack.importConnections); the realtime stack
  // needs nothing of the API, so it is built and deployed first
  api.addStackDependency(realtime);

  // last, and referenced by nothing: alarms, their topic and the dashboard (docs/operations.md)
  const monitoring = new MonitoringStack(app, `${prefix}Monitoring`, {
    env,
    description: 'Cuota: alarms, their SNS topic and the service dashboard',
    alarmPrefix: prefix.toLowerCase(),
    alarmEmail: ctx(app, 'alarmEmail'),
    data,
    auth,
    api,
    realtime,
    jobs,
  });

  Tags.of(app).add('app', 'cuota');
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { data, auth, email, api, realtime, jobs, web, monitoring, ...(edge ? { edge } : {}) };
}
