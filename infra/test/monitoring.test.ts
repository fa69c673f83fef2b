import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildCuota } from '../lib/app';
import { REPO_ROOT } from '../lib/function';
import { ALARMAS, MAX_METRICAS_POR_ALARMA, funcionesBajo, gruposDe } from '../lib/monitoring';
import { cuota, fakeWebRoot, resources, testApp } from './cuota';

const PREFIJO = 'cuota';

function alarmasNotificadoras() {
  const { templates } = cuota();
  return {
    ...resources(templates.monitoring, 'AWS::CloudWatch::Alarm'),
    ...resources(templates.monitoring, 'AWS::CloudWatch::CompositeAlarm'),
  };
}

function porNombre(nombre: string) {
  const encontradas = Object.entries(alarmasNotificadoras()).filter(([, r]) => r.Properties?.AlarmName === nombre);
  expect(encontradas, nombre).toHaveLength(1);
  return encontradas[0]!;
}

const topicId = () => Object.keys(resources(cuota().templates.monitoring, 'AWS::SNS::Topic'))[0]!;

/** The ids documented in docs/operations.md's "## Alarms" section (`<feature>` is a placeholder). */
function idsDocumentados(markdown: string): string[] {
  const seccion = markdown.split(/^## /m).find((s) => s.startsWith('Alarms'));
  if (!seccion) return [];
  return [...seccion.matchAll(/^- `([^`]+)` — \S/gm)].map((m) => m[1]!);
}

function documentada(id: string, documentados: readonly string[]): boolean {
  return documentados.some((doc) => doc === id || new RegExp(`^${doc.replace(/<[a-z]+>/g, '[a-z0-9-]+')}$`).test(id));
}

/** The warnings synthesis reports on `stack`. */
function avisos(stack: Stack): string[] {
  return Annotations.fromStack(stack)
    .findWarning('*', Match.anyValue())
    .map((m) => String(m.entry.data));
}

/** The one metric an alarm watches, whether rendered inline or as a one-entry `Metrics` list. */
function metricaUnica(props: any): { Namespace: string; MetricName: string; Stat: string; Period: number; Dimensions?: any[] } {
  if (props.MetricName)
    return {
      Namespace: props.Namespace,
      MetricName: props.MetricName,
      Stat: props.Statistic ?? props.ExtendedStatistic,
      Period: props.Period,
      Dimensions: props.Dimensions,
    };
  expect(props.Metrics).toHaveLength(1);
  const { Metric, Stat, Period } = props.Metrics[0].MetricStat;
  return { ...Metric, Stat, Period };
}

/** `Fn::GetStackOutput` of a dimension value: the producing stack and its output name. */
function salida(value: any): { StackName: string; OutputName: string } | undefined {
  return value?.['Fn::GetStackOutput'];
}

describe('CuotaMonitoring: alarmas', () => {
  it('cada alarma de ALARMAS existe con su nombre estable y avisa al tema en ALARM y en OK', () => {
    expect(ALARMAS.length).toBeGreaterThan(11);
    for (const id of ALARMAS) {
      const [, alarma] = porNombre(`${PREFIJO}-${id}`);
      expect(alarma.Properties!.AlarmActions, id).toEqual([{ Ref: topicId() }]);
      expect(alarma.Properties!.OKActions, id).toEqual([{ Ref: topicId() }]);
      expect(alarma.Properties!.AlarmDescription, id).toContain(`docs/operations.md, alarm ${id}.`);
    }
  });

  it('solo avisan las de ALARMAS: las partes de un grupo grande no tienen acciones (control negativo)', () => {
    const conAcciones = Object.values(alarmasNotificadoras())
      .filter((r) => r.Properties?.AlarmActions)
      .map((r) => r.Properties!.AlarmName as string);
    expect(conAcciones.sort()).toEqual(ALARMAS.map((id) => `${PREFIJO}-${id}`).sort());
    const partes = Object.values(alarmasNotificadoras()).filter((r) => /-parte\d+$/.test(r.Properties?.AlarmName));
    expect(partes.length).toBeGreaterThan(0);
    for (const parte of partes) expect(parte.Properties!.AlarmActions, parte.Properties!.AlarmName).toBeUndefined();
  });

  it('errores y throttles de Lambda: cada función del producto está en exactamente un grupo, ninguna alarma suma más de 10 métricas', () => {
    const { app, stacks } = cuota();
    const grupos = gruposDe(stacks);
    const agrupadas = [...grupos.values()].flat();
    expect(new Set(agrupadas).size).toBe(agrupadas.length);
    expect(agrupadas.length).toBe(funcionesBajo(app).length);
    expect([...grupos.keys()]).toEqual(expect.arrayContaining(['api-pagos', 'api-clientes', 'realtime', 'jobs', 'triggers']));

    const alarmas = Object.values(resources(cuota().templates.monitoring, 'AWS::CloudWatch::Alarm'));
    const funcionesCon = (metricName: string) =>
      alarmas.flatMap((a) =>
        (a.Properties!.Metrics ?? [])
          .filter((m: any) => m.MetricStat?.Metric?.MetricName === metricName && m.MetricStat.Metric.Namespace === 'AWS/Lambda')
          .map((m: any) => JSON.stringify(m.MetricStat.Metric.Dimensions)),
      );
    for (const metricName of ['Errors', 'Throttles']) {
      const dims = funcionesCon(metricName);
      // one alarm metric per function, none twice
      expect(dims, metricName).toHaveLength(agrupadas.length);
      expect(new Set(dims).size, metricName).toBe(dims.length);
    }
    for (const a of alarmas) {
      const conMetrica = (a.Properties!.Metrics ?? []).filter((m: any) => m.MetricStat);
      expect(conMetrica.length, a.Properties!.AlarmName).toBeLessThanOrEqual(MAX_METRICAS_POR_ALARMA);
    }
    // api-pagos (13 routes) is split in two parts under a composite alarm
    const [, pagos] = porNombre(`${PREFIJO}-lambda-errores-api-pagos`);
    expect(pagos.Type).toBe('AWS::CloudWatch::CompositeAlarm');
    expect(JSON.stringify(pagos.Properties!.AlarmRule)).toMatch(/ALARM\(.*parte1.*OR ALARM\(.*parte2/);
  });

  it('api-5xx es la tasa 5xx/Count (> 1 %) de la API HTTP en su etapa $default, en 5 minutos', () => {
    const [, alarma] = porNombre(`${PREFIJO}-api-5xx`);
    const p = alarma.Properties!;
    expect(p).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 1 });
    const expr = p.Metrics.find((m: any) => m.Expression);
    expect(expr.Expression).toBe('IF(solicitudes > 0, 100 * errores / solicitudes, 0)');
    const metrica = (id: string) => p.Metrics.find((m: any) => m.Id === id).MetricStat;
    expect(metrica('errores')).toMatchObject({
      Period: 300,
      Stat: 'Sum',
      Metric: { Namespace: 'AWS/ApiGateway', MetricName: '5xx' },
    });
    expect(metrica('solicitudes').Metric.MetricName).toBe('Count');
    const dims = Object.fromEntries(metrica('errores').Metric.Dimensions.map((d: any) => [d.Name, d.Value]));
    expect(dims.Stage).toBe('$default');
    expect(salida(dims.ApiId)?.StackName).toBe('CuotaApi');
  });

  it('api-latencia-p99: p99 > 3 s en 2 de 3 periodos', () => {
    const [, alarma] = porNombre(`${PREFIJO}-api-latencia-p99`);
    expect(metricaUnica(alarma.Properties)).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      MetricName: 'Latency',
      Stat: 'p99',
      Period: 300,
    });
    expect(alarma.Properties).toMatchObject({
      Threshold: 3000,
      EvaluationPeriods: 3,
      DatapointsToAlarm: 2,
    });
  });

  it('las alarmas de DLQ miran las dos colas: StreamDlq (CuotaRealtime) y JobsDlq (CuotaJobs)', () => {
    const colas = ['dlq-streams', 'dlq-jobs'].map((id) => {
      const [, alarma] = porNombre(`${PREFIJO}-${id}`);
      const stat = alarma.Properties!.Metrics[0].MetricStat;
      expect(stat).toMatchObject({
        Stat: 'Maximum',
        Metric: { Namespace: 'AWS/SQS', MetricName: 'ApproximateNumberOfMessagesVisible' },
      });
      expect(alarma.Properties).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
      return salida(stat.Metric.Dimensions.find((d: any) => d.Name === 'QueueName').Value);
    });
    expect(colas[0]).toMatchObject({ StackName: 'CuotaRealtime', OutputName: expect.stringContaining('StreamDlq') });
    expect(colas[1]).toMatchObject({ StackName: 'CuotaJobs', OutputName: expect.stringContaining('JobsDlq') });
  });

  it('cierre-atrasado: Max de CierreAtrasado >= 1 en 1 h, y la falta de datos cuenta como incumplida', () => {
    const [, alarma] = porNombre(`${PREFIJO}-cierre-atrasado`);
    expect(alarma.Properties).toMatchObject({
      Namespace: 'Cuota',
      MetricName: 'CierreAtrasado',
      Dimensions: [{ Name: 'service', Value: 'cuota-api' }],
      Statistic: 'Maximum',
      Period: 3600,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'breaching',
    });
    // the others stay quiet without data (control)
    const [, dlq] = porNombre(`${PREFIJO}-dlq-jobs`);
    expect(dlq.Properties!.TreatMissingData).toBe('notBreaching');
  });

  it('DynamoDB: consultas de Metrics Insights sobre todas las operaciones de la tabla', () => {
    for (const [id, metrica] of [
      ['dynamodb-throttles', 'ThrottledRequests'],
      ['dynamodb-errores-sistema', 'SystemErrors'],
    ] as const) {
      const [, alarma] = porNombre(`${PREFIJO}-${id}`);
      const [consulta] = alarma.Properties!.Metrics;
      expect(consulta.Period).toBe(300);
      const [, partes] = consulta.Expression['Fn::Join'];
      expect(partes[0]).toBe(`SELECT SUM(${metrica}) FROM SCHEMA("AWS/DynamoDB", Operation, TableName) WHERE TableName = '`);
      expect(salida(partes[1])?.StackName).toBe('CuotaData');
    }
  });

  it('SES: tasa de rebotes > 5 % y de quejas > 0,1 % de la cuenta', () => {
    for (const [id, metricName, threshold] of [
      ['ses-rebotes', 'Reputation.BounceRate', 0.05],
      ['ses-quejas', 'Reputation.ComplaintRate', 0.001],
    ] as const) {
      const { Properties } = porNombre(`${PREFIJO}-${id}`)[1];
      // the account's rate (no dimension): the one SES reviews the account on
      expect(metricaUnica(Properties)).toMatchObject({ Namespace: 'AWS/SES', MetricName: metricName, Stat: 'Maximum' });
      expect(metricaUnica(Properties).Dimensions).toBeUndefined();
      expect(Properties).toMatchObject({ Threshold: threshold, ComparisonOperator: 'GreaterThanThreshold' });
    }
  });

  it('WebSocket: IntegrationError y ExecutionError de la etapa prod', () => {
    for (const [id, metrica] of [
      ['websocket-errores-integracion', 'IntegrationError'],
      ['websocket-errores-ejecucion', 'ExecutionError'],
    ] as const) {
      const stat = porNombre(`${PREFIJO}-${id}`)[1].Properties!.Metrics[0].MetricStat;
      expect(stat.Metric.MetricName).toBe(metrica);
      const dims = Object.fromEntries(stat.Metric.Dimensions.map((d: any) => [d.Name, d.Value]));
      expect(dims.Stage).toBe('prod');
      expect(salida(dims.ApiId)?.StackName).toBe('CuotaRealtime');
    }
  });
});

