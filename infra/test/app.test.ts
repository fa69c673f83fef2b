import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Stack, Validations } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { cuota } from './cuota';
import { appTemporal } from './temporal';

interface Report {
  pluginReports: { pluginName: string; conclusion: string; violations: { ruleName: string; severity: string }[] }[];
}

function nagErrors(directory: string): string[] {
  const file = join(directory, 'validation-report.json');
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
  return report.pluginReports
    .filter((r) => r.pluginName === 'AwsSolutions')
    .flatMap((r) => r.violations.filter((v) => v.severity === 'error').map((v) => v.ruleName));
}

describe('la app completa', () => {
  it('tiene las ocho pilas esperadas, todas por debajo de 500 recursos', () => {
    const { templates } = cuota();
    expect(Object.keys(templates).sort()).toEqual(['api', 'auth', 'data', 'email', 'jobs', 'monitoring', 'realtime', 'web']);
    for (const [name, template] of Object.entries(templates)) {
      const count = Object.keys(template.toJSON().Resources).length;
      expect(count, name).toBeLessThan(500);
    }
  });

  it('ninguna plantilla, anidadas incluidas, pasa de 450 recursos (margen bajo el límite de 500 de CloudFormation)', () => {
    const { allTemplates, stacks } = cuota();
    // the eight stacks and the API's route stacks, one per feature
    expect(Object.keys(allTemplates)).toHaveLength(8 + stacks.api.routeStacks.size);
    expect(stacks.api.routeStacks.size).toBeGreaterThan(1);
    for (const [path, template] of Object.entries(allTemplates)) {
      const count = Object.keys(template.toJSON().Resources).length;
      expect(count, path).toBeLessThanOrEqual(450);
    }
  });

  it('cdk-nag (AwsSolutions) no deja errores sin reconocer', () => {
    const { app } = cuota();
    // In-memory synthesis throws when a validation plugin reports an unacknowledged error.
    const assembly = app.synth();
    expect(nagErrors(assembly.directory)).toEqual([]);
  });

  it('cdk-nag sí detiene la síntesis ante un error sin reconocer (control negativo)', () => {
    const app = appTemporal();
    const stack = new Stack(app, 'Nag');
    new sqs.Queue(stack, 'Queue');
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    expect(() => app.synth()).toThrow(/AwsSolutions-SQS/);
  });
});
