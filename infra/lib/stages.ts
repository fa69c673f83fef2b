import { RemovalPolicy } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IConstruct } from 'constructs';
import type { JobId } from '@cuota/functions/manifest';

/**
 * Deployment stages, chosen with context `stage` (`cdk deploy -c stage=prod`). Without it the app
 * is what it always was (stacks `Cuota*`, the table and user pool retained and protected): a live
 * deployment made before stages existed is not renamed into new stacks by an upgrade.
 *
 * One AWS account per stage (infra/README.md, "Stages and delivery"): two stages in one account
 * and region would fight over the SES identity of the same sender, the account-wide API Gateway
 * CloudWatch role and the account's Lambda concurrency, and a mistake in dev could reach prod data.
 */
export const STAGE_NAMES = ['dev', 'staging', 'prod'] as const;
/** A function by its manifest kind and id: a scheduled job or a stream consumer. */
export type ReservationKey = `job:${JobId}` | `stream:${string}`;
export type StageName = (typeof STAGE_NAMES)[number];

export interface StageSettings {
  /** Undefined without context `stage`. */
  readonly name?: StageName;
  /** Every stack's name starts with it (context `stackPrefix` still wins). */
  readonly prefix: string;
  /** The table and the user pool: what deleting their stack does to them. */
  readonly removalPolicy: RemovalPolicy;
  readonly deletionProtection: boolean;
  /** Every Lambda's log group (infra/lib/function.ts). */
  readonly logRetention: logs.RetentionDays;
  /** An AWS Backup plan on the table (infra/lib/data.ts): daily copies kept 35 days, monthly ones 1 year. */
  readonly backup: boolean;
  /**
   * Reserved concurrency by manifest kind and id (`job:<JOBS id>`, `stream:<STREAM_CONSUMERS id>`),
   * passed explicitly by the stack that builds that function (infra/lib/jobs.ts, realtime.ts), so a
   * route or trigger that happens to share an id inherits nothing. Each entry both caps the function
   * and guarantees it that much of the account's concurrency.
   */
  readonly reservedConcurrency: Readonly<Partial<Record<ReservationKey, number>>>;
  /** What `ctx()` (infra/lib/app.ts) answers for a key that neither the command line nor cdk.json sets. */
  readonly context: Readonly<Record<string, string>>;
  /** Context keys the stage cannot be deployed without. */
  readonly requiredContext: readonly string[];
  /** The region must be known at synth (context `region` or CDK_DEFAULT_REGION). */
  readonly requiresRegion: boolean;
}

/**
 * Lambda refuses a reservation that leaves the account fewer than this many unreserved executions;
 * a new account's quota can be as low as 10, so nothing is reserved in dev, and staging and prod
 * need the usual quota of 1000 (a Service Quotas request on a new account).
 */
export const MIN_UNRESERVED_CONCURRENCY = 100;
export const ASSUMED_ACCOUNT_CONCURRENCY = 1000;

/**
 * Where one function could starve the others or itself, staging and prod reserve:
 * - the stream consumer `despachar-campanas` (campaign sender, runs up to 15 min, paced at the
 *   account's SES send rate): 1. Two senders at once (two campaigns on two stream shards) would
 *   together send at twice the SES rate and be throttled; a second campaign waits for the first (its
 *   stream record is retried, and the resume job picks up a campaign whose lease expired).
 * - the job `cierre-diario` (the scheduled daily close, hourly, 5-min timeout): 1, so an API flood
 *   that takes the account's concurrency can never keep the close from running, and two scheduled
 *   runs never overlap. Staff can still run a close at the same time through `POST /api/cierre-diario`
 *   (another function, not reserved): the close is idempotent per date and per credit, which is what
 *   makes two at once safe, not this reservation.
 * The one-minute jobs are left unreserved on purpose: a throttled scheduled event expires after its
 * one-minute maximum age and would land in the jobs' DLQ as a false failure.
 */
const RESERVED: StageSettings['reservedConcurrency'] = { 'stream:despachar-campanas': 1, 'job:cierre-diario': 1 };

/** No context `stage`: exactly the templates from before stages existed. */
export const NO_STAGE: StageSettings = {
  prefix: 'Cuota',
  removalPolicy: RemovalPolicy.RETAIN,
  deletionProtection: true,
  logRetention: logs.RetentionDays.THREE_MONTHS,
  backup: false,
  reservedConcurrency: {},
  context: {},
  requiredContext: [],
  requiresRegion: false,
};

