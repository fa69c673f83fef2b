import { ROUTES, type RouteDef } from '@cuota/functions/manifest';
import { Annotations, ArnFormat, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as cw from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct, IConstruct } from 'constructs';
import { routeGroups, type ApiStack } from './api';
import type { AuthStack } from './auth';
import type { DataStack } from './data';
import { ApiFunction } from './function';
import type { JobsStack } from './jobs';
import { WS_STAGE, type RealtimeStack } from './realtime';

/** Powertools Metrics namespace and default dimension of every handler (the cross-team contract). */
export const METRICAS_CUOTA = { namespace: 'Cuota', dimensionsMap: { service: 'cuota-api' } } as const;

/**
 * CloudWatch refuses a metric-math alarm over more than 10 metrics (a hard limit); a function group
 * larger than this is split into child alarms of at most this many, joined by a composite alarm.
 */
export const MAX_METRICAS_POR_ALARMA = 10;

/** The alarms with a fixed id (one alarm each). */
export const ALARMAS_FIJAS = [
  'api-5xx',
  'api-latencia-p99',
  'dlq-streams',
  'dlq-jobs',
  'dynamodb-throttles',
  'dynamodb-errores-sistema',
  'ses-rebotes',
  'ses-quejas',
  'cierre-atrasado',
  'websocket-errores-integracion',
  'websocket-errores-ejecucion',
] as const;

/** The function groups that are not API features: WebSocket + stream consumers, jobs, Cognito triggers. */
export const GRUPOS_NO_API = ['realtime', 'jobs', 'triggers'] as const;

/** Function groups: one per API feature (its nested route stack), then the other three. */
export function gruposDeFunciones(routes: readonly RouteDef[] = ROUTES): string[] {
  return [...[...routeGroups(routes).keys()].map((feature) => `api-${feature}`), ...GRUPOS_NO_API];
}

/**
 * Every alarm that notifies, by id: its CloudWatch name is `${alarmPrefix}-<id>` and its runbook
 * line is in docs/operations.md. Lambda errors and throttles have one alarm per function group.
 */
export const ALARMAS: readonly string[] = [
  ...ALARMAS_FIJAS,
  ...gruposDeFunciones().flatMap((grupo) => [`lambda-errores-${grupo}`, `lambda-throttles-${grupo}`]),
];

export interface MonitoringStackProps extends StackProps {
  /** Alarm names are `${alarmPrefix}-<id>`; the dashboard is `${alarmPrefix}`. */
  readonly alarmPrefix: string;
  /** Where the alarms are e-mailed (context `alarmEmail`); without it nobody is subscribed. */
  readonly alarmEmail?: string;
  readonly data: DataStack;
  readonly auth: AuthStack;
  readonly api: ApiStack;
  readonly realtime: RealtimeStack;
  readonly jobs: JobsStack;
}

/** Every product Lambda built under `scope` (nested stacks included), in construct order. */
export function funcionesBajo(scope: IConstruct): ApiFunction[] {
  return scope.node.findAll().filter((c): c is ApiFunction => c instanceof ApiFunction);
}

/** The function groups of the app: each API feature's route stack, realtime, jobs, triggers. */
export function gruposDe(props: Pick<MonitoringStackProps, 'api' | 'realtime' | 'jobs' | 'auth'>): Map<string, ApiFunction[]> {
  const grupos = new Map<string, ApiFunction[]>();
  for (const [feature, routeStack] of props.api.routeStacks) grupos.set(`api-${feature}`, funcionesBajo(routeStack));
  const rutas = new Set<Stack>(props.api.routeStacks.values());
  const sueltas = funcionesBajo(props.api).filter((f) => !rutas.has(Stack.of(f)));
  if (sueltas.length)
    throw new Error(`API functions outside a route stack have no alarm group: ${sueltas.map((f) => f.node.path).join(', ')}`);
  grupos.set('realtime', funcionesBajo(props.realtime));
  grupos.set('jobs', funcionesBajo(props.jobs));
  grupos.set('triggers', funcionesBajo(props.auth));
  return grupos;
}

const CINCO_MINUTOS = Duration.minutes(5);
const UNA_HORA = Duration.hours(1);

