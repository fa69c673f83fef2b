import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { seguridadTexts } from '@cuota/shared/texts/seguridad';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildCuota, type CuotaStacks } from '../lib/app';
import {
  COGNITO_TARGET_PREFIX,
  COMMON_RULES_COUNTED,
  RATE_LIMITED_COGNITO_OPERATIONS,
  RATE_LIMITED_PATHS,
  WAF_RATE_LIMIT_DEFAULT,
} from '../lib/edge';
import { cuota, fakeWebRoot, resources, testApp } from './cuota';

type Rule = Record<string, any>;

interface Report {
  pluginReports: { pluginName: string; violations: { ruleName: string; severity: string }[] }[];
}

const REGION = 'eu-west-1';

function build(context: Record<string, unknown>): { stacks: CuotaStacks; template: (stack: Stack) => Template } {
  const app = testApp({ region: REGION, ...context });
  const stacks = buildCuota(app, { webRoot: fakeWebRoot() });
  const cache = new Map<Stack, Template>();
  return {
    stacks,
    template: (stack) => {
      if (!cache.has(stack)) cache.set(stack, Template.fromStack(stack));
      return cache.get(stack)!;
    },
  };
}

const only = (template: Template, type: string) => {
  const found = Object.values(resources(template, type));
  expect(found, type).toHaveLength(1);
  return found[0]!.Properties!;
};
const rule = (acl: Rule, name: string): Rule => {
  const found = (acl.Rules as Rule[]).find((r) => r.Name === name);
  expect(found, name).toBeDefined();
  return found!;
};
const managedGroups = (acl: Rule): string[] =>
  (acl.Rules as Rule[]).flatMap((r) =>
    r.Statement.ManagedRuleGroupStatement ? [r.Statement.ManagedRuleGroupStatement.Name] : [],
  );
const byteMatches = (statement: Rule): Rule[] =>
  statement.OrStatement
    ? (statement.OrStatement.Statements as Rule[]).map((s) => s.ByteMatchStatement)
    : [statement.ByteMatchStatement];