describe('CuotaMonitoring: tema, clave, suscripción, tablero', () => {
  it('el tema está cifrado con la clave propia (rotación anual) que CloudWatch puede usar, y exige TLS', () => {
    const { templates } = cuota();
    const [keyId, key] = Object.entries(resources(templates.monitoring, 'AWS::KMS::Key'))[0]!;
    expect(key.Properties!.EnableKeyRotation).toBe(true);
    expect(key.Properties!.KeyPolicy.Statement).toContainEqual(
      expect.objectContaining({
        Effect: 'Allow',
        Principal: { Service: 'cloudwatch.amazonaws.com' },
        Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      }),
    );
    templates.monitoring.hasResourceProperties('AWS::SNS::Topic', {
      TopicName: `${PREFIJO}-alarmas`,
      KmsMasterKeyId: { 'Fn::GetAtt': [keyId, 'Arn'] },
    });
    const [politica] = Object.values(resources(templates.monitoring, 'AWS::SNS::TopicPolicy'));
    const sentencias = politica!.Properties!.PolicyDocument.Statement;
    expect(sentencias).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
    expect(sentencias).toContainEqual(
      expect.objectContaining({ Effect: 'Allow', Principal: { Service: 'cloudwatch.amazonaws.com' }, Action: 'sns:Publish' }),
    );
  });

  it('sin alarmEmail no hay suscripción y la síntesis avisa que las alarmas no llegan a nadie', () => {
    const { templates, stacks } = cuota();
    templates.monitoring.resourceCountIs('AWS::SNS::Subscription', 0);
    expect(avisos(stacks.monitoring)).toEqual([expect.stringContaining('nobody is subscribed, so they go nowhere')]);
  });

  it('con -c alarmEmail=x@y el tema tiene esa suscripción por correo y no hay aviso', () => {
    const app = testApp({ alarmEmail: 'x@y.cr' });
    const { monitoring } = buildCuota(app, { webRoot: fakeWebRoot() });
    const t = Template.fromStack(monitoring);
    t.resourceCountIs('AWS::SNS::Subscription', 1);
    t.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'x@y.cr',
      TopicArn: { Ref: Object.keys(resources(t, 'AWS::SNS::Topic'))[0] },
    });
    expect(avisos(monitoring)).toEqual([]);
  });

  it('un tablero llamado como el prefijo, con el estado de todas las alarmas', () => {
    const { templates } = cuota();
    const [tablero] = Object.values(resources(templates.monitoring, 'AWS::CloudWatch::Dashboard'));
    expect(tablero!.Properties!.DashboardName).toBe(PREFIJO);
    const cuerpo = JSON.stringify(tablero!.Properties!.DashboardBody);
    for (const texto of [
      'API: 5xx',
      'Lambda errors by group',
      'Dead-letter queues',
      'CierreAtrasado',
      'SES: bounce',
      'WebSocket',
    ]) {
      expect(cuerpo, texto).toContain(texto);
    }
  });

  it('Monitoring no es referenciada por ninguna otra pila y se despliega después de las que mira', () => {
    const { stacks, allTemplates } = cuota();
    for (const [path, template] of Object.entries(allTemplates)) {
      if (path === stacks.monitoring.node.path) continue;
      expect(JSON.stringify(template.toJSON()), path).not.toContain(stacks.monitoring.stackName);
    }
    expect(stacks.monitoring.dependencies.map((s) => s.stackName).sort()).toEqual(
      [stacks.api, stacks.auth, stacks.data, stacks.jobs, stacks.realtime].map((s) => s.stackName).sort(),
    );
  });

  it('las referencias de Monitoring dejan a cada plantilla lejos del límite de 200 salidas de CloudFormation', () => {
    const { allTemplates } = cuota();
    for (const [path, template] of Object.entries(allTemplates)) {
      expect(Object.keys(template.toJSON().Outputs ?? {}).length, path).toBeLessThanOrEqual(180);
    }
  });
});

describe('docs/operations.md', () => {
  const doc = readFileSync(join(REPO_ROOT, 'docs', 'operations.md'), 'utf8');
  const documentados = idsDocumentados(doc);

  it('tiene una línea de runbook por cada alarma de ALARMAS', () => {
    const faltan = ALARMAS.filter((id) => !documentada(id, documentados));
    expect(faltan).toEqual([]);
  });

  it('una alarma sin línea se detecta (control negativo)', () => {
    expect(documentada('alarma-inventada', documentados)).toBe(false);
    expect(documentada('lambda-errores-otro-grupo', documentados)).toBe(false);
    expect(idsDocumentados('# x\n\n## Alarms\n\n- `api-5xx` — algo.\n')).toEqual(['api-5xx']);
  });

  it('no documenta alarmas que no existen', () => {
    const sobran = documentados.filter((doc) => !ALARMAS.some((id) => documentada(id, [doc])));
    expect(sobran).toEqual([]);
  });
});
