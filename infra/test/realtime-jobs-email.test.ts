import { EVENT_RULES, JOBS, STREAM_CONSUMERS, WEBSOCKET_ROUTES } from '@cuota/functions/manifest';
import { type CfnElement, Duration, Stack } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as iam from 'aws-cdk-lib/aws-iam';
import { describe, expect, it } from 'vitest';
import { buildCuota, type CuotaStacks } from '../lib/app';
import { EmailStack } from '../lib/email';
import { cierreHoraLimite } from '../lib/jobs';
import { CAMPAIGN_SENDER, STREAM_EVENT_SOURCE, WS_STAGE } from '../lib/realtime';
import { cuota, fakeWebRoot, joined, resources, testApp } from './cuota';
import { appTemporal } from './temporal';

describe('CuotaRealtime', () => {
  it('crea la API WebSocket con las rutas del manifiesto y la etapa prod', () => {
    const { templates } = cuota();
    templates.realtime.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET' });
    const keys = Object.values(resources(templates.realtime, 'AWS::ApiGatewayV2::Route')).map((r) => r.Properties!.RouteKey);
    expect(keys.sort()).toEqual(WEBSOCKET_ROUTES.map((r) => r.routeKey).sort());
    templates.realtime.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: WS_STAGE, AutoDeploy: true });
  });

  it('consume el stream de la tabla con reintentos acotados, bisección y DLQ cifrada', () => {
    const { templates } = cuota();
    templates.realtime.resourceCountIs('AWS::Lambda::EventSourceMapping', STREAM_CONSUMERS.length);
    templates.realtime.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::ImportValue': 'CuotaData-TableStreamArn' },
      StartingPosition: 'LATEST',
      BatchSize: STREAM_EVENT_SOURCE.batchSize,
      MaximumRetryAttempts: STREAM_EVENT_SOURCE.retryAttempts,
      BisectBatchOnFunctionError: true,
      MaximumRecordAgeInSeconds: 6 * 3600,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [Match.stringLikeRegexp('StreamDlq'), 'Arn'] } } },
    });
    templates.realtime.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true });
  });

  it('limita execute-api:ManageConnections a POST en esta API y etapa', () => {
    const { templates } = cuota();
    const statements = Object.values(resources(templates.realtime, 'AWS::IAM::Policy')).flatMap(
      (p) => p.Properties!.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[],
    );
    const manage = statements.filter((s) => [s.Action].flat().includes('execute-api:ManageConnections'));
    expect(manage).toHaveLength(1);
    const resource = manage[0]!.Resource as { 'Fn::Join': [string, unknown[]] };
    expect(JSON.stringify(resource)).toContain('"Ref":"WebSocketApi');
    expect(joined(resource)).toMatch(new RegExp(`/${WS_STAGE}/POST/@connections/\\*$`));
    expect(statements.some((s) => [s.Action].flat().some((a) => a === 'execute-api:*'))).toBe(false);
  });

  it('da a los consumidores websocket la URL https de callback de la etapa', () => {
    const { templates } = cuota();
    const fns = Object.values(resources(templates.realtime, 'AWS::Lambda::Function'));
    const withCallback = fns.filter((f) => f.Properties!.Environment?.Variables?.WS_CALLBACK_URL);
    expect(withCallback).toHaveLength(STREAM_CONSUMERS.filter((c) => c.websocket).length);
    const url = joined(withCallback[0]!.Properties!.Environment.Variables.WS_CALLBACK_URL);
    expect(url).toMatch(/^https:\/\/.*\/prod$/);
  });

  it('dispara el remitente de campañas solo con campañas en enviando con despacho, de a una, con 15 minutos', () => {
    const { templates } = cuota();
    const mappings = Object.values(resources(templates.realtime, 'AWS::Lambda::EventSourceMapping'));
    const patterns = (m: (typeof mappings)[number]) =>
      ((m.Properties!.FilterCriteria?.Filters ?? []) as { Pattern: string }[]).map(
        (f) => JSON.parse(f.Pattern) as Record<string, unknown>,
      );
    const sender = mappings.filter((m) => patterns(m).some((p) => JSON.stringify(p).includes('despacho')));
    expect(sender).toHaveLength(1);
    expect(sender[0]!.Properties).toMatchObject({ BatchSize: 1, StartingPosition: 'LATEST', BisectBatchOnFunctionError: true });
    expect(patterns(sender[0]!)).toEqual([
      {
        eventName: ['INSERT', 'MODIFY'],
        dynamodb: { NewImage: { tipo: { S: ['campana'] }, estado: { S: ['enviando'] }, despacho: { S: [{ exists: true }] } } },
      },
    ]);
    const segmentos = mappings.filter((m) => patterns(m).some((p) => JSON.stringify(p).includes('AGG#SEGCLI#')));
    expect(segmentos).toHaveLength(1);
    // the consumers without a filter see every record (the aggregates)
    const sinFiltro = mappings.filter((m) => patterns(m).length === 0);
    expect(sinFiltro).toHaveLength(STREAM_CONSUMERS.filter((c) => !c.filtro).length);
    // the aggregates read large batches (a catch-up close writes each credit once per date), one
    // batch at a time per shard: its transactions all move AGG#CARTERA
    const agregados = STREAM_CONSUMERS.find((c) => c.id === 'agregados')!;
    expect(sinFiltro.map((m) => m.Properties)).toEqual([expect.objectContaining({ BatchSize: agregados.batchSize })]);
    expect(agregados.batchSize).toBe(1000);
    expect(sinFiltro[0]!.Properties!.ParallelizationFactor ?? 1).toBe(1);

    const fns = Object.values(resources(templates.realtime, 'AWS::Lambda::Function'));
    const remitente = fns.filter((f) => f.Properties!.Environment?.Variables?.SES_FROM_ADDRESS);
    expect(remitente).toHaveLength(1);
    expect(remitente[0]!.Properties).toMatchObject({ Timeout: 900 });
    expect(remitente[0]!.Properties!.Environment.Variables).toMatchObject({
      SES_ENVIOS_POR_SEGUNDO: String(CAMPAIGN_SENDER.sendRatePerSecond),
      CAMPANA_LEASE_MS: String(CAMPAIGN_SENDER.leaseMs),
      SES_FROM_ADDRESS: 'notificaciones@example.com',
      SES_CONFIGURATION_SET: expect.anything(),
    });
  });
});

