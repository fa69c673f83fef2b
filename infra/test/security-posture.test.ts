import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTES } from '@cuota/functions/manifest';
import {
  ADMIN_PASSWORD_MIN,
  COMMON_PASSWORDS,
  isCommonPassword,
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordErrors,
} from '@cuota/shared';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../lib/function';
import { HSTS_MAX_AGE_SECONDS, securityHeaderValues } from '../lib/security-headers';
import { WEB_APPS } from '../lib/web';
import { Template } from 'aws-cdk-lib/assertions';
import { buildCuota } from '../lib/app';
import { allStacks, cuota, fakeWebRoot, joined, resources, testApp } from './cuota';
import { checkConfig, keyPaths } from './secrets';

/*
 * Issue 7 §5, security posture on AWS: what the synthesized templates promise. The local stack's
 * headers are checked in infra/local/web.test.ts, secrets in secrets.test.ts, the server-side
 * rules in functions (usuarios, configuracion).
 */

interface PasswordPolicy {
  MinimumLength: number;
  RequireLowercase: boolean;
  RequireUppercase: boolean;
  RequireNumbers: boolean;
  RequireSymbols: boolean;
  TemporaryPasswordValidityDays: number;
}

const pool = () => Object.values(resources(cuota().templates.auth, 'AWS::Cognito::UserPool'))[0]!.Properties!;

/** The app synthesized with extra context: its templates, the user pool's properties and the email stack. */
function conContexto(context: Record<string, string>) {
  const app = testApp(context);
  const stacks = buildCuota(app, { webRoot: fakeWebRoot() });
  // throws when cdk-nag reports an unacknowledged error for this context (app.test.ts does it for the default)
  app.synth();
  const allTemplates = Object.fromEntries(
    Object.entries(allStacks(app)).map(([path, stack]) => [path, Template.fromStack(stack)]),
  );
  const auth = Object.values(resources(allTemplates[stacks.auth.node.path]!, 'AWS::Cognito::UserPool'))[0]!.Properties!;
  return { allTemplates, auth, email: allTemplates[stacks.email.node.path]! };
}
const policy = (): PasswordPolicy => pool().Policies.PasswordPolicy as PasswordPolicy;

/** Cognito's documented special characters (the space counts when not leading or trailing). */
const COGNITO_SYMBOLS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- ';

/**
 * What the user pool accepts as a password: its policy, plus the API's own limits (at most 256
 * characters, pattern `[\S]+(.*[\S]+)?`: no leading or trailing whitespace).
 */
function poolAccepts(password: string, p: PasswordPolicy): boolean {
  if (password.length < p.MinimumLength || password.length > 256) return false;
  if (/^\s|\s$/.test(password)) return false;
  if (p.RequireLowercase && !/[a-z]/.test(password)) return false;
  if (p.RequireUppercase && !/[A-Z]/.test(password)) return false;
  if (p.RequireNumbers && !/[0-9]/.test(password)) return false;
  if (p.RequireSymbols && ![...password].some((c) => COGNITO_SYMBOLS.includes(c))) return false;
  return true;
}