/** The thresholds, in one place (docs/operations.md repeats them in words). */
export const UMBRALES = {
  /** % of API requests answered 5xx in 5 min. */
  api5xxPorcentaje: 1,
  /** p99 of the API's latency (ms), in 2 of 3 periods of 5 min. */
  apiLatenciaP99Ms: 3000,
  /** SES account reputation: above these the account is reviewed (and then paused) by SES. */
  sesRebotes: 0.05,
  sesQuejas: 0.001,
  /** Integration errors (4xx/5xx from a WebSocket handler, the $connect 401s included) in 5 min. */
  websocketErroresIntegracion: 10,
} as const;

interface Umbral {
  readonly threshold: number;
  readonly comparisonOperator?: cw.ComparisonOperator;
  readonly evaluationPeriods?: number;
  readonly datapointsToAlarm?: number;
  readonly treatMissingData?: cw.TreatMissingData;
  readonly evaluateLowSampleCountPercentile?: string;
}

/**
 * Alarms, their SNS topic and the service dashboard, with plain CloudWatch constructs: the alarms
 * need fixed names, grouped metric math and Metrics Insights queries, which a generic monitoring
 * library would wrap rather than save. Deployed last; nothing references it (its
 * references to the other stacks are weak, `Fn::GetStackOutput`), so it can be changed or removed
 * without touching them.
 */
export class MonitoringStack extends Stack {
  readonly topic: sns.Topic;
  readonly key: kms.Key;
  /** The notifying alarm of each id of {@link ALARMAS} (a metric alarm or a composite alarm). */
  readonly alarmas = new Map<string, cw.AlarmBase>();
  readonly dashboard: cw.Dashboard;

  private readonly prefijo: string;
  private readonly accion: SnsAction;

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    this.prefijo = props.alarmPrefix;