describe('SES: mínimo privilegio en toda la aplicación', () => {
  type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown; Effect: string };
  const statements = (template: Template): Statement[] =>
    Object.values(resources(template, 'AWS::IAM::Policy')).flatMap((p) => p.Properties!.PolicyDocument.Statement as Statement[]);

  it('solo el remitente puede enviar, y solo SendEmail/SendRawEmail sobre la identidad y el configuration set', () => {
    const { templates, allTemplates } = cuota();
    const todas = Object.values(allTemplates).flatMap(statements);
    const acciones = (st: Statement) => [st.Action].flat();
    // nothing grants ses:* or *, and no ses action runs on a wildcard resource
    expect(todas.filter((st) => acciones(st).some((a) => a === '*' || a === 'ses:*'))).toEqual([]);
    const ses = todas.filter((st) => acciones(st).some((a) => a.startsWith('ses:')));
    expect(ses).toHaveLength(1);
    expect(acciones(ses[0]!).sort()).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
    const recursos = [ses[0]!.Resource].flat();
    expect(recursos).toHaveLength(2);
    expect(recursos.some((r) => r === '*')).toBe(false);
    const texto = recursos.map((r) => JSON.stringify(r));
    expect(texto.some((r) => r.includes(':identity/'))).toBe(true);
    expect(texto.some((r) => r.includes(':configuration-set/'))).toBe(true);
    expect(ses[0]!.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'notificaciones@example.com' } });
    // it sits in the realtime stack, on the sender's role
    expect(statements(templates.realtime).filter((st) => acciones(st).some((a) => a.startsWith('ses:')))).toHaveLength(1);
  });
});

