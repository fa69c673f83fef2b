import { JOBS, STREAM_CONSUMERS, WEBSOCKET_ROUTES } from '@cuota/functions/manifest';
import { App, Duration, Stack } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as iam from 'aws-cdk-lib/aws-iam';
import { describe, expect, it } from 'vitest';
import { EmailStack } from '../lib/email';
import { STREAM_EVENT_SOURCE, WS_STAGE } from '../lib/realtime';
import { cuota, joined, resources } from './cuota';

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
});

describe('CuotaJobs', () => {
  it('programa cada job del manifiesto con rate(everyMinutes)', () => {
    const { templates } = cuota();
    templates.jobs.resourceCountIs('AWS::Events::Rule', JOBS.length);
    for (const job of JOBS) {
      templates.jobs.hasResourceProperties('AWS::Events::Rule', {
        // CDK writes the same period in its largest whole unit, e.g. rate(1 hour) for 60 minutes.
        ScheduleExpression: events.Schedule.rate(Duration.minutes(job.everyMinutes)).expressionString,
        State: 'ENABLED',
      });
    }
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

  it('usa un dominio cuando se da senderDomain y concede SendEmail solo sobre identidad y configuration set', () => {
    const app = new App();
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
