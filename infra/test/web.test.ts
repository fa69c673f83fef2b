import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, HSTS_MAX_AGE, SPA_REWRITE, SPA_STATUS } from '../lib/web';
import { cuota, joined, resources } from './cuota';

const csp = contentSecurityPolicy({
  cognitoEndpoint: 'https://cognito-idp.us-east-1.amazonaws.com',
  webSocketOrigin: 'wss://abc.execute-api.us-east-1.amazonaws.com',
});
const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? '';

describe('política de seguridad de contenidos', () => {
  it("no permite scripts en línea ni eval, y frame-ancestors es 'none'", () => {
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
  });

  it('conecta solo con el mismo origen, Cognito y el WebSocket', () => {
    expect(directive(csp, 'connect-src')).toBe(
      "connect-src 'self' https://cognito-idp.us-east-1.amazonaws.com wss://abc.execute-api.us-east-1.amazonaws.com",
    );
  });
});

describe('reescritura SPA del shell (CloudFront Function)', () => {
  // The function's source runs as-is (cloudfront-js-2.0 is plain ECMAScript for this code).
  const handler = new Function(`${SPA_REWRITE}; return handler;`)() as (e: { request: { uri: string } }) => { uri: string };
  const rewrite = (uri: string) => handler({ request: { uri } }).uri;

  it('sirve /index.html a la landing y /sesion.html a las demás rutas del shell (RUTAS_SHELL, con sus parámetros)', () => {
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/clientes')).toBe('/sesion.html');
    expect(rewrite('/clientes/01HX')).toBe('/sesion.html');
    expect(rewrite('/portal/creditos/c-1/contrato')).toBe('/sesion.html');
    expect(rewrite('/portal/')).toBe('/sesion.html');
  });

  it('y /404.html (el mismo index.html) para cualquier otra ruta sin extensión', () => {
    expect(rewrite('/no-existe')).toBe('/404.html');
    expect(rewrite('/clientes/01HX/detalle')).toBe('/404.html');
    expect(rewrite('/Portal')).toBe('/404.html');
  });

  it('deja pasar los archivos', () => {
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/favicon.svg')).toBe('/favicon.svg');
    expect(rewrite('/config.json')).toBe('/config.json');
  });
});

describe('estado 404 del shell (CloudFront Function de respuesta)', () => {
  const handler = new Function(`${SPA_STATUS}; return handler;`)() as (e: {
    request: { uri: string };
    response: { statusCode: number; statusDescription?: string };
  }) => { statusCode: number };
  const estado = (uri: string) => handler({ request: { uri }, response: { statusCode: 200 } }).statusCode;

  it('404 para /404.html y para una ruta desconocida (según vea la función la URI original o la reescrita)', () => {
    expect(estado('/404.html')).toBe(404);
    expect(estado('/no-existe')).toBe(404);
  });

  it('200 intacto para las rutas del shell, index.html y los archivos', () => {
    for (const uri of ['/', '/index.html', '/portal', '/creditos/x/contrato', '/assets/a-1.js', '/config.json'])
      expect(estado(uri), uri).toBe(200);
  });
});

