import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RuntimeConfig } from '@cuota/shared';
import { RUTAS_SHELL } from '@cuota/shared/rutas';
import { Annotations, CfnOutput, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { REPO_ROOT } from './function';
import { acknowledgeGeneratedPolicy } from './nag';
import { PAGINA_DE_SESION } from '@cuota/shared/rutas';
import { htmlConConfig } from './pagina';
import {
  buildContentSecurityPolicy,
  CROSS_ORIGIN_OPENER_POLICY,
  HSTS_MAX_AGE_SECONDS,
  PERMISSIONS_POLICY,
} from './security-headers';

/** The three web apps and where they live in the bucket (and under the one origin). */
export const WEB_APPS = [
  { name: 'shell', dist: 'shell-app/dist', prefix: '' },
  { name: 'admin', dist: 'admin-app/dist', prefix: 'apps/admin/' },
  { name: 'portal', dist: 'portal-app/dist', prefix: 'apps/portal/' },
] as const;

export const HSTS_MAX_AGE = Duration.seconds(HSTS_MAX_AGE_SECONDS);

export interface CspSources {
  /** e.g. https://cognito-idp.us-east-1.amazonaws.com */
  readonly cognitoEndpoint: string;
  /** e.g. wss://abc.execute-api.us-east-1.amazonaws.com */
  readonly webSocketOrigin: string;
}

/** The CSP CloudFront sends (security-headers.ts): the apps talk only to this origin, Cognito and the WebSocket API. */
export function contentSecurityPolicy({ cognitoEndpoint, webSocketOrigin }: CspSources): string {
  return buildContentSecurityPolicy({ connectSrc: [cognitoEndpoint, webSocketOrigin], upgradeInsecureRequests: true });
}

/** The shell's page paths (RUTAS_SHELL) as regular-expression sources, for the CloudFront Functions below. */
function rutasComoRegex(): string {
  const fuentes = Object.values(RUTAS_SHELL).map(
    (ruta) =>
      `^${ruta
        .split('/')
        .map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')))
        .join('\\/')}\\/?$`,
  );
  return `[${fuentes.map((f) => `/${f}/`).join(', ')}]`;
}

/**
 * SPA fallback for the shell only (viewer request on the default behaviour): a path without a file
 * extension that is one of the shell's pages (RUTAS_SHELL, the list the router uses) gets
 * /index.html for the landing and /sesion.html (index.html with the session chunks preloaded) for the others; any other such path gets /404.html, a copy of index.html deployed with the shell,
 * whose router shows the 404 screen. Done in functions rather than distribution-wide custom error
 * responses, which would also rewrite the API's own 403/404 JSON answers into HTML (they cannot be
 * scoped to a behaviour), and S3 behind OAC answers 403, not 404, for a missing key.
 */
export const SPA_REWRITE = `
var RUTAS = ${rutasComoRegex()};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var lastSlash = uri.lastIndexOf('/');
  if (uri.indexOf('.', lastSlash) === -1) {
    var conocida = RUTAS.some(function (r) { return r.test(uri); });
    request.uri = !conocida ? '/404.html' : uri === '/' ? '/index.html' : '/${PAGINA_DE_SESION}';
  }
  return request;
}
`;

/**
 * The status of that fallback (viewer response): a function cannot read the origin's body, and
 * S3 answers 200 for /404.html, so the status is set here, where CloudFront still applies the
 * response-headers policy and the cached object stays one per key. The page is the same
 * index.html; only the status says 404 to crawlers and monitors, as the local origin does.
 */
export const SPA_STATUS = `
var RUTAS = ${rutasComoRegex()};
function handler(event) {
  var response = event.response;
  var uri = event.request.uri;
  var sinExtension = uri.indexOf('.', uri.lastIndexOf('/')) === -1;
  var desconocida = sinExtension && !RUTAS.some(function (r) { return r.test(uri); });
  if (uri === '/404.html' || desconocida) {
    response.statusCode = 404;
    response.statusDescription = 'Not Found';
  }
  return response;
}
`;

export interface WebStackProps extends StackProps {
  /** Host name CloudFront sends /api/* to: the API's custom domain, or its execute-api endpoint. */
  readonly apiDomainName: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  readonly wsUrl: string;
  readonly wsOrigin: string;
  /** Where `<app>/dist` are looked up; defaults to the repository root. */
  readonly webRoot?: string;
  /** Optional custom domain with an ACM certificate in us-east-1 (context `webDomainName`, `webCertificateArn`). */
  readonly domainName?: string;
  readonly certificateArn?: string;
  /**
   * WAFv2 web ACL (CLOUDFRONT scope, so in us-east-1) ARN: the Edge stack's (context `waf=true`,
   * a cross-region reference: set `crossRegionReferences` too) or an existing one (context `webAclArn`).
   */
  readonly webAclArn?: string;
}

/** The web apps on S3 + CloudFront, with /api routed to the HTTP API and a generated /config.json. */
export class WebStack extends Stack {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly securityHeaders: cloudfront.ResponseHeadersPolicy;
  readonly runtimeConfig: RuntimeConfig;
  /** Apps whose dist folder was found and is deployed. */
  readonly deployedApps: string[] = [];

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const webRoot = props.webRoot ?? REPO_ROOT;

    const logBucket = new s3.Bucket(this, 'LogBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      // CloudFront standard logging writes with ACLs.
      objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(365) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(logBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'This is the access-log bucket that receives the site bucket and CloudFront logs; logging it into itself would loop, and its writers are only the S3 log delivery and CloudFront services.',
    });

    this.bucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: logBucket,
      serverAccessLogsPrefix: 's3/site/',
      versioned: true,
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const region = this.region;
    this.securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Cuota: strict security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            cognitoEndpoint: `https://cognito-idp.${region}.amazonaws.com`,
            webSocketOrigin: props.wsOrigin,
          }),
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: HSTS_MAX_AGE,
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true },
          { header: 'Cross-Origin-Opener-Policy', value: CROSS_ORIGIN_OPENER_POLICY, override: true },
        ],
      },
      removeHeaders: ['Server'],
    });

    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.bucket);
    // Hashed assets carry `immutable, max-age=1 year` and index.html / remoteEntry.js `no-cache` as
    // S3 metadata (the deployments below); CACHING_OPTIMIZED honours them, keeps S3's ETag (so a
    // revalidation is a 304) and puts Accept-Encoding in the cache key, so with `compress` CloudFront
    // serves brotli or gzip to each browser. The local origin (infra/local/web.ts) does the same.
    const staticBehavior: cloudfront.BehaviorOptions = {
      origin: siteOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: this.securityHeaders,
      compress: true,
    };
    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Shell routes -> /index.html, other paths -> /404.html',
    });
    const spaStatus = new cloudfront.Function(this, 'SpaStatus', {
      code: cloudfront.FunctionCode.fromInline(SPA_STATUS),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'HTTP 404 for paths that are not shell routes',
    });

    const certificate = props.certificateArn
      ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn)
      : undefined;

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Cuota web',
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      ...(certificate && props.domainName
        ? {
            certificate,
            domainNames: [props.domainName],
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      enableLogging: true,
      logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        ...staticBehavior,
        functionAssociations: [
          { function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          { function: spaStatus, eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE },
        ],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new origins.HttpOrigin(props.apiDomainName, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.securityHeaders,
        },
        '/apps/admin/*': staticBehavior,
        '/apps/portal/*': staticBehavior,
        '/config.json': { ...staticBehavior, cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED },
      },
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason:
          'No geo restriction: Costa Rican customers keep access to their loans and payments while travelling or living abroad; access is controlled by Cognito sign-in, not by location.',
      },
      ...(props.webAclArn
        ? []
        : [
            {
              id: 'AwsSolutions-CFR2',
              reason:
                'WAF is opt-in (-c waf=true creates the us-east-1 CuotaEdge web ACL, or -c webAclArn=… attaches an existing one) because it bills per ACL, rule and request. Without it the API still requires a Cognito JWT on every non-public route with per-route stage throttling, and sign-in is covered by Cognito threat protection.',
            },
          ]),
      ...(certificate
        ? []
        : [
            {
              id: 'AwsSolutions-CFR4',
              reason:
                'Without a custom domain the distribution uses the default *.cloudfront.net certificate, for which CloudFront fixes the minimum protocol; TLSv1.2_2021 applies as soon as -c webDomainName=… -c webCertificateArn=… are given.',
            },
          ]),
    );

    // Web apps: hashed assets are immutable; everything else (index.html, remoteEntry.js) revalidates.
    const deploymentLogs = new logs.LogGroup(this, 'DeploymentLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const common = {
      destinationBucket: this.bucket,
      // Old hashed chunks stay so browsers holding the previous index.html keep working mid-rollout.
      prune: false,
      memoryLimit: 512,
      logGroup: deploymentLogs,
    } as const;
    this.runtimeConfig = {
      stage: 'aws',
      apiUrl: '/api',
      wsUrl: props.wsUrl,
      auth: {
        region,
        userPoolId: props.userPoolId,
        userPoolClientId: props.userPoolClientId,
        authFlowType: 'USER_SRP_AUTH',
      },
      remotes: { admin: '/apps/admin/remoteEntry.js', portal: '/apps/portal/remoteEntry.js' },
    };
    const appDeployments: s3deploy.BucketDeployment[] = [];
    for (const app of WEB_APPS) {
      const dist = join(webRoot, app.dist);
      if (!existsSync(join(dist, 'index.html')) && !existsSync(join(dist, 'remoteEntry.js'))) {
        const message = `${app.dist} not found: the ${app.name} app is not deployed (run \`npm run build\` first).`;
        Annotations.of(this).addWarningV2('cuota:web-dist-missing', message);
        continue;
      }
      this.deployedApps.push(app.name);
      const source = s3deploy.Source.asset(dist);
      const assets = new s3deploy.BucketDeployment(this, `Deploy-${app.name}-assets`, {
        ...common,
        sources: [source],
        destinationKeyPrefix: app.prefix || undefined,
        exclude: ['*'],
        include: ['assets/*'],
        cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      });
      // The shell's index.html with the runtime config inlined (resolved at deploy time), so the first
      // session page skips the /config.json round trip (which stays, for older pages and tools), and
      // the same page as /404.html, the key the SPA function sends unknown paths to.
      const html = (archivo: string) =>
        htmlConConfig(
          readFileSync(join(dist, existsSync(join(dist, archivo)) ? archivo : 'index.html'), 'utf8'),
          this.runtimeConfig,
        );
      const paginas =
        app.name === 'shell' && existsSync(join(dist, 'index.html'))
          ? [
              s3deploy.Source.data('index.html', html('index.html')),
              s3deploy.Source.data('404.html', html('index.html')),
              s3deploy.Source.data(PAGINA_DE_SESION, html(PAGINA_DE_SESION)),
            ]
          : [];
      const entry = new s3deploy.BucketDeployment(this, `Deploy-${app.name}`, {
        ...common,
        sources: [source, ...paginas],
        destinationKeyPrefix: app.prefix || undefined,
        // config.json is generated below; a copy from a local build must not overwrite it. The pages are
        // not excluded: the deployment unpacks its sources in order into one folder, so the pages with
        // the config (after the dist) replace the built copies, and `exclude` would filter them too.
        exclude: ['assets/*', 'config.json'],
        cacheControl: [s3deploy.CacheControl.noCache()],
        distribution: this.distribution,
        distributionPaths: [app.prefix ? `/${app.prefix}*` : '/*'],
      });
      // index.html / remoteEntry.js only after the chunks they reference are in place.
      entry.node.addDependency(assets);
      appDeployments.push(entry);
    }

    const configDeployment = new s3deploy.BucketDeployment(this, 'Deploy-config', {
      ...common,
      sources: [s3deploy.Source.jsonData('config.json', this.runtimeConfig)],
      cacheControl: [s3deploy.CacheControl.noCache()],
    });
    for (const d of appDeployments) configDeployment.node.addDependency(d);

    this.acknowledgeBucketDeploymentHandler();

    new CfnOutput(this, 'Url', { value: `https://${props.domainName ?? this.distribution.distributionDomainName}` });
    new CfnOutput(this, 'BucketName', { value: this.bucket.bucketName });
  }

  /** The CDK-provided singleton Lambda behind every BucketDeployment. */
  private acknowledgeBucketDeploymentHandler(): void {
    const handler = this.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!handler) return;
    Validations.of(handler).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'CDK-owned BucketDeployment handler (runs only during deployments); its role is generated by aws-cdk-lib.',
      },
      {
        id: 'AwsSolutions-L1',
        reason: 'CDK-owned BucketDeployment handler; its runtime is pinned by aws-cdk-lib and moves with CDK upgrades.',
      },
    );
    const policy = handler.node.findAll().find((c): c is iam.Policy => c instanceof iam.Policy);
    if (policy) {
      acknowledgeGeneratedPolicy(
        handler,
        policy.document,
        'CDK-owned BucketDeployment handler: reads the CDK asset bucket objects, writes and deletes objects only in the site bucket (s3:GetObject*/List*/Abort*/DeleteObject* as aws-cdk-lib generates them) and creates CloudFront invalidations, which have no resource-level permissions.',
      );
    }
  }
}