describe('CuotaJobs', () => {
  it('nada programado falla en silencio: cada regla con DLQ y reintentos acotados, cada función con destino al fallar', () => {
    const { templates } = cuota();
    const colas = templates.jobs.findResources('AWS::SQS::Queue');
    expect(Object.keys(colas)).toHaveLength(1);
    const [dlq] = Object.keys(colas);
    const reglas = Object.values(templates.jobs.findResources('AWS::Events::Rule'));
    expect(reglas).toHaveLength(JOBS.filter((j) => j.everyMinutes).length + EVENT_RULES.length);
    for (const regla of reglas) {
      const [objetivo] = regla.Properties.Targets as {
        DeadLetterConfig?: { Arn: unknown };
        RetryPolicy?: { MaximumRetryAttempts: number };
      }[];
      expect(JSON.stringify(objetivo!.DeadLetterConfig?.Arn)).toContain(dlq!);
      expect(objetivo!.RetryPolicy!.MaximumRetryAttempts).toBeLessThanOrEqual(8);
    }
    const configs = Object.values(templates.jobs.findResources('AWS::Lambda::EventInvokeConfig'));
    expect(configs).toHaveLength(reglas.length);
    for (const c of configs) {
      expect(c.Properties.MaximumRetryAttempts).toBeLessThanOrEqual(2);
      expect(JSON.stringify(c.Properties.DestinationConfig.OnFailure.Destination)).toContain(dlq!);
    }
    // the on-demand jobs are invoked by staff and answer them: no async config
    expect(configs.length).toBe(JOBS.length - JOBS.filter((j) => !j.everyMinutes).length + EVENT_RULES.length);
    templates.jobs.hasResourceProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
  });

  it('programa cada job del manifiesto con rate(everyMinutes)', () => {
    const { templates } = cuota();
    const programados = JOBS.flatMap((j) => (j.everyMinutes ? [j.everyMinutes] : []));
    templates.jobs.resourceCountIs('AWS::Events::Rule', programados.length + EVENT_RULES.length);
    for (const everyMinutes of programados) {
      templates.jobs.hasResourceProperties('AWS::Events::Rule', {
        // CDK writes the same period in its largest whole unit, e.g. rate(1 hour) for 60 minutes.
        ScheduleExpression: events.Schedule.rate(Duration.minutes(everyMinutes)).expressionString,
        State: 'ENABLED',
      });
    }
  });

  it('un job sin periodo (migrar-identidades, indexar-actividad, reindexar-busqueda) tiene su Lambda y ninguna regla: solo corre a pedido', () => {
    const { templates } = cuota();
    const aPedido = JOBS.filter((j) => !j.everyMinutes);
    expect(aPedido.map((j) => j.id)).toEqual(['migrar-identidades', 'indexar-actividad', 'reindexar-busqueda']);
    templates.jobs.hasResourceProperties('AWS::Lambda::Function', { Description: 'Job migrar-identidades, on demand' });
    templates.jobs.hasResourceProperties('AWS::Lambda::Function', { Description: 'Job indexar-actividad, on demand' });
    templates.jobs.hasResourceProperties('AWS::Lambda::Function', { Description: 'Job reindexar-busqueda, on demand' });
    // every rule targets a timed job or an event rule, none the on-demand one
    const reglas = Object.values(templates.jobs.findResources('AWS::Events::Rule'));
    const objetivos = reglas.flatMap((r) => (r.Properties.Targets as { Arn: unknown }[]).map((t) => JSON.stringify(t.Arn)));
    expect(objetivos.some((arn) => arn.includes('cierrediario'))).toBe(true);
    expect(
      objetivos.filter((arn) => ['migraridentidades', 'indexaractividad', 'reindexarbusqueda'].some((id) => arn.includes(id))),
    ).toEqual([]);
    expect(reglas).toHaveLength(JOBS.length - aPedido.length + EVENT_RULES.length);
  });

  it('continúa cada minuto los envíos masivos interrumpidos e incorpora a los segmentos los datos anteriores a ellos cada 10 minutos', () => {
    const { templates } = cuota();
    expect(JOBS.find((j) => j.id === 'continuar-envios-masivos')).toMatchObject({
      everyMinutes: 1,
      handler: 'comunicacion/continuar-envios-masivos',
    });
    expect(JOBS.find((j) => j.id === 'reindexar-segmentos')).toMatchObject({
      everyMinutes: 10,
      handler: 'comunicacion/reindexar-segmentos',
    });
    templates.jobs.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(10 minutes)', State: 'ENABLED' });
  });

  it('reanuda cada minuto las campañas cuyo remitente murió, y registra los eventos SEND de SES en el libro de entregas', () => {
    const { templates } = cuota();
    expect(JOBS.find((j) => j.id === 'reanudar-campanas')).toMatchObject({
      everyMinutes: 1,
      handler: 'comunicacion/reanudar-campanas',
    });
    templates.jobs.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(1 minute)', State: 'ENABLED' });
    templates.jobs.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: {
        source: ['aws.ses'],
        'detail-type': ['Email Sent'],
        detail: { mail: { tags: { campana: [{ exists: true }] } } },
      },
      Targets: [Match.objectLike({ RetryPolicy: { MaximumRetryAttempts: 8, MaximumEventAgeInSeconds: 21600 } })],
    });
  });
});