describe('WAF (contexto waf=true)', () => {
  // one app with every edge option on: the custom API domain and the WebSocket access logs too
  const withWaf = build({
    waf: 'true',
    apiDomainName: 'api.cuota.example.cr',
    apiCertificateArn: `arn:aws:acm:${REGION}:111111111111:certificate/abc`,
    apiGatewayCloudWatchRole: 'create',
  });

  it('crea la pila Edge en us-east-1 con una ACL de alcance CLOUDFRONT', () => {
    const { stacks, template } = withWaf;
    expect(stacks.edge).toBeDefined();
    expect(stacks.edge!.region).toBe('us-east-1');
    expect(stacks.edge!.stackName).toBe('CuotaEdge');
    const acl = only(template(stacks.edge!), 'AWS::WAFv2::WebACL');
    expect(acl.Scope).toBe('CLOUDFRONT');
    expect(acl.DefaultAction).toEqual({ Allow: {} });
  });

  it('usa los grupos administrados de AWS, con las reglas de cuerpo que bloquearían la API en COUNT', () => {
    const acl = only(withWaf.template(withWaf.stacks.edge!), 'AWS::WAFv2::WebACL');
    expect(managedGroups(acl).sort()).toEqual([
      'AWSManagedRulesAmazonIpReputationList',
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    const common = rule(acl, 'AWSManagedRulesCommonRuleSet');
    const overrides = common.Statement.ManagedRuleGroupStatement.RuleActionOverrides as Rule[];
    expect(overrides.map((o) => o.Name).sort()).toEqual([...COMMON_RULES_COUNTED].sort());
    for (const o of overrides) expect(o.ActionToUse).toEqual({ Count: {} });
    expect(COMMON_RULES_COUNTED).toContain('SizeRestrictions_BODY');
    expect(COMMON_RULES_COUNTED).toContain('CrossSiteScripting_BODY');
    // a managed group only applies its own actions (None), so the overrides above are what is counted
    for (const name of managedGroups(acl)) expect(rule(acl, name).OverrideAction).toEqual({ None: {} });
  });

  it('limita por IP el registro y el restablecimiento de contraseña (rutas del manifiesto), 100 cada 5 minutos, con 429', () => {
    expect(RATE_LIMITED_PATHS).toEqual(['/api/auth/registro', '/api/auth/restablecer-contrasena']);
    const acl = only(withWaf.template(withWaf.stacks.edge!), 'AWS::WAFv2::WebACL');
    const rate = rule(acl, 'RateLimitAuthPaths');
    // 429 with the API's error model and its Spanish sentence
    const key = rate.Action.Block.CustomResponse.CustomResponseBodyKey as string;
    expect(rate.Action.Block.CustomResponse.ResponseCode).toBe(429);
    expect(acl.CustomResponseBodies[key].ContentType).toBe('APPLICATION_JSON');
    expect(JSON.parse(acl.CustomResponseBodies[key].Content as string)).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: seguridadTexts.demasiadosIntentos,
    });
    const statement = rate.Statement.RateBasedStatement;
    expect(statement).toMatchObject({ Limit: WAF_RATE_LIMIT_DEFAULT, EvaluationWindowSec: 300, AggregateKeyType: 'IP' });
    expect(WAF_RATE_LIMIT_DEFAULT).toBe(100);
    const matches = byteMatches(statement.ScopeDownStatement);
    expect(matches.map((m) => m.SearchString).sort()).toEqual([...RATE_LIMITED_PATHS].sort());
    for (const m of matches) {
      expect(m.FieldToMatch).toEqual({ UriPath: {} });
      expect(m.PositionalConstraint).toBe('STARTS_WITH');
      // %72egistro is /registro too
      expect(m.TextTransformations.map((t: Rule) => t.Type)).toContain('URL_DECODE');
    }
  });

  it('registra en un grupo aws-waf-logs-…, solo lo bloqueado o contado, sin la cabecera Authorization', () => {
    const template = withWaf.template(withWaf.stacks.edge!);
    const group = only(template, 'AWS::Logs::LogGroup');
    expect(group.LogGroupName).toBe('aws-waf-logs-cuota-edge');
    const logging = only(template, 'AWS::WAFv2::LoggingConfiguration');
    expect(JSON.stringify(logging.LogDestinationConfigs)).toContain(':log-group:aws-waf-logs-cuota-edge');
    expect(JSON.stringify(logging.LogDestinationConfigs)).not.toContain(':*');
    expect(logging.RedactedFields).toEqual([{ SingleHeader: { Name: 'authorization' } }]);
    expect(logging.LoggingFilter.DefaultBehavior).toBe('DROP');
  });

  it('la distribución usa la ACL de la pila Edge (referencia entre regiones)', () => {
    const { stacks, template } = withWaf;
    const dist = only(template(stacks.web), 'AWS::CloudFront::Distribution').DistributionConfig;
    // the weak cross-stack flag (cdk.json) renders it as Fn::GetStackOutput of the us-east-1 stack
    expect(dist.WebACLId).toEqual({
      'Fn::GetStackOutput': { StackName: 'CuotaEdge', Region: 'us-east-1', OutputName: expect.stringMatching(/WebAcl/) },
    });
    expect(stacks.web.dependencies).toContain(stacks.edge);
  });

  it('asocia una ACL REGIONAL al user pool, con límite por IP en inicio de sesión, registro y restablecimiento en Cognito', () => {
    const template = withWaf.template(withWaf.stacks.auth);
    const acl = only(template, 'AWS::WAFv2::WebACL');
    expect(acl.Scope).toBe('REGIONAL');
    const association = only(template, 'AWS::WAFv2::WebACLAssociation');
    expect(association.ResourceArn).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^UserPool/), 'Arn'] });
    expect(association.WebACLArn).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/WebAcl/), 'Arn'] });

    // a 429 Amplify reads as TooManyRequestsException (the shell's "too many attempts"), readable cross-origin
    const response = rule(acl, 'RateLimitSignIn').Action.Block.CustomResponse;
    expect(response.ResponseCode).toBe(429);
    expect(response.ResponseHeaders).toEqual([{ Name: 'access-control-allow-origin', Value: '*' }]);
    const body = JSON.parse(acl.CustomResponseBodies[response.CustomResponseBodyKey].Content as string) as Rule;
    expect(body.__type).toBe('TooManyRequestsException');
    const rate = rule(acl, 'RateLimitSignIn').Statement.RateBasedStatement;
    expect(rate.Limit).toBe(WAF_RATE_LIMIT_DEFAULT);
    const [operations, notRefresh] = rate.ScopeDownStatement.AndStatement.Statements as Rule[];
    const targets = byteMatches(operations!);
    expect(targets.map((m) => m.SearchString).sort()).toEqual(
      RATE_LIMITED_COGNITO_OPERATIONS.map((o) => `${COGNITO_TARGET_PREFIX}${o}`).sort(),
    );
    for (const o of ['InitiateAuth', 'SignUp', 'ForgotPassword']) expect(RATE_LIMITED_COGNITO_OPERATIONS).toContain(o);
    for (const m of targets) expect(m.FieldToMatch).toEqual({ SingleHeader: { Name: 'x-amz-target' } });
    // token refreshes (every 15 minutes per open session) are not counted: top-level AuthFlow only
    const refresh = notRefresh!.NotStatement.Statement.ByteMatchStatement;
    expect(refresh.FieldToMatch.JsonBody.MatchPattern).toEqual({ IncludedPaths: ['/AuthFlow'] });
    expect(refresh.SearchString).toBe('REFRESH_TOKEN');
    const wafLogs = Object.values(resources(template, 'AWS::Logs::LogGroup')).filter((g) =>
      String(g.Properties!.LogGroupName).startsWith('aws-waf-logs-'),
    );
    expect(wafLogs.map((g) => g.Properties!.LogGroupName)).toEqual(['aws-waf-logs-cuota-cognito']);
    expect(only(template, 'AWS::WAFv2::LoggingConfiguration').RedactedFields).toEqual([
      { SingleHeader: { Name: 'authorization' } },
    ]);
  });

  it('con apiDomainName: dominio propio con su mapeo, execute-api desactivado y CloudFront apuntando al dominio propio', () => {
    const { stacks, template } = withWaf;
    const api = template(stacks.api);
    expect(only(api, 'AWS::ApiGatewayV2::Api').DisableExecuteApiEndpoint).toBe(true);
    const domain = only(api, 'AWS::ApiGatewayV2::DomainName');
    expect(domain.DomainName).toBe('api.cuota.example.cr');
    expect(domain.DomainNameConfigurations[0]).toMatchObject({
      CertificateArn: `arn:aws:acm:${REGION}:111111111111:certificate/abc`,
      EndpointType: 'REGIONAL',
      SecurityPolicy: 'TLS_1_2',
    });
    const mapping = only(api, 'AWS::ApiGatewayV2::ApiMapping');
    expect(JSON.stringify(mapping.DomainName)).toMatch(/DomainName/);
    expect(mapping.Stage).toBe('$default');
    expect(JSON.stringify(mapping.ApiId)).toMatch(/HttpApi/);
    // the DNS target is an output
    expect(JSON.stringify(api.toJSON().Outputs.ApiDomainTarget.Value)).toContain('RegionalDomainName');

    const dist = only(template(stacks.web), 'AWS::CloudFront::Distribution').DistributionConfig;
    const apiOrigin = (dist.Origins as Rule[]).find((o) => o.CustomOriginConfig)!;
    expect(apiOrigin.DomainName).toBe('api.cuota.example.cr');
  });

  it('la etapa WebSocket escribe access logs, con el rol de CloudWatch de la cuenta creado (y conservado)', () => {
    const { stacks, template } = withWaf;
    const realtime = template(stacks.realtime);
    const stage = only(realtime, 'AWS::ApiGatewayV2::Stage');
    expect(stage.AccessLogSettings.DestinationArn).toEqual({
      'Fn::GetAtt': [expect.stringMatching(/WebSocketAccessLogs/), 'Arn'],
    });
    const format = JSON.parse(stage.AccessLogSettings.Format as string) as Record<string, string>;
    expect(format.connectionId).toBe('$context.connectionId');
    expect(format.status).toBe('$context.status');
    // the $connect token travels in the query string: never logged
    expect(JSON.stringify(format)).not.toMatch(/querystring|requestOverride/i);
    const account = Object.entries(resources(realtime, 'AWS::ApiGateway::Account'));
    expect(account).toHaveLength(1);
    expect(account[0]![1].DeletionPolicy).toBe('Retain');
    const stageEntry = Object.values(resources(realtime, 'AWS::ApiGatewayV2::Stage'))[0]!;
    expect(stageEntry.DependsOn).toContain(account[0]![0]);
  });

  it('cdk-nag no deja errores sin reconocer con todo activado', () => {
    const app = testApp({
      region: REGION,
      waf: 'true',
      apiDomainName: 'api.cuota.example.cr',
      apiCertificateArn: `arn:aws:acm:${REGION}:111111111111:certificate/abc`,
      apiGatewayCloudWatchRole: 'create',
    });
    buildCuota(app, { webRoot: fakeWebRoot() });
    const assembly = app.synth();
    const file = join(assembly.directory, 'validation-report.json');
    const report = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Report) : { pluginReports: [] };
    const errors = report.pluginReports.flatMap((r) => r.violations.filter((v) => v.severity === 'error').map((v) => v.ruleName));
    expect(errors).toEqual([]);
    expect(assembly.getStackByName('CuotaEdge').environment.region).toBe('us-east-1');
  });
});