describe('CuotaWeb', () => {
  it('sirve el bucket privado por CloudFront con OAC, index.html por defecto y reescritura SPA solo en el shell', () => {
    const { templates } = cuota();
    templates.web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    const dist = Object.values(resources(templates.web, 'AWS::CloudFront::Distribution'))[0]!.Properties!.DistributionConfig;
    expect(dist.DefaultRootObject).toBe('index.html');
    expect(dist.CustomErrorResponses).toBeUndefined();
    expect(dist.DefaultCacheBehavior.FunctionAssociations.map((f: { EventType: string }) => f.EventType)).toEqual([
      'viewer-request',
      'viewer-response',
    ]);
    const s3Origin = dist.Origins.find((o: { S3OriginConfig?: unknown }) => o.S3OriginConfig);
    expect(s3Origin.OriginAccessControlId).toBeDefined();
    expect(dist.Logging.Prefix).toBe('cloudfront/');

    const byPath = Object.fromEntries(dist.CacheBehaviors.map((b: { PathPattern: string }) => [b.PathPattern, b]));
    expect(Object.keys(byPath).sort()).toEqual(['/api/*', '/apps/admin/*', '/apps/portal/*', '/config.json']);
    const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
    const ALL_VIEWER_EXCEPT_HOST = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
    expect(byPath['/api/*']).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST,
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      ViewerProtocolPolicy: 'https-only',
    });
    expect(byPath['/api/*'].FunctionAssociations).toBeUndefined();
    expect(byPath['/config.json'].CachePolicyId).toBe(CACHING_DISABLED);
    for (const b of Object.values(byPath) as { ResponseHeadersPolicyId: unknown }[]) {
      expect(b.ResponseHeadersPolicyId).toEqual(dist.DefaultCacheBehavior.ResponseHeadersPolicyId);
    }
    const apiOrigin = dist.Origins.find((o: { Id: string }) => o.Id === byPath['/api/*'].TargetOriginId);
    expect(apiOrigin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
    expect(joined(apiOrigin.DomainName)).toMatch(/\.execute-api\./);
  });

  it('envía cabeceras de seguridad estrictas (CSP, HSTS 2 años con preload, DENY, nosniff)', () => {
    const { templates } = cuota();
    const policy = Object.values(resources(templates.web, 'AWS::CloudFront::ResponseHeadersPolicy'))[0]!;
    const sec = policy.Properties!.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const deployedCsp = joined(sec.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(directive(deployedCsp, 'script-src')).toBe("script-src 'self'");
    expect(deployedCsp).toContain("frame-ancestors 'none'");
    expect(deployedCsp).toMatch(/connect-src 'self' https:\/\/cognito-idp\.\$\{…\}\.amazonaws\.com wss:\/\//);
    expect(sec.StrictTransportSecurity).toEqual({
      AccessControlMaxAgeSec: HSTS_MAX_AGE.toSeconds(),
      IncludeSubdomains: true,
      Preload: true,
      Override: true,
    });
    expect(HSTS_MAX_AGE.toSeconds()).toBe(63_072_000);
    expect(sec.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(sec.ContentTypeOptions).toEqual({ Override: true });
    expect(sec.ReferrerPolicy.ReferrerPolicy).toBe('strict-origin-when-cross-origin');
  });

  it('mantiene los buckets privados, solo TLS y con registro de acceso', () => {
    const { templates } = cuota();
    const buckets = Object.entries(resources(templates.web, 'AWS::S3::Bucket'));
    expect(buckets).toHaveLength(2);
    for (const [, b] of buckets) {
      expect(b.Properties!.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
    const site = buckets.find(([id]) => id.startsWith('SiteBucket'))![1];
    expect(site.Properties!.LoggingConfiguration.DestinationBucketName).toBeDefined();
    const politicas = Object.values(resources(templates.web, 'AWS::S3::BucketPolicy'));
    expect(politicas.length).toBeGreaterThan(0);
    for (const p of politicas) {
      expect(p.Properties!.PolicyDocument.Statement).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      );
    }
  });

  it('despliega las apps construidas, salta las que faltan con un aviso y genera config.json', () => {
    const { stacks, templates } = cuota();
    expect(stacks.web.deployedApps).toEqual(['shell', 'admin']);
    Annotations.fromStack(stacks.web).hasWarning('*', Match.stringLikeRegexp('portal-app/dist not found'));
    const deployments = Object.values(resources(templates.web, 'Custom::CDKBucketDeployment')).map((d) => d.Properties!);
    // assets + entry per built app, plus config.json
    expect(deployments).toHaveLength(2 * 2 + 1);
    const prefixes = deployments.map((d) => d.DestinationBucketKeyPrefix ?? '').sort();
    expect(prefixes).toEqual(['', '', '', 'apps/admin/', 'apps/admin/']);
    expect(deployments.every((d) => d.Prune === false)).toBe(true);
    expect(deployments.filter((d) => d.SystemMetadata['cache-control'] === 'no-cache')).toHaveLength(3);

    expect(stacks.web.runtimeConfig).toMatchObject({
      stage: 'aws',
      apiUrl: '/api',
      auth: { authFlowType: 'USER_SRP_AUTH' },
      remotes: { admin: '/apps/admin/remoteEntry.js', portal: '/apps/portal/remoteEntry.js' },
    });
    expect(stacks.web.runtimeConfig.auth).not.toHaveProperty('userPoolEndpoint');

    // the shell's index.html, its copy 404.html and sesion.html carry the config, resolved at deploy time
    const shell = deployments.find((d) => !d.DestinationBucketKeyPrefix && d.SourceObjectKeys.length === 4)!;
    expect(shell).toBeDefined();
    // filtered out, a page would never reach the bucket (the deployment's exclude applies to every source)
    expect(shell.Exclude).toEqual(['assets/*', 'config.json']);
    expect(JSON.stringify(shell.SourceMarkers)).toMatch(/UserPool/);
  });
});
