import { EVENT_RULES, JOBS } from '@cuota/functions/manifest';
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { grantTable, type DataStack } from './data';
import { colaDeFallos } from './dlq';
import { ApiFunction, FunctionRoles } from './function';
import { stageSettings } from './stages';

export interface JobsStackProps extends StackProps {
  readonly data: DataStack;
  /**
   * Local hour (0–23, Costa Rica) by which yesterday's close must be done, else the `CierreAtrasado`
   * metric reads late (context `cierreHoraLimite`, env CIERRE_HORA_LIMITE of the `cierre-diario` job);
   * unset, the function's default, 6.
   */
  readonly cierreHoraLimite?: number;
}

/** Context `cierreHoraLimite`: a whole hour 0–23, or undefined when not given; anything else stops the synth. */
export function cierreHoraLimite(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const hour = Number(value);
  if (!/^\d{1,2}$/.test(value) || hour > 23)
    throw new Error(`context cierreHoraLimite must be a whole hour from 0 to 23, not '${value}'`);
  return hour;
}

/**
 * Jobs from the manifest (one EventBridge rule `rate(everyMinutes)` per timed job; an on-demand
 * job, without a period, gets its Lambda and no rule) and the rules on
 * service events (EVENT_RULES: SES SEND events on the default bus → the delivery ledger).
 *
 * Nothing scheduled fails silently: an event EventBridge could not deliver (its target's dead-letter
 * queue) and an invocation that failed after its bounded retries (the function's on-failure
 * destination; EventBridge invokes Lambda asynchronously) both land in `deadLetterQueue`.
 */
export class JobsStack extends Stack {
  readonly functions = new Map<string, ApiFunction>();
  readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    const table = props.data.importTable(this);
    const roles = new FunctionRoles(this, 'Roles');
    const reserved = stageSettings(this).reservedConcurrency;

    this.deadLetterQueue = colaDeFallos(this, 'JobsDlq', 'the scheduled jobs and event rules (the events that failed)');
    const dlq = this.deadLetterQueue;
    /** Failed invocations after `retryAttempts` more tries go to the queue, with the event that failed. */
    const alFallar = (fn: ApiFunction, retryAttempts: number, maxEventAge: Duration) =>
      fn.function.configureAsyncInvoke({ retryAttempts, maxEventAge, onFailure: new SqsDestination(dlq) });

    for (const job of JOBS) {
      const grant = job.table;
      const role = roles.roleFor(`Table${grant.charAt(0).toUpperCase()}${grant.slice(1)}`, (r) =>
        grantTable(r, grant, table, props.data),
      );
      const periodo = job.everyMinutes;
      const fn = new ApiFunction(this, job.id, {
        handler: job.handler,
        role,
        description: periodo ? `Job ${job.id}, every ${periodo} min` : `Job ${job.id}, on demand`,
        // Jobs work through bounded pages but may loop over many of them.
        timeout: Duration.minutes(5),
        environment: {
          TABLE_NAME: table.tableName,
          ...(job.id === 'cierre-diario' && props.cierreHoraLimite !== undefined
            ? { CIERRE_HORA_LIMITE: String(props.cierreHoraLimite) }
            : {}),
        },
        reservedConcurrency: reserved[`job:${job.id}`],
      });
      this.functions.set(job.id, fn);
      // an on-demand job (no period) is its Lambda alone, invoked by staff
      if (!periodo) continue;
      new events.Rule(this, `${job.id}-schedule`, {
        description: `Cuota job ${job.id}`,
        schedule: events.Schedule.rate(Duration.minutes(periodo)),
        // A missed run is caught up by the next one: no pile-up of retries.
        targets: [
          new targets.LambdaFunction(fn.function, {
            retryAttempts: 1,
            maxEventAge: Duration.minutes(periodo),
            deadLetterQueue: dlq,
          }),
        ],
      });
      // a run that fails is not retried (the next run starts over from its cursor) but is recorded
      alFallar(fn, 0, Duration.minutes(Math.min(Math.max(periodo, 1), 360)));
    }

    for (const rule of EVENT_RULES) {
      const role = roles.roleFor(`Table${rule.table.charAt(0).toUpperCase()}${rule.table.slice(1)}`, (r) =>
        grantTable(r, rule.table, table, props.data),
      );
      const fn = new ApiFunction(this, rule.id, {
        handler: rule.handler,
        role,
        description: `Event rule ${rule.id}`,
        environment: { TABLE_NAME: table.tableName },
      });
      this.functions.set(rule.id, fn);
      new events.Rule(this, `${rule.id}-rule`, {
        description: `Cuota ${rule.id}`,
        // the manifest holds the plain EventBridge pattern JSON (readonly literals)
        eventPattern: rule.pattern as unknown as events.EventPattern,
        // a lost ledger entry only delays a resume decision (the settle window), so retry generously
        targets: [
          new targets.LambdaFunction(fn.function, { retryAttempts: 8, maxEventAge: Duration.hours(6), deadLetterQueue: dlq }),
        ],
      });
      alFallar(fn, 2, Duration.hours(6));
    }
  }
}