    // Alarms cannot publish to a topic encrypted with aws/sns (an AWS managed key's policy cannot
    // let CloudWatch use it): a key of our own that CloudWatch may use, rotated yearly.
    this.key = new kms.Key(this, 'AlarmasKey', {
      description: `Cuota: encrypts the ${this.prefijo} alarm topic`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    this.key.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudWatchAlarmsUseKey',
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        // in a key policy "*" is this key
        resources: ['*'],
      }),
    );
    this.topic = new sns.Topic(this, 'Alarmas', {
      topicName: `${this.prefijo}-alarmas`,
      displayName: `Cuota alarms (${this.prefijo})`,
      masterKey: this.key,
      enforceSSL: true,
    });
    // A topic policy replaces SNS's default one: this account's alarms (and only its own) publish.
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudWatchAlarmsPublish',
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': this.account },
          ArnLike: {
            'aws:SourceArn': this.formatArn({
              service: 'cloudwatch',
              resource: 'alarm',
              resourceName: `${this.prefijo}-*`,
              arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            }),
          },
        },
      }),
    );
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    else
      Annotations.of(this).addWarningV2(
        'cuota:monitoring:sin-alarmEmail',
        'No alarmEmail context: the alarms publish to their SNS topic but nobody is subscribed, so they go nowhere. Deploy with -c alarmEmail=<address> (docs/operations.md).',
      );
    this.accion = new SnsAction(this.topic);

    const api = this.alarmasApi(props.api);
    const ws = this.alarmasWebSocket(props.realtime);
    const lambdas = this.alarmasLambda(gruposDe(props));
    const colas = this.alarmasColas({ 'dlq-streams': props.realtime.deadLetterQueue, 'dlq-jobs': props.jobs.deadLetterQueue });
    const tabla = this.alarmasDynamo(props.data.table.tableName);
    const correo = this.alarmasSes();
    const cierre = this.alarmaCierre();

    this.dashboard = new cw.Dashboard(this, 'Dashboard', {
      dashboardName: this.prefijo,
      defaultInterval: Duration.hours(6),
    });
    const ancho = 8;
    this.dashboard.addWidgets(
      new cw.AlarmStatusWidget({
        title: 'Alarms (runbook: docs/operations.md)',
        alarms: [...this.alarmas.values()],
        width: 24,
        height: 6,
        sortBy: cw.AlarmStatusWidgetSortBy.STATE_UPDATED_TIMESTAMP,
      }),
    );
    this.dashboard.addWidgets(
      new cw.GraphWidget({ title: 'API: requests, 4xx, 5xx (5 min)', left: api.trafico, width: ancho }),
      new cw.GraphWidget({
        title: 'API: 5xx (% of requests)',
        left: [api.tasa5xx],
        leftAnnotations: [{ value: UMBRALES.api5xxPorcentaje, label: 'alarm' }],
        width: ancho,
      }),
      new cw.GraphWidget({
        title: 'API: latency p50 / p99 (ms)',
        left: api.latencia,
        leftAnnotations: [{ value: UMBRALES.apiLatenciaP99Ms, label: 'alarm (p99)' }],
        width: ancho,
      }),
    );
    this.dashboard.addWidgets(
      new cw.GraphWidget({
        title: 'Lambda errors by group',
        left: lambdas.errores,
        width: 12,
        height: 8,
        legendPosition: cw.LegendPosition.RIGHT,
      }),
      new cw.GraphWidget({
        title: 'Lambda throttles by group',
        left: lambdas.throttles,
        width: 12,
        height: 8,
        legendPosition: cw.LegendPosition.RIGHT,
      }),
    );
    this.dashboard.addWidgets(
      new cw.GraphWidget({
        title: 'Unhandled route errors (Cuota/ErroresNoControlados)',
        left: [this.metricaCuota('ErroresNoControlados', 'Sum', CINCO_MINUTOS)],
        width: ancho,
      }),
      new cw.GraphWidget({ title: 'Daily close late (Cuota/CierreAtrasado, 1 = late)', left: [cierre], width: ancho }),
      new cw.GraphWidget({ title: 'Dead-letter queues (messages)', left: colas, width: ancho }),
    );
    this.dashboard.addWidgets(
      new cw.GraphWidget({ title: 'DynamoDB: throttled requests, system errors', left: tabla, width: ancho }),
      new cw.GraphWidget({
        title: 'SES: bounce and complaint rates (account)',
        left: correo,
        leftAnnotations: [
          { value: UMBRALES.sesRebotes, label: 'bounces alarm' },
          { value: UMBRALES.sesQuejas, label: 'complaints alarm' },
        ],
        width: ancho,
      }),
      new cw.GraphWidget({ title: 'WebSocket: connects, messages, errors', left: ws, width: ancho }),
    );
  }

  /** `${alarmPrefix}-<id>`. */
  nombre(id: string): string {
    return `${this.prefijo}-${id}`;
  }

  /** A notifying alarm named `${alarmPrefix}-<id>`, publishing to the topic on ALARM and on OK. */
  private alarma(id: string, metric: cw.IMetric, descripcion: string, umbral: Umbral): cw.Alarm {
    const alarm = new cw.Alarm(this, `Alarma-${id}`, {
      alarmName: this.nombre(id),
      alarmDescription: `${descripcion} Runbook: docs/operations.md, alarm ${id}.`,
      metric,
      comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cw.TreatMissingData.NOT_BREACHING,
      ...umbral,
    });
    this.notifica(id, alarm);
    return alarm;
  }

  private notifica(id: string, alarm: cw.AlarmBase): void {
    alarm.addAlarmAction(this.accion);
    alarm.addOkAction(this.accion);
    this.alarmas.set(id, alarm);
  }

  private metricaCuota(metricName: string, statistic: string, period: Duration): cw.Metric {
    return new cw.Metric({ ...METRICAS_CUOTA, metricName, statistic, period });
  }

  private alarmasApi(api: ApiStack) {
    const dims = { ApiId: api.httpApi.apiId, Stage: api.stage.stageName };
    const m = (metricName: string, statistic: string, label: string) =>
      new cw.Metric({ namespace: 'AWS/ApiGateway', metricName, dimensionsMap: dims, statistic, period: CINCO_MINUTOS, label });
    const solicitudes = m('Count', 'Sum', 'requests');
    const errores = m('5xx', 'Sum', '5xx');
    const tasa5xx = new cw.MathExpression({
      expression: 'IF(solicitudes > 0, 100 * errores / solicitudes, 0)',
      usingMetrics: { solicitudes, errores },
      period: CINCO_MINUTOS,
      label: '5xx %',
    });
    this.alarma(
      'api-5xx',
      tasa5xx,
      `More than ${UMBRALES.api5xxPorcentaje} % of the HTTP API's requests were answered 5xx in 5 minutes.`,
      {
        threshold: UMBRALES.api5xxPorcentaje,
        comparisonOperator: cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
      },
    );
    const p99 = m('Latency', 'p99', 'p99');
    this.alarma(
      'api-latencia-p99',
      p99,
      `The HTTP API's p99 latency was above ${UMBRALES.apiLatenciaP99Ms / 1000} s in 2 of the last 3 periods of 5 minutes.`,
      {
        threshold: UMBRALES.apiLatenciaP99Ms,
        comparisonOperator: cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        // a quiet night has few requests: judge them anyway (a slow route is slow at any volume)
        evaluateLowSampleCountPercentile: 'evaluate',
      },
    );
    return { trafico: [solicitudes, m('4xx', 'Sum', '4xx'), errores], tasa5xx, latencia: [m('Latency', 'p50', 'p50'), p99] };
  }

  private alarmasWebSocket(realtime: RealtimeStack): cw.IMetric[] {
    const dims = { ApiId: realtime.webSocketApi.apiId, Stage: WS_STAGE };
    const m = (metricName: string) =>
      new cw.Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: dims,
        statistic: 'Sum',
        period: CINCO_MINUTOS,
        label: metricName,
      });
    const integracion = m('IntegrationError');
    const ejecucion = m('ExecutionError');
    this.alarma(
      'websocket-errores-integracion',
      integracion,
      `At least ${UMBRALES.websocketErroresIntegracion} WebSocket requests got a 4xx/5xx from their handler in 5 minutes.`,
      {
        threshold: UMBRALES.websocketErroresIntegracion,
      },
    );
    this.alarma(
      'websocket-errores-ejecucion',
      ejecucion,
      'API Gateway could not run a WebSocket handler (invoke failed, throttled or timed out) in the last 5 minutes.',
      {
        threshold: 1,
      },
    );
    return [m('ConnectCount'), m('MessageCount'), integracion, ejecucion];
  }

  /**
   * Errors and throttles per function group. Each alarm sums the group's functions with metric
   * math (`SUM([...])`), which CloudWatch allows over at most 10 metrics: a larger group gets child
   * alarms of up to 10 functions (no actions) and its notifying alarm is a composite of them.
   * Metrics Insights could sum any number, but its WHERE selects a function only by exact name,
   * and the generated names do not tell the feature (see docs/operations.md).
   */
  private alarmasLambda(grupos: Map<string, ApiFunction[]>) {
    const errores: cw.IMetric[] = [];
    const throttles: cw.IMetric[] = [];
    for (const [n, [grupo, funciones]] of [...grupos].entries()) {
      if (!funciones.length) continue;
      for (const [tipo, metricName, grafica] of [
        ['errores', 'Errors', errores],
        ['throttles', 'Throttles', throttles],
      ] as const) {
        const id = `lambda-${tipo}-${grupo}`;
        const suma = (fns: ApiFunction[]) =>
          new cw.MathExpression({
            // ids unique across the dashboard graph that holds every group
            expression: `SUM([${fns.map((f) => `g${n}f${funciones.indexOf(f)}`).join(', ')}])`,
            usingMetrics: Object.fromEntries(
              fns.map((f) => [
                `g${n}f${funciones.indexOf(f)}`,
                f.function.metric(metricName, { statistic: 'Sum', period: CINCO_MINUTOS }),
              ]),
            ),
            period: CINCO_MINUTOS,
            label: grupo,
          });
        const descripcion = (n: number) =>
          `${metricName === 'Errors' ? 'A function failed (an exception, a timeout or out of memory)' : 'Lambda refused to run a function (concurrency)'} in the ${grupo} group (${n} functions) in the last 5 minutes.`;
        const umbral: Umbral = { threshold: 1 };
        const partes = trozos(funciones, MAX_METRICAS_POR_ALARMA);
        if (partes.length === 1) {
          this.alarma(id, suma(funciones), descripcion(funciones.length), umbral);
        } else {
          const hijas = partes.map(
            (parte, i) =>
              new cw.Alarm(this, `Alarma-${id}-parte${i + 1}`, {
                alarmName: this.nombre(`${id}-parte${i + 1}`),
                alarmDescription: `Part ${i + 1} of ${partes.length} of ${this.nombre(id)} (no actions: the composite alarm notifies).`,
                metric: suma(parte),
                comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
                evaluationPeriods: 1,
                treatMissingData: cw.TreatMissingData.NOT_BREACHING,
                ...umbral,
              }),
          );
          this.notifica(
            id,
            new cw.CompositeAlarm(this, `Alarma-${id}`, {
              compositeAlarmName: this.nombre(id),
              alarmDescription: `${descripcion(funciones.length)} Runbook: docs/operations.md, alarm ${id}.`,
              alarmRule: cw.AlarmRule.anyOf(...hijas),
            }),
          );
        }
        // graphs are not limited to 10 metrics
        grafica.push(suma(funciones));
      }
    }
    return { errores, throttles };
  }

  private alarmasColas(colas: Record<'dlq-streams' | 'dlq-jobs', sqs.IQueue>): cw.IMetric[] {
    return Object.entries(colas).map(([id, cola]) => {
      const visibles = cola.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: CINCO_MINUTOS, label: id });
      this.alarma(id, visibles, `The dead-letter queue ${id} holds at least one message: something failed after its retries.`, {
        threshold: 1,
      });
      return visibles;
    });
  }

  /**
   * ThrottledRequests and SystemErrors are published per operation: a Metrics Insights query sums
   * every operation on the table (metric math would list them, up to 10).
   */
  private alarmasDynamo(tableName: string): cw.IMetric[] {
    const consulta = (metricName: string) =>
      new cw.MathExpression({
        expression: `SELECT SUM(${metricName}) FROM SCHEMA("AWS/DynamoDB", Operation, TableName) WHERE TableName = '${tableName}'`,
        period: CINCO_MINUTOS,
        label: metricName,
      });
    const throttles = consulta('ThrottledRequests');
    const sistema = consulta('SystemErrors');
    this.alarma('dynamodb-throttles', throttles, 'DynamoDB throttled requests to the table in the last 5 minutes.', {
      threshold: 1,
    });
    this.alarma(
      'dynamodb-errores-sistema',
      sistema,
      'DynamoDB answered requests to the table with a 500 in two periods of 5 minutes in a row.',
      {
        threshold: 1,
        evaluationPeriods: 2,
        datapointsToAlarm: 2,
      },
    );
    return [throttles, sistema];
  }

  private alarmasSes(): cw.IMetric[] {
    const m = (metricName: string, label: string) =>
      new cw.Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: UNA_HORA, label });
    const rebotes = m('Reputation.BounceRate', 'bounce rate');
    const quejas = m('Reputation.ComplaintRate', 'complaint rate');
    this.alarma('ses-rebotes', rebotes, `The account's SES bounce rate is above ${UMBRALES.sesRebotes * 100} %.`, {
      threshold: UMBRALES.sesRebotes,
      comparisonOperator: cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
    this.alarma('ses-quejas', quejas, `The account's SES complaint rate is above ${UMBRALES.sesQuejas * 100} %.`, {
      threshold: UMBRALES.sesQuejas,
      comparisonOperator: cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
    return [rebotes, quejas];
  }

  /**
   * The cierre-diario job publishes CierreAtrasado (1 late, 0 on time) on every hourly run. Missing
   * data breaches: CloudWatch evaluates an alarm over a range longer than its period and fills in
   * missing points only when too few real ones are left, so a single hour without a point (a run
   * that slipped past the hour) is skipped while hours without any run alarm ("job not running").
   */
  private alarmaCierre(): cw.IMetric {
    const atrasado = this.metricaCuota('CierreAtrasado', 'Maximum', UNA_HORA);
    this.alarma(
      'cierre-atrasado',
      atrasado,
      'The daily close of a past business date is still open after the deadline hour, or the cierre-diario job has stopped reporting.',
      {
        threshold: 1,
        treatMissingData: cw.TreatMissingData.BREACHING,
      },
    );
    return atrasado;
  }
}

function trozos<T>(items: readonly T[], tamano: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += tamano) out.push(items.slice(i, i + tamano));
  return out;
}