describe('Cognito: contraseñas (spec §5)', () => {
  it('la política del user pool es la del spec: mínimo 12 y las cuatro clases', () => {
    expect(policy()).toEqual({
      MinimumLength: PASSWORD_MIN,
      RequireLowercase: true,
      RequireUppercase: true,
      RequireNumbers: true,
      RequireSymbols: true,
      TemporaryPasswordValidityDays: 3,
    });
    expect(PASSWORD_MIN).toBe(12);
    expect(PASSWORD_MAX).toBe(128);
    expect(ADMIN_PASSWORD_MIN).toBe(16);
  });

  it('ninguna de las 30 contraseñas comunes pasa la política del pool (Cognito no da la contraseña a ningún trigger)', () => {
    // The PreSignUp trigger never sees the password, so the blocklist cannot be checked there.
    // It does not need to be: every entry is refused by the pool's own policy.
    expect(COMMON_PASSWORDS).toHaveLength(30);
    for (const common of COMMON_PASSWORDS) {
      for (const variant of [common, common.toUpperCase(), common[0]!.toUpperCase() + common.slice(1)]) {
        expect(poolAccepts(variant, policy()), variant).toBe(false);
      }
    }
  });

  it('el navegador y el pool coinciden: lo que la validación compartida acepta, Cognito lo acepta', () => {
    const chars = fc.constantFrom(...'aZ9!é ñ-_.@#xYq0 '.split(''), ...COGNITO_SYMBOLS.split(''));
    fc.assert(
      fc.property(
        fc.array(chars, { minLength: 0, maxLength: 140 }).map((a) => a.join('')),
        (password) => {
          const shared = passwordErrors(password).length === 0;
          // The shared check refuses edge spaces too, so whatever it accepts, Cognito accepts.
          if (shared) expect(poolAccepts(password, policy())).toBe(true);
          if (poolAccepts(password, policy()) && password.length <= PASSWORD_MAX && !isCommonPassword(password)) {
            expect(passwordErrors(password)).toEqual([]);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('bloquea credenciales comprometidas al registrarse, cambiar la contraseña e iniciar sesión; riesgo alto se bloquea', () => {
    const { templates } = cuota();
    templates.auth.resourceCountIs('AWS::Cognito::UserPoolRiskConfigurationAttachment', 1);
    const risk = Object.values(resources(templates.auth, 'AWS::Cognito::UserPoolRiskConfigurationAttachment'))[0]!.Properties!;
    expect(risk.ClientId).toBe('ALL');
    expect(risk.CompromisedCredentialsRiskConfiguration.Actions).toEqual({ EventAction: 'BLOCK' });
    expect([...risk.CompromisedCredentialsRiskConfiguration.EventFilter].sort()).toEqual([
      'PASSWORD_CHANGE',
      'SIGN_IN',
      'SIGN_UP',
    ]);
    expect(risk.AccountTakeoverRiskConfiguration.Actions.HighAction).toEqual({ EventAction: 'BLOCK', Notify: false });
    expect(risk.AccountTakeoverRiskConfiguration.Actions.MediumAction.EventAction).toBe('MFA_IF_CONFIGURED');
    expect(pool().UserPoolAddOns).toEqual({ AdvancedSecurityMode: 'ENFORCED' });
  });
});

describe('Cognito: MFA', () => {
  it('MFA opcional solo con TOTP: ni SMS ni email, y sin rol para enviar SMS', () => {
    const { templates } = cuota();
    const p = pool();
    expect(p.MfaConfiguration).toBe('OPTIONAL');
    expect(p.EnabledMfas).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(p.SmsConfiguration).toBeUndefined();
    expect(p.SmsAuthenticationMessage).toBeUndefined();
    const cognitoRoles = Object.values(resources(templates.auth, 'AWS::IAM::Role')).filter((r) =>
      JSON.stringify(r.Properties!.AssumeRolePolicyDocument).includes('cognito-idp.amazonaws.com'),
    );
    expect(cognitoRoles).toEqual([]);
  });

  it('el trigger PreTokenGeneration (evento V1_0) es la función del manifiesto, y solo lee usuarios (AdminGetUser)', () => {
    const { templates } = cuota();
    const config = pool().LambdaConfig.PreTokenGenerationConfig as {
      LambdaArn: { 'Fn::GetAtt': [string, string] };
      LambdaVersion: string;
    };
    expect(config.LambdaVersion).toBe('V1_0');
    const [fnId] = config.LambdaArn['Fn::GetAtt'];
    const fn = resources(templates.auth, 'AWS::Lambda::Function')[fnId]!;
    expect(fn.Properties!.Description).toBe('Cognito cognito-pre-token-generation');
    // its role may read a user and nothing of the table (plus its logs and X-Ray traces)
    const roleId = (fn.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const statements = Object.values(resources(templates.auth, 'AWS::IAM::Policy'))
      .filter((pol) => JSON.stringify(pol.Properties!.Roles).includes(roleId))
      .flatMap((pol) => pol.Properties!.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
    const actions = statements.flatMap((st) => [st.Action].flat()).sort();
    expect(actions).toEqual([
      'cognito-idp:AdminGetUser',
      'logs:CreateLogStream',
      'logs:PutLogEvents',
      'xray:PutTelemetryRecords',
      'xray:PutTraceSegments',
    ]);
    const lectura = statements.find((st) => st.Action === 'cognito-idp:AdminGetUser')!;
    expect(JSON.stringify(lectura.Resource)).toMatch(/:userpool\/\*"/);
  });

  it('el personal necesita TOTP por defecto: MFA_PERSONAL=obligatoria en cada función de la API y del WebSocket', () => {
    const { allTemplates, templates } = cuota();
    let api = 0;
    for (const [name, template] of Object.entries(allTemplates)) {
      if (!name.startsWith('CuotaApi')) continue;
      for (const fn of Object.values(resources(template, 'AWS::Lambda::Function'))) {
        api++;
        expect(fn.Properties!.Environment?.Variables?.MFA_PERSONAL, name).toBe('obligatoria');
      }
    }
    expect(api).toBeGreaterThanOrEqual(ROUTES.length);
    const ws = Object.values(resources(templates.realtime, 'AWS::Lambda::Function')).filter((fn) =>
      String(fn.Properties!.Description).startsWith('WebSocket'),
    );
    expect(ws).toHaveLength(3);
    for (const fn of ws) expect(fn.Properties!.Environment.Variables.MFA_PERSONAL).toBe('obligatoria');
  });

  it('con -c staffMfa=opcional las funciones reciben MFA_PERSONAL=opcional; el pool sigue igual (OPTIONAL, mismo trigger)', () => {
    const { allTemplates, auth } = conContexto({ staffMfa: 'opcional' });
    const vars = Object.entries(allTemplates)
      .filter(([name]) => name.startsWith('CuotaApi') || name === 'CuotaRealtime')
      .flatMap(([, t]) => Object.values(resources(t, 'AWS::Lambda::Function')))
      .map((fn) => fn.Properties!.Environment?.Variables?.MFA_PERSONAL as unknown);
    expect(vars.length).toBeGreaterThan(ROUTES.length);
    expect(new Set(vars)).toEqual(new Set(['opcional']));
    expect(auth.MfaConfiguration).toBe('OPTIONAL');
    expect(auth.LambdaConfig.PreTokenGenerationConfig.LambdaVersion).toBe('V1_0');
    expect(() => conContexto({ staffMfa: 'nunca' })).toThrow(/staffMfa/);
  });

  it('el cliente web solo inicia sesión con SRP: nunca envía la contraseña (sin USER_PASSWORD_AUTH ni ADMIN_*)', () => {
    const client = Object.values(resources(cuota().templates.auth, 'AWS::Cognito::UserPoolClient'))[0]!.Properties!;
    expect([...client.ExplicitAuthFlows].sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH']);
    expect(client.GenerateSecret).toBe(false);
    expect(client.PreventUserExistenceErrors).toBe('ENABLED');
  });
});

describe('Cognito: SES', () => {
  it('por defecto Cognito usa su propio remitente (sin EmailConfiguration de SES)', () => {
    expect(pool().EmailConfiguration?.EmailSendingAccount ?? 'COGNITO_DEFAULT').toBe('COGNITO_DEFAULT');
  });

  it('con -c cognitoEmail=ses envía desde la identidad de SES de CuotaEmail, con su configuration set', () => {
    const { auth, email } = conContexto({ cognitoEmail: 'ses', senderDomain: 'correo.cuota.cr', region: 'eu-west-1' });
    const config = auth.EmailConfiguration;
    expect(config.EmailSendingAccount).toBe('DEVELOPER');
    expect(config.From).toBe('Cuota <notificaciones@correo.cuota.cr>');
    expect(joined(config.SourceArn)).toMatch(/^arn:[^:]+:ses:eu-west-1:\$\{…\}:identity\/correo\.cuota\.cr$/);
    // the identity CuotaEmail creates, and its configuration set (a reference to that stack)
    const identity = Object.values(resources(email, 'AWS::SES::EmailIdentity'))[0]!;
    expect(identity.Properties!.EmailIdentity).toBe('correo.cuota.cr');
    expect(JSON.stringify(config.ConfigurationSet)).toMatch(/CuotaEmail|ConfigurationSet/);
  });

  it('con una sola dirección verificada (senderEmail) la identidad es esa dirección', () => {
    const { auth } = conContexto({ cognitoEmail: 'ses', senderEmail: 'avisos@cuota.cr', region: 'eu-west-1' });
    expect(auth.EmailConfiguration.EmailSendingAccount).toBe('DEVELOPER');
    expect(joined(auth.EmailConfiguration.SourceArn)).toMatch(/:ses:eu-west-1:\$\{…\}:identity\/avisos@cuota\.cr$/);
  });

  it('cognitoEmail=ses sin región conocida falla con un mensaje claro', () => {
    const region = process.env.CDK_DEFAULT_REGION;
    delete process.env.CDK_DEFAULT_REGION;
    try {
      expect(() => conContexto({ cognitoEmail: 'ses', senderDomain: 'correo.cuota.cr' })).toThrow(/explicit region/);
    } finally {
      if (region !== undefined) process.env.CDK_DEFAULT_REGION = region;
    }
  });

  it('cognitoEmail=ses con el remitente de ejemplo de cdk.json (o ninguno) falla antes de sintetizar: SES nunca lo verificaría', () => {
    expect(() => conContexto({ cognitoEmail: 'ses', region: 'eu-west-1' })).toThrow(
      /needs a real sender: -c senderDomain=<verified domain> or -c senderEmail=<verified address> \(not notificaciones@example\.com\)/,
    );
    expect(() => conContexto({ cognitoEmail: 'ses', senderEmail: 'Avisos@EXAMPLE.com', region: 'eu-west-1' })).toThrow(
      /needs a real sender/,
    );
  });
});

describe('CORS en AWS', () => {
  it('la API HTTP no declara CORS (mismo origen detrás de CloudFront) y ningún recurso permite el origen *', () => {
    const { templates } = cuota();
    // the loops below prove nothing over no resources: there must be an HTTP API and buckets to check
    const apis = Object.values(resources(templates.api, 'AWS::ApiGatewayV2::Api'));
    expect(apis.length).toBeGreaterThan(0);
    for (const api of apis) {
      expect(api.Properties!.CorsConfiguration).toBeUndefined();
    }
    let buckets = 0;
    for (const [name, template] of Object.entries(cuota().allTemplates)) {
      for (const bucket of Object.values(resources(template, 'AWS::S3::Bucket'))) {
        buckets++;
        expect(bucket.Properties!.CorsConfiguration, name).toBeUndefined();
      }
      const text = JSON.stringify(template.toJSON());
      expect(text, name).not.toMatch(/AllowOrigins"\s*:\s*\[[^\]]*"\*"/);
      expect(text, name).not.toMatch(/Access-Control-Allow-Origin/i);
    }
    expect(buckets).toBeGreaterThan(0);
  });
});

describe('/config.json en AWS', () => {
  it('solo campos de la lista permitida y ningún secreto (sin endpoint de Cognito propio)', () => {
    const config = cuota().stacks.web.runtimeConfig;
    checkConfig(config);
    expect(keyPaths(config)).not.toContain('auth.userPoolEndpoint');
    expect(config.auth.authFlowType).toBe('USER_SRP_AUTH');
  });
});

describe('funciones', () => {
  it('ninguna Lambda recibe un secreto por variable de entorno', () => {
    // every template, the API's nested route stacks included
    const { allTemplates } = cuota();
    let seen = 0;
    let functions = 0;
    for (const [name, template] of Object.entries(allTemplates)) {
      for (const fn of Object.values(resources(template, 'AWS::Lambda::Function'))) {
        functions++;
        const vars = (fn.Properties!.Environment?.Variables ?? {}) as Record<string, unknown>;
        for (const [key, value] of Object.entries(vars)) {
          seen++;
          expect(key, `${name} ${key}`).not.toMatch(/SECRET|PASSWORD|PASSWD|PRIVATE|TOKEN|API_?KEY|STRIPE/i);
          if (typeof value === 'string') expect(value, `${name} ${key}`).not.toMatch(/^(sk|rk)_(live|test)_|AKIA[0-9A-Z]{16}/);
        }
      }
    }
    expect(seen).toBeGreaterThan(0);
    expect(functions).toBeGreaterThan(ROUTES.length);
  });
});

describe('CloudFront: cabeceras de seguridad', () => {
  const directive = (csp: string, name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d === name || d.startsWith(`${name} `));

  it('la política de CloudFront envía exactamente las cabeceras compartidas con el stack local', () => {
    const { templates } = cuota();
    const policies = Object.values(resources(templates.web, 'AWS::CloudFront::ResponseHeadersPolicy'));
    expect(policies).toHaveLength(1);
    const config = policies[0]!.Properties!.ResponseHeadersPolicyConfig;
    const sec = config.SecurityHeadersConfig;
    const expected = securityHeaderValues({ connectSrc: [], upgradeInsecureRequests: true });

    expect(sec.StrictTransportSecurity).toEqual({
      AccessControlMaxAgeSec: HSTS_MAX_AGE_SECONDS,
      IncludeSubdomains: true,
      Preload: true,
      Override: true,
    });
    expect(HSTS_MAX_AGE_SECONDS).toBeGreaterThanOrEqual(31_536_000);
    expect(expected['strict-transport-security']).toBe(`max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains; preload`);
    expect(sec.FrameOptions).toEqual({ FrameOption: expected['x-frame-options'], Override: true });
    expect(sec.ContentTypeOptions).toEqual({ Override: true });
    expect(sec.ReferrerPolicy).toEqual({ ReferrerPolicy: expected['referrer-policy'], Override: true });
    const custom = Object.fromEntries(
      (config.CustomHeadersConfig.Items as { Header: string; Value: string }[]).map((h) => [h.Header.toLowerCase(), h.Value]),
    );
    expect(custom).toEqual({
      'permissions-policy': expected['permissions-policy'],
      'cross-origin-opener-policy': expected['cross-origin-opener-policy'],
    });

    // The deployed CSP holds tokens (region, WebSocket id); compare it directive by directive.
    const csp = sec.ContentSecurityPolicy;
    expect(csp.Override).toBe(true);
    const deployed = (csp.ContentSecurityPolicy as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1]
      .map((p) => (typeof p === 'string' ? p : 'TOKEN'))
      .join('');
    for (const d of expected['content-security-policy']!.split('; ')) {
      const name = d.split(' ')[0]!;
      if (name === 'connect-src')
        expect(directive(deployed, name)).toMatch(
          /^connect-src 'self' https:\/\/cognito-idp\.TOKEN\.amazonaws\.com wss:\/\/\S+$/,
        );
      else expect(directive(deployed, name), name).toBe(d);
    }
    expect(directive(deployed, 'script-src')).toBe("script-src 'self'");
    expect(directive(deployed, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(deployed, 'upgrade-insecure-requests')).toBe('upgrade-insecure-requests');
  });

  it("los index.html de las tres apps no tienen scripts en línea (la CSP no permite 'unsafe-inline')", () => {
    // The sources always; the builds too when they exist (vite's plugins write the built ones).
    const files = WEB_APPS.flatMap((app) => {
      const dir = app.dist.replace(/\/dist$/, '');
      const list = [join(REPO_ROOT, dir, 'index.html')];
      try {
        readFileSync(join(REPO_ROOT, app.dist, 'index.html'));
        list.push(join(REPO_ROOT, app.dist, 'index.html'));
      } catch {
        /* not built */
      }
      return list;
    });
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const file of files) expect(inlineScripts(readFileSync(file, 'utf8')), file).toEqual([]);
    // the checker itself catches each kind
    expect(inlineScripts('<script>alert(1)</script>')).toHaveLength(1);
    expect(inlineScripts('<script type="module">import "/a.js"</script>')).toHaveLength(1);
    expect(inlineScripts('<body onload="x()">')).toHaveLength(1);
    expect(inlineScripts('<a href="javascript:void 0">')).toHaveLength(1);
    expect(inlineScripts('<script type="module" crossorigin src="/assets/a.js"></script>')).toEqual([]);
  });
});

/** Inline scripts, inline event handlers and javascript: URLs in an HTML document. */
function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? '';
    if (!/\bsrc\s*=/.test(attrs) || (m[2] ?? '').trim() !== '') found.push(m[0].slice(0, 80));
  }
  for (const m of html.matchAll(/<[a-z][^>]*\son[a-z]+\s*=/gi)) found.push(m[0].slice(0, 80));
  for (const m of html.matchAll(/javascript:/gi)) found.push(m[0]);
  return found;
}