describe('CuotaEmail', () => {
  it('crea la identidad SES y el configuration set', () => {
    const { templates } = cuota();
    templates.email.resourceCountIs('AWS::SES::EmailIdentity', 1);
    templates.email.hasResourceProperties('AWS::SES::ConfigurationSet', {
      DeliveryOptions: { TlsPolicy: 'REQUIRE' },
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
    });
    templates.email.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'notificaciones@example.com',
      ConfigurationSetAttributes: { ConfigurationSetName: { Ref: Match.anyValue() } },
    });
  });

  it('publica los eventos SEND del configuration set en el bus por defecto (el libro de entregas)', () => {
    const { templates } = cuota();
    templates.email.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: Match.objectLike({
        Enabled: true,
        MatchingEventTypes: ['send'],
        EventBridgeDestination: { EventBusArn: Match.anyValue() },
      }),
    });
  });

  it('usa un dominio cuando se da senderDomain y concede SendEmail solo sobre identidad y configuration set', () => {
    const app = appTemporal();
    const email = new EmailStack(app, 'Email', { senderDomain: 'cuota.cr' });
    const consumer = new Stack(app, 'Consumer');
    const role = new iam.Role(consumer, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    email.grantSend(role);
    expect(email.fromAddress).toBe('notificaciones@cuota.cr');
    expect(email.senderEnvironment()).toHaveProperty('SES_FROM_ADDRESS', 'notificaciones@cuota.cr');
    Template.fromStack(email).hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'cuota.cr' });
    const statements = Object.values(resources(Template.fromStack(consumer), 'AWS::IAM::Policy')).flatMap(
      (p) => p.Properties!.PolicyDocument.Statement as { Action: string[]; Resource: unknown[]; Condition: unknown }[],
    );
    expect(statements).toHaveLength(1);
    expect(statements[0]!.Action).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
    expect(statements[0]!.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'notificaciones@cuota.cr' } });
    const [identityArn, configSetArn] = statements[0]!.Resource.map((r) => JSON.stringify(r));
    expect(identityArn).toContain(':identity/');
    expect(configSetArn).toContain(':configuration-set/');
  });
});

describe('cierreHoraLimite: la hora límite del cierre diario (alarma cierre-atrasado)', () => {
  const variables = (stacks: CuotaStacks, id: string) =>
    (Template.fromStack(stacks.jobs).toJSON() as { Resources: Record<string, { Properties?: Record<string, unknown> }> })
      .Resources[stacks.jobs.getLogicalId(stacks.jobs.functions.get(id)!.function.node.defaultChild as CfnElement)]!.Properties!
      .Environment as { Variables: Record<string, unknown> };

  it('sin la clave, el job no lleva CIERRE_HORA_LIMITE (la función usa 6)', () => {
    const { stacks } = cuota();
    expect(variables(stacks, 'cierre-diario').Variables).not.toHaveProperty('CIERRE_HORA_LIMITE');
  });

  it('-c cierreHoraLimite=8 llega como CIERRE_HORA_LIMITE al job cierre-diario, y a ningún otro', () => {
    const stacks = buildCuota(testApp({ cierreHoraLimite: '8' }), { webRoot: fakeWebRoot() });
    expect(variables(stacks, 'cierre-diario').Variables.CIERRE_HORA_LIMITE).toBe('8');
    for (const job of JOBS.filter((j) => j.id !== 'cierre-diario'))
      expect(variables(stacks, job.id).Variables, job.id).not.toHaveProperty('CIERRE_HORA_LIMITE');
  });

  it('solo una hora entera de 0 a 23', () => {
    expect(cierreHoraLimite(undefined)).toBeUndefined();
    expect(cierreHoraLimite('0')).toBe(0);
    expect(cierreHoraLimite('23')).toBe(23);
    for (const malo of ['24', '-1', '6.5', 'seis', '6am', ''])
      expect(() => cierreHoraLimite(malo), malo).toThrow(
        `context cierreHoraLimite must be a whole hour from 0 to 23, not '${malo}'`,
      );
  });
});