export const STAGES: Readonly<Record<StageName, StageSettings>> = {
  // a developer's own account: `cdk destroy` removes everything, nothing is kept for long
  dev: {
    name: 'dev',
    prefix: 'CuotaDev',
    removalPolicy: RemovalPolicy.DESTROY,
    deletionProtection: false,
    logRetention: logs.RetentionDays.ONE_WEEK,
    backup: false,
    reservedConcurrency: {},
    context: { waf: 'false' },
    requiredContext: [],
    requiresRegion: false,
  },
  // prod's shape on test data (the rehearsal of every prod deploy); the table has PITR, no Backup plan
  staging: {
    name: 'staging',
    prefix: 'CuotaStaging',
    removalPolicy: RemovalPolicy.RETAIN,
    deletionProtection: true,
    logRetention: logs.RetentionDays.ONE_MONTH,
    backup: false,
    reservedConcurrency: RESERVED,
    // its own account (above): the account-wide API Gateway CloudWatch role is this app's to create
    context: { waf: 'true', apiGatewayCloudWatchRole: 'create' },
    requiredContext: [],
    requiresRegion: true,
  },
  // prefix `Cuota`: the stacks of a deployment made without a stage are updated in place, not replaced
  prod: {
    name: 'prod',
    prefix: 'Cuota',
    removalPolicy: RemovalPolicy.RETAIN,
    deletionProtection: true,
    logRetention: logs.RetentionDays.THREE_MONTHS,
    backup: true,
    reservedConcurrency: RESERVED,
    // Cognito mails through SES (no daily cap of the default sender): the identity must be verified
    // and out of the SES sandbox first (docs/operations.md); `-c cognitoEmail=cognito` until then.
    // Its own account: the account-wide API Gateway CloudWatch role (WebSocket access logs) is created here.
    context: { waf: 'true', cognitoEmail: 'ses', apiGatewayCloudWatchRole: 'create' },
    requiredContext: ['alarmEmail'],
    requiresRegion: true,
  },
};

const isStageName = (value: string): value is StageName => (STAGE_NAMES as readonly string[]).includes(value);

/** The settings of the stage named by context `stage` (read from `scope`'s tree), or {@link NO_STAGE}. */
export function stageSettings(scope: IConstruct): StageSettings {
  const raw: unknown = scope.node.tryGetContext('stage');
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (!name) return NO_STAGE;
  if (!isStageName(name)) throw new Error(`Unknown stage "${name}" (context stage): use ${STAGE_NAMES.join(', ')}.`);
  return STAGES[name];
}

/**
 * Fails the synthesis early, with what to pass, when the stage lacks a required context key or an
 * explicit region, or reserves more concurrency than an account of the usual quota can give.
 */
export function checkStage(stage: StageSettings, lookup: (key: string) => string | undefined, region: string | undefined): void {
  const where = `stage ${stage.name ?? '(none)'}`;
  const missing = stage.requiredContext.filter((key) => !lookup(key));
  if (missing.length) {
    throw new Error(
      `The ${where} needs context ${missing.map((k) => `-c ${k}=…`).join(' ')} (infra/README.md, "Stages and delivery").`,
    );
  }
  // Cognito through SES names the EmailStack identity: cdk.json's placeholder sender can never be
  // verified, and a pool update naming it fails and rolls back (infra/README.md, "Cognito mail")
  if ((lookup('cognitoEmail') ?? 'cognito') === 'ses' && !lookup('senderDomain')) {
    const sender = lookup('senderEmail');
    if (!sender || /@example\.com$/i.test(sender)) {
      throw new Error(
        `The ${where} sends Cognito's mail through SES (cognitoEmail=ses) and needs a real sender: -c senderDomain=<verified domain> or -c senderEmail=<verified address>${sender ? ` (not ${sender})` : ''}, or -c cognitoEmail=cognito until the identity is verified.`,
      );
    }
  }
  if (stage.requiresRegion && !region) {
    throw new Error(`The ${where} needs an explicit region: -c region=<aws-region> or CDK_DEFAULT_REGION.`);
  }
  const reserved = Object.values(stage.reservedConcurrency).reduce((a: number, b) => a + (b ?? 0), 0);
  if (ASSUMED_ACCOUNT_CONCURRENCY - reserved < MIN_UNRESERVED_CONCURRENCY) {
    throw new Error(
      `The ${where} reserves ${reserved} concurrent executions: fewer than ${MIN_UNRESERVED_CONCURRENCY} would stay unreserved.`,
    );
  }
}
