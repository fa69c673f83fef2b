import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, type CfnElement, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { buildCuota, ctx, type CuotaStacks } from '../lib/app';
import { ApiFunction } from '../lib/function';
import { ASSUMED_ACCOUNT_CONCURRENCY, MIN_UNRESERVED_CONCURRENCY, STAGES, type StageName } from '../lib/stages';
import { JOBS, STREAM_CONSUMERS } from '@cuota/functions/manifest';
import { allStacks, cuota, fakeWebRoot, resources, testApp } from './cuota';

const REGION = 'eu-west-1';
// prod sends Cognito's mail through SES, which needs a real sender (checkStage)
const PROD_CONTEXT = { region: REGION, alarmEmail: 'operaciones@example.com', senderDomain: 'correo.cuota.cr' };

interface StageSynth {
  app: App;
  stacks: CuotaStacks;
  templates: Record<string, Template>;
}

/** The whole app for one stage, synthesized once per stage and file (cdk-nag runs in it). */
const synths = new Map<string, StageSynth>();
function synthStage(stage: StageName): StageSynth {
  const cached = synths.get(stage);
  if (cached) return cached;
  const app = testApp({ stage, ...PROD_CONTEXT });
  const stacks = buildCuota(app, { webRoot: fakeWebRoot() });
  const templates = Object.fromEntries(Object.entries(allStacks(app)).map(([path, s]) => [path, Template.fromStack(s)]));
  const result = { app, stacks, templates };
  synths.set(stage, result);
  return result;
}

function nagErrors(app: App): string[] {
  const file = join(app.synth().directory, 'validation-report.json');
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    pluginReports: { pluginName: string; violations: { ruleName: string; severity: string }[] }[];
  };
  return report.pluginReports.flatMap((r) => r.violations.filter((v) => v.severity === 'error').map((v) => v.ruleName));
}

/** Every Lambda log group's retention, across every template (nested ones included). */
function lambdaLogRetentions(templates: Record<string, Template>): Set<number> {
  const days = new Set<number>();
  for (const template of Object.values(templates)) {
    for (const group of Object.values(resources(template, 'AWS::Logs::LogGroup'))) {
      const name = JSON.stringify(group.Properties?.LogGroupName ?? '');
      if (name.includes('/cuota/lambda/')) days.add(group.Properties!.RetentionInDays as number);
    }
  }
  return days;
}

/**
 * ReservedConcurrentExecutions of every function that has one, keyed as the stages key them
 * (`job:<id>`, `stream:<id>`); any other function with a reservation shows up under its construct path.
 */
function reservations(app: App, stacks: CuotaStacks, templates: Record<string, Template>): Map<string, number> {
  const keyOf = new Map<ApiFunction, string>();
  for (const job of JOBS) keyOf.set(stacks.jobs.functions.get(job.id)!, `job:${job.id}`);
  for (const [id, fn] of stacks.realtime.consumers) keyOf.set(fn, `stream:${id}`);
  const found = new Map<string, number>();
  for (const fn of app.node.findAll().filter((c): c is ApiFunction => c instanceof ApiFunction)) {
    const stack = Stack.of(fn);
    const logicalId = stack.resolve(stack.getLogicalId(fn.function.node.defaultChild as CfnElement)) as string;
    const reserved = resources(templates[stack.node.path]!)[logicalId]?.Properties?.ReservedConcurrentExecutions as
      number | undefined;
    if (reserved !== undefined) found.set(keyOf.get(fn) ?? fn.node.path, reserved);
  }
  return found;
}

const tableOf = (templates: Record<string, Template>, prefix: string) =>
  Object.values(resources(templates[`${prefix}Data`]!, 'AWS::DynamoDB::Table'))[0]!;
const poolOf = (templates: Record<string, Template>, prefix: string) =>
  Object.values(resources(templates[`${prefix}Auth`]!, 'AWS::Cognito::UserPool'))[0]!;