describe('WAF: contexto y valores por defecto', () => {
  it('webAclArn sigue mandando: la distribución usa esa ACL y no se crea la pila Edge (la ACL de Cognito sí)', () => {
    const arn = 'arn:aws:wafv2:us-east-1:111111111111:global/webacl/propia/abc';
    const { stacks, template } = build({ waf: 'true', webAclArn: arn });
    expect(stacks.edge).toBeUndefined();
    const dist = only(template(stacks.web), 'AWS::CloudFront::Distribution').DistributionConfig;
    expect(dist.WebACLId).toBe(arn);
    template(stacks.auth).resourceCountIs('AWS::WAFv2::WebACLAssociation', 1);
  });

  it('wafRateLimit cambia el límite de las dos ACL, y un valor inválido no sintetiza', () => {
    const { stacks, template } = build({ waf: 'true', wafRateLimit: '300' });
    for (const stack of [stacks.edge!, stacks.auth]) {
      const acl = only(template(stack), 'AWS::WAFv2::WebACL');
      const rate = (acl.Rules as Rule[]).find((r) => r.Statement.RateBasedStatement)!;
      expect(rate.Statement.RateBasedStatement.Limit, stack.stackName).toBe(300);
    }
    expect(() => build({ waf: 'true', wafRateLimit: 'mucho' })).toThrow(/wafRateLimit/);
  });

  it('waf=true sin región explícita falla con un mensaje claro', () => {
    const app = testApp({ waf: 'true' });
    expect(() => buildCuota(app, { webRoot: fakeWebRoot() })).toThrow(/waf=true needs an explicit region/);
  });

  it('apiDomainName sin apiCertificateArn (o al revés) falla; apiGatewayCloudWatchRole solo acepta create o existing', () => {
    expect(() => build({ apiDomainName: 'api.cuota.example.cr' })).toThrow(/apiDomainName and apiCertificateArn go together/);
    expect(() => build({ apiCertificateArn: 'arn:aws:acm:eu-west-1:1:certificate/x' })).toThrow(/go together/);
    expect(() => build({ apiGatewayCloudWatchRole: 'si' })).toThrow(/create" or "existing/);
  });

  it('apiGatewayCloudWatchRole=existing: access logs en la etapa WebSocket sin crear el rol de la cuenta', () => {
    const { stacks, template } = build({ apiGatewayCloudWatchRole: 'existing' });
    const realtime = template(stacks.realtime);
    expect(only(realtime, 'AWS::ApiGatewayV2::Stage').AccessLogSettings).toBeDefined();
    realtime.resourceCountIs('AWS::ApiGateway::Account', 0);
  });

  it('sin contexto: sin WAF, execute-api activo con CloudFront hacia él, la etapa WebSocket sin access logs (como antes)', () => {
    const { stacks, templates } = cuota();
    expect(stacks.edge).toBeUndefined();
    for (const template of Object.values(templates)) {
      template.resourceCountIs('AWS::WAFv2::WebACL', 0);
      template.resourceCountIs('AWS::WAFv2::WebACLAssociation', 0);
    }
    const api = only(templates.api, 'AWS::ApiGatewayV2::Api');
    expect(api.DisableExecuteApiEndpoint).toBeUndefined();
    templates.api.resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);
    const dist = only(templates.web, 'AWS::CloudFront::Distribution').DistributionConfig;
    expect(dist.WebACLId).toBeUndefined();
    const apiOrigin = (dist.Origins as Rule[]).find((o) => o.CustomOriginConfig)!;
    expect(JSON.stringify(apiOrigin.DomainName)).toContain('.execute-api.');
    const wsStage = only(templates.realtime, 'AWS::ApiGatewayV2::Stage');
    expect(wsStage.AccessLogSettings).toBeUndefined();
    templates.realtime.resourceCountIs('AWS::ApiGateway::Account', 0);
  });
});
