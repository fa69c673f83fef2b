import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { App } from 'aws-cdk-lib';
import { Node } from 'constructs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { Template } from 'aws-cdk-lib/assertions';
import { buildCuota } from '../lib/app';
import { EDGE_REGION } from '../lib/edge';
import { REPO_ROOT } from '../lib/function';
import { allStacks, fakeWebRoot, testApp } from './cuota';

/** The delivery workflow: its structure, its credentials, and its synth commands run here. */

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  needs?: string | string[];
  if?: string;
  environment?: string | { name: string };
  permissions?: Record<string, string>;
  container?: unknown;
  env?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

const WORKFLOW = join(REPO_ROOT, '.github', 'workflows', 'deploy.yml');
const text = readFileSync(WORKFLOW, 'utf8');
const workflow = parse(text) as Workflow;
const jobs = workflow.jobs;
const environmentOf = (job: Job) => (typeof job.environment === 'string' ? job.environment : job.environment?.name);
const runs = (job: Job) => job.steps.flatMap((s) => (s.run ? [s.run] : []));
const allRuns = Object.values(jobs).flatMap(runs);

/** `-c key=value` pairs of a command line, quotes removed. */
function contextArgs(command: string): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const m of command.matchAll(/(?:^|\s)(?:-c|--context)\s+([A-Za-z][\w:-]*)=("[^"]*"|'[^']*'|\S*)/g)) {
    pairs[m[1]!] = m[2]!.replace(/^["']|["']$/g, '');
  }
  return pairs;
}

const cdkCommands = allRuns.filter((r) => /\bcdk\b|npm run synth/.test(r));
const synthCommands = runs(jobs.synth!).filter((r) => r.includes('npm run synth'));
const deployCommands = (job: string) => runs(jobs[job]!).filter((r) => r.includes('cdk deploy'));

/** Every context key the app asks for while it is built (the stacks' own reads included). */
const keysRead = new Set<string>();

function nagErrors(app: App): string[] {
  const file = join(app.synth().directory, 'validation-report.json');
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    pluginReports: { violations: { ruleName: string; severity: string }[] }[];
  };
  return report.pluginReports.flatMap((r) => r.violations.filter((v) => v.severity === 'error').map((v) => v.ruleName));
}

/** Builds the whole app with `context` (as `cdk synth -c …` would), recording the keys it reads. */
function buildWith(context: Record<string, string>): App {
  const app = testApp(context);
  const original = Node.prototype.tryGetContext;
  const recorder = vi.spyOn(Node.prototype, 'tryGetContext').mockImplementation(function (this: Node, key: string) {
    keysRead.add(key);
    return original.call(this, key) as unknown;
  });
  try {
    buildCuota(app, { webRoot: fakeWebRoot() });
  } finally {
    recorder.mockRestore();
  }
  return app;
}

/** The workflow's synth commands, each built once here with exactly its `-c` arguments. */
let built: { command: string; app: App }[] | undefined;
const synthesized = () => (built ??= synthCommands.map((command) => ({ command, app: buildWith(contextArgs(command)) })));

afterAll(() => vi.restoreAllMocks());