describe('sin contexto stage: las plantillas de siempre', () => {
  it('pilas Cuota*, tabla y user pool retenidos y protegidos, logs de 3 meses, sin Backup ni concurrencia reservada', () => {
    const { app, stacks, templates, allTemplates } = cuota();
    expect(
      Object.values(allStacks(app))
        .filter((s) => !s.nestedStackParent)
        .map((s) => s.stackName)
        .sort(),
    ).toEqual(['CuotaApi', 'CuotaAuth', 'CuotaData', 'CuotaEmail', 'CuotaJobs', 'CuotaMonitoring', 'CuotaRealtime', 'CuotaWeb']);
    const table = Object.values(resources(templates.data, 'AWS::DynamoDB::Table'))[0]!;
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.Properties?.DeletionProtectionEnabled).toBe(true);
    const pool = Object.values(resources(templates.auth, 'AWS::Cognito::UserPool'))[0]!;
    expect(pool.DeletionPolicy).toBe('Retain');
    expect(pool.Properties?.DeletionProtection).toBe('ACTIVE');
    expect(lambdaLogRetentions(allTemplates)).toEqual(new Set([90]));
    expect(Object.keys(resources(templates.data, 'AWS::Backup::BackupPlan'))).toHaveLength(0);
    expect(reservations(app, stacks, allTemplates).size).toBe(0);
  });
});