describe('workflow de entrega (.github/workflows/deploy.yml)', () => {
  it('test → synth → deploy-staging → deploy-prod, en ese orden y encadenados por needs', () => {
    expect(Object.keys(jobs)).toEqual(['test', 'synth', 'deploy-staging', 'deploy-prod']);
    expect(jobs.test!.needs).toBeUndefined();
    expect(jobs.synth!.needs).toBe('test');
    expect(jobs['deploy-staging']!.needs).toBe('synth');
    expect(jobs['deploy-prod']!.needs).toBe('deploy-staging');
  });

  it('el job test corre .ci/run: npm ci && npm test, con chromium instalado como en CI', () => {
    expect(runs(jobs.test!)).toEqual(['.ci/run']);
    const ci = readFileSync(join(REPO_ROOT, '.ci', 'run'), 'utf8');
    expect(ci).toMatch(/^npm ci\b/m);
    expect(ci).toMatch(/^npm test$/m);
    expect(ci).toContain('chromium');
    // a Debian image, where apt's chromium is the browser itself (Ubuntu's is a snap stub)
    expect(String(jobs.test!.container)).toMatch(/bookworm/);
  });

  it('solo los despliegues usan environments: staging y production (con revisores requeridos: la aprobación)', () => {
    expect(environmentOf(jobs['deploy-staging']!)).toBe('staging');
    expect(environmentOf(jobs['deploy-prod']!)).toBe('production');
    expect(environmentOf(jobs.test!)).toBeUndefined();
    expect(environmentOf(jobs.synth!)).toBeUndefined();
  });

  it('se despliega solo desde main, nunca desde un pull request', () => {
    expect(Object.keys(workflow.on)).toContain('pull_request');
    for (const job of ['deploy-staging', 'deploy-prod']) {
      expect(jobs[job]!.if).toContain("github.ref == 'refs/heads/main'");
      expect(jobs[job]!.if).toContain("github.event_name != 'pull_request'");
    }
  });

  it('credenciales por OIDC: id-token solo en los despliegues, ninguna clave de AWS guardada', () => {
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(jobs.test!.permissions).toBeUndefined();
    expect(jobs.synth!.permissions).toBeUndefined();
    for (const job of ['deploy-staging', 'deploy-prod']) {
      expect(jobs[job]!.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
      const credentials = jobs[job]!.steps.filter((s) => s.uses?.startsWith('aws-actions/configure-aws-credentials@'));
      expect(credentials).toHaveLength(1);
      expect(Object.keys(credentials[0]!.with ?? {}).sort()).toEqual(['aws-region', 'role-session-name', 'role-to-assume']);
      expect(credentials[0]!.with!['role-to-assume']).toBe('${{ vars.AWS_DEPLOY_ROLE_ARN }}');
    }
    expect(text).not.toMatch(
      /aws-access-key-id|aws-secret-access-key|AWS_SECRET_ACCESS_KEY|AWS_ACCESS_KEY_ID|AWS_SESSION_TOKEN/i,
    );
    expect(text).not.toContain('secrets.');
  });

  it('cada acción está fijada a un commit (40 hex), no a una etiqueta movible', () => {
    const uses = Object.values(jobs).flatMap((j) => j.steps.flatMap((s) => (s.uses ? [s.uses] : [])));
    expect(uses.length).toBeGreaterThan(0);
    for (const u of uses) expect(u, u).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
  });

  it('el CLI de CDK es el del repositorio (devDependency fija), tras npm ci', () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
      scripts: Record<string, string>;
    };
    expect(pkg.devDependencies['aws-cdk']).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.scripts.synth).toMatch(/^cdk synth\b/);
    expect(cdkCommands.length).toBe(4);
    for (const command of cdkCommands) {
      // `npm run synth` runs node_modules/.bin/cdk; `npx --no` refuses to download another one
      expect(command, command).toMatch(/^(npm run synth -- |npx --no cdk )/);
    }
    expect(text).not.toMatch(/aws-cdk@|npm (i|install) (-g|--global)/);
    for (const job of ['synth', 'deploy-staging', 'deploy-prod']) {
      const commands = runs(jobs[job]!);
      const install = commands.findIndex((r) => r.startsWith('npm ci'));
      const first = commands.findIndex((r) => /\bcdk\b|npm run synth/.test(r));
      expect(install, job).toBeGreaterThanOrEqual(0);
      expect(install, job).toBeLessThan(first);
      // the web stack deploys the built apps
      expect(commands.indexOf('npm run build'), job).toBeGreaterThan(install);
      expect(commands.indexOf('npm run build'), job).toBeLessThan(first);
    }
  });

  it('cada despliegue lleva el stage de su environment', () => {
    expect(deployCommands('deploy-staging')).toHaveLength(1);
    expect(deployCommands('deploy-prod')).toHaveLength(1);
    expect(contextArgs(deployCommands('deploy-staging')[0]!).stage).toBe('staging');
    expect(contextArgs(deployCommands('deploy-prod')[0]!).stage).toBe('prod');
    for (const command of cdkCommands) expect(command).not.toContain('stackPrefix');
  });

  it('el synth de staging y el de prod, con exactamente los -c del workflow, pasan cdk-nag', () => {
    expect(synthCommands.map((c) => contextArgs(c).stage)).toEqual(['staging', 'prod']);
    for (const { command, app } of synthesized()) expect(nagErrors(app), command).toEqual([]);
  });

  it('cada clave -c del workflow es una que la app lee', () => {
    // the keys recorded while the workflow's synths built the app (stage, region, alarmEmail, logLevel, …)
    synthesized();
    expect(keysRead.size).toBeGreaterThan(0);
    expect(keysRead).toContain('stage');
    const used = new Set(cdkCommands.flatMap((c) => Object.keys(contextArgs(c))));
    expect([...used].sort()).toEqual([
      'alarmEmail',
      'apiCertificateArn',
      'apiDomainName',
      'cognitoEmail',
      'region',
      'senderDomain',
      'senderEmail',
      'staffMfa',
      'stage',
      'webCertificateArn',
      'webDomainName',
    ]);
    for (const key of used) expect(keysRead, key).toContain(key);
  });

  it('el synth usa una región que no es us-east-1: la referencia de CuotaWeb al web ACL de CuotaEdge cruza regiones', () => {
    for (const { command, app } of synthesized()) {
      expect(contextArgs(command).region, command).not.toBe(EDGE_REGION);
      const stacks = allStacks(app);
      const edge = Object.values(stacks).find((s) => s.stackName.endsWith('Edge'))!;
      const web = Object.values(stacks).find((s) => s.stackName.endsWith('Web'))!;
      expect(edge.region).toBe(EDGE_REGION);
      expect(web.region).toBe(contextArgs(command).region);
      const reference = JSON.stringify(Template.fromStack(web).toJSON()).match(/"Fn::GetStackOutput":\{[^}]*\}/g) ?? [];
      expect(
        reference.filter((r) => r.includes(`"StackName":"${edge.stackName}"`) && r.includes(`"Region":"${EDGE_REGION}"`)),
        command,
      ).toHaveLength(1);
    }
  });

  it('cada despliegue pasa también COGNITO_EMAIL, STAFF_MFA, SENDER_EMAIL y el dominio propio de la API (en blanco: lo del stage)', () => {
    for (const job of ['deploy-staging', 'deploy-prod']) {
      const args = contextArgs(deployCommands(job)[0]!);
      expect(args, job).toMatchObject({
        cognitoEmail: '$COGNITO_EMAIL',
        staffMfa: '$STAFF_MFA',
        senderDomain: '$SENDER_DOMAIN',
        senderEmail: '$SENDER_EMAIL',
        apiDomainName: '$API_DOMAIN_NAME',
        apiCertificateArn: '$API_CERTIFICATE_ARN',
      });
      // every variable a command uses comes from the job's environment, read from the GitHub environment's vars
      for (const value of Object.values(args).filter((v) => v.startsWith('$'))) {
        expect(jobs[job]!.env?.[value.slice(1)], `${job} ${value}`).toBe(`\${{ vars.${value.slice(1)} }}`);
      }
    }
  });

  it('prod con los valores opcionales en blanco se detiene antes de desplegar: cognitoEmail=ses necesita un remitente real', () => {
    const vars = { AWS_REGION: 'us-east-2', ALARM_EMAIL: 'alarmas@cuota.cr' };
    const withVars = (command: string, extra: Record<string, string>) =>
      Object.fromEntries(
        Object.entries(contextArgs(command)).map(([k, v]) => [
          k,
          v.startsWith('$') ? (({ ...vars, ...extra } as Record<string, string>)[v.slice(1)] ?? '') : v,
        ]),
      );
    const prod = deployCommands('deploy-prod')[0]!;
    const build = (extra: Record<string, string>) => () => buildCuota(testApp(withVars(prod, extra)), { webRoot: fakeWebRoot() });
    expect(build({})).toThrow(/cognitoEmail=ses\) and needs a real sender: -c senderDomain=/);
    expect(build({ SENDER_EMAIL: 'notificaciones@example.com' })).toThrow(
      /needs a real sender.*\(not notificaciones@example\.com\)/,
    );
    // a real sender, or Cognito's own until SES is verified: the synth goes on
    expect(build({ SENDER_EMAIL: 'avisos@cuota.cr' })).not.toThrow();
    expect(build({ COGNITO_EMAIL: 'cognito' })).not.toThrow();
  });
});