describe.each([
  { stage: 'dev', prefix: 'CuotaDev', retain: false, logDays: 7, backup: false, waf: false },
  { stage: 'staging', prefix: 'CuotaStaging', retain: true, logDays: 30, backup: false, waf: true },
  { stage: 'prod', prefix: 'Cuota', retain: true, logDays: 90, backup: true, waf: true },
] as const)('stage $stage', ({ stage, prefix, retain, logDays, backup, waf }) => {
  it(`pilas ${prefix}*`, () => {
    const { app } = synthStage(stage);
    const names = Object.values(allStacks(app))
      .filter((s) => !s.nestedStackParent)
      .map((s) => s.stackName);
    // the us-east-1 web ACL stack only where the stage turns WAF on
    const stacks = ['Api', 'Auth', 'Data', 'Email', 'Jobs', 'Monitoring', 'Realtime', 'Web', ...(waf ? ['Edge'] : [])];
    expect(names.sort()).toEqual(stacks.map((s) => `${prefix}${s}`).sort());
  });

  it(retain ? 'tabla y user pool: Retain con protección contra borrado' : 'tabla y user pool: se borran con la pila', () => {
    const { templates } = synthStage(stage);
    const table = tableOf(templates, prefix);
    const pool = poolOf(templates, prefix);
    expect(table.DeletionPolicy).toBe(retain ? 'Retain' : 'Delete');
    expect(table.Properties?.DeletionProtectionEnabled).toBe(retain);
    // point-in-time recovery in every stage (the restore runbook's first method)
    expect(table.Properties?.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(pool.DeletionPolicy).toBe(retain ? 'Retain' : 'Delete');
    expect(pool.Properties?.DeletionProtection).toBe(retain ? 'ACTIVE' : 'INACTIVE');
  });

  it(`logs de cada Lambda: ${logDays} días`, () => {
    expect(lambdaLogRetentions(synthStage(stage).templates)).toEqual(new Set([logDays]));
  });

  it(backup ? 'plan de AWS Backup: diario 35 días y mensual 1 año, bóveda cifrada y bloqueada' : 'sin plan de AWS Backup', () => {
    const { templates } = synthStage(stage);
    const data = templates[`${prefix}Data`]!;
    const plans = Object.values(resources(data, 'AWS::Backup::BackupPlan'));
    if (!backup) {
      for (const template of Object.values(templates))
        expect(Object.keys(resources(template, 'AWS::Backup::BackupPlan'))).toEqual([]);
      return;
    }
    expect(plans).toHaveLength(1);
    const rules = (
      plans[0]!.Properties!.BackupPlan.BackupPlanRule as { RuleName: string; ScheduleExpression: string; Lifecycle: unknown }[]
    ).map((r) => [r.ScheduleExpression, r.Lifecycle]);
    expect(rules).toEqual([
      ['cron(0 9 * * ? *)', { DeleteAfterDays: 35 }],
      ['cron(0 9 1 * ? *)', { DeleteAfterDays: 365 }],
    ]);
    // the selection is the table, nothing else
    const [tableId] = Object.keys(resources(data, 'AWS::DynamoDB::Table'));
    const selection = Object.values(resources(data, 'AWS::Backup::BackupSelection'))[0]!;
    expect(selection.Properties!.BackupSelection.Resources).toEqual([{ 'Fn::GetAtt': [tableId, 'Arn'] }]);
    // the vault: its own rotated, retained key; locked against early deletion; retained
    const [keyId, key] = Object.entries(resources(data, 'AWS::KMS::Key'))[0]!;
    expect(key.Properties?.EnableKeyRotation).toBe(true);
    expect(key.DeletionPolicy).toBe('Retain');
    const vault = Object.values(resources(data, 'AWS::Backup::BackupVault'))[0]!;
    expect(vault.Properties?.EncryptionKeyArn).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
    expect(vault.Properties?.LockConfiguration).toEqual({ MinRetentionDays: 35 });
    expect(vault.DeletionPolicy).toBe('Retain');
    expect(Object.keys(data.toJSON().Outputs)).toEqual(expect.arrayContaining(['BackupVaultName', 'BackupRoleArn', 'TableName']));
  });

  it('concurrencia reservada solo donde el stage la pide, y quedan al menos 100 sin reservar', () => {
    const { app, stacks, templates } = synthStage(stage);
    const reserved = reservations(app, stacks, templates);
    const expected = STAGES[stage].reservedConcurrency;
    // every entry names a job or a stream consumer of the manifest (a typo or a renamed one fails here)
    for (const key of Object.keys(expected)) {
      const [kind, id] = key.split(':');
      const ids: readonly string[] =
        kind === 'job' ? JOBS.map((j) => j.id) : kind === 'stream' ? STREAM_CONSUMERS.map((c) => c.id) : [];
      expect(ids, key).toContain(id);
    }
    expect(Object.fromEntries(reserved)).toEqual(expected);
    if (stage === 'dev') expect(reserved.size).toBe(0);
    else expect(Object.keys(expected).sort()).toEqual(['job:cierre-diario', 'stream:despachar-campanas']);
    const total = [...reserved.values()].reduce((a, b) => a + b, 0);
    expect(ASSUMED_ACCOUNT_CONCURRENCY - total).toBeGreaterThanOrEqual(MIN_UNRESERVED_CONCURRENCY);
  });

  it('la reserva va por tipo e id del manifiesto: una ruta con el mismo id que el job no hereda nada', () => {
    const { app, stacks } = synthStage(stage);
    // the staff close (POST /api/cierre-diario) is another function, unreserved, whatever its id
    const others = app.node
      .findAll()
      .filter((c): c is ApiFunction => c instanceof ApiFunction && c !== stacks.jobs.functions.get('cierre-diario'))
      .filter((fn) => fn !== stacks.realtime.consumers.get('despachar-campanas'));
    expect(others.length).toBeGreaterThan(50);
    for (const fn of others)
      expect((fn.function.node.defaultChild as CfnFunction).reservedConcurrentExecutions, fn.node.path).toBeUndefined();
  });

  it('cdk-nag (AwsSolutions) no deja errores sin reconocer', () => {
    expect(nagErrors(synthStage(stage).app)).toEqual([]);
  });
});

describe('ctx: el contexto explícito gana, si no el valor por defecto del stage', () => {
  const app = (context: Record<string, string>) => new App({ context });

  it('waf: apagado sin stage y en dev, encendido en staging y prod', () => {
    expect(ctx(app({}), 'waf')).toBeUndefined();
    expect(ctx(app({ stage: 'dev' }), 'waf')).toBe('false');
    expect(ctx(app({ stage: 'staging' }), 'waf')).toBe('true');
    expect(ctx(app({ stage: 'prod' }), 'waf')).toBe('true');
  });

  it('apiGatewayCloudWatchRole: create en staging y prod (una cuenta por stage), nada sin stage ni en dev', () => {
    expect(ctx(app({}), 'apiGatewayCloudWatchRole')).toBeUndefined();
    expect(ctx(app({ stage: 'dev' }), 'apiGatewayCloudWatchRole')).toBeUndefined();
    expect(ctx(app({ stage: 'staging' }), 'apiGatewayCloudWatchRole')).toBe('create');
    expect(ctx(app({ stage: 'prod' }), 'apiGatewayCloudWatchRole')).toBe('create');
    expect(ctx(app({ stage: 'prod', apiGatewayCloudWatchRole: 'existing' }), 'apiGatewayCloudWatchRole')).toBe('existing');
  });

  it('un valor dado gana al del stage; uno en blanco cuenta como no dado', () => {
    expect(ctx(app({ stage: 'prod', waf: 'false' }), 'waf')).toBe('false');
    expect(ctx(app({ stage: 'prod', cognitoEmail: 'cognito' }), 'cognitoEmail')).toBe('cognito');
    expect(ctx(app({ stage: 'prod', waf: '  ' }), 'waf')).toBe('true');
    expect(ctx(app({ stage: 'prod' }), 'cognitoEmail')).toBe('ses');
    expect(ctx(app({ stage: 'staging' }), 'cognitoEmail')).toBeUndefined();
  });
});

describe('errores claros antes de sintetizar', () => {
  const build = (context: Record<string, string>) => () => buildCuota(testApp(context), { webRoot: fakeWebRoot() });

  it('un stage desconocido', () => {
    expect(build({ stage: 'produccion' })).toThrow('Unknown stage "produccion" (context stage): use dev, staging, prod.');
  });

  it('waf que no es true ni false (TRUE, yes, 1, un número en cdk.json) detiene el synth en vez de apagarlo', () => {
    for (const waf of ['TRUE', 'yes', '1', 'si'])
      expect(build({ waf }), waf).toThrow(`context waf must be 'true' or 'false', not '${waf}'`);
    expect(() => buildCuota(testApp({ waf: 1 }), { webRoot: fakeWebRoot() })).toThrow(
      "context waf must be 'true' or 'false', not '1'",
    );
  });

  it('prod con cognitoEmail=ses (su valor por defecto) sin remitente real', () => {
    const prod = { stage: 'prod', region: REGION, alarmEmail: 'a@example.com' };
    expect(build(prod)).toThrow("The stage prod sends Cognito's mail through SES (cognitoEmail=ses) and needs a real sender");
    expect(build({ ...prod, senderEmail: 'notificaciones@example.com' })).toThrow('(not notificaciones@example.com)');
  });

  it('prod sin alarmEmail', () => {
    expect(build({ stage: 'prod', region: REGION })).toThrow('The stage prod needs context -c alarmEmail=…');
  });

  it('staging y prod sin región explícita', () => {
    const region = process.env.CDK_DEFAULT_REGION;
    delete process.env.CDK_DEFAULT_REGION;
    try {
      expect(build({ stage: 'staging' })).toThrow('The stage staging needs an explicit region');
      expect(build({ stage: 'prod', alarmEmail: 'a@example.com', senderDomain: 'correo.cuota.cr' })).toThrow(
        'The stage prod needs an explicit region',
      );
    } finally {
      if (region !== undefined) process.env.CDK_DEFAULT_REGION = region;
    }
  });
});
