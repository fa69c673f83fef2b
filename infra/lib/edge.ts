import { routeById } from '@cuota/functions/manifest';
import { seguridadTexts } from '@cuota/shared/texts/seguridad';
import { ArnFormat, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/** A CLOUDFRONT-scope web ACL can only be created in us-east-1, whatever region the app deploys to. */
export const EDGE_REGION = 'us-east-1';

/** Requests per IP in {@link RATE_WINDOW_SECONDS} on the rate-limited paths (context `wafRateLimit` overrides it). */
export const WAF_RATE_LIMIT_DEFAULT = 100;
export const RATE_WINDOW_SECONDS = 300;

/**
 * The API paths that create accounts or set passwords without a token: self-registration and the
 * reset with the emailed code (the manifest's routes, so a moved path moves the rule with it).
 */
export const RATE_LIMITED_PATHS: readonly string[] = [
  routeById('registrar-cuenta').path,
  routeById('restablecer-contrasena').path,
];

/**
 * The Cognito operations the browser calls straight on cognito-idp (Amplify, SRP sign-in and the
 * reset code) and SignUp (the registration route calls it; a direct call without the route's
 * ticket is refused by PreSignUp, but still costs a trigger run), as the `X-Amz-Target` header
 * names them.
 */
export const COGNITO_TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
export const RATE_LIMITED_COGNITO_OPERATIONS = [
  'InitiateAuth',
  'RespondToAuthChallenge',
  'SignUp',
  'ForgotPassword',
  'ConfirmForgotPassword',
] as const;

/**
 * CommonRuleSet rules that would block legitimate API calls, set to COUNT (logged, not blocked):
 * SizeRestrictions_BODY blocks bodies over 8 KB, while the API accepts up to MAX_BODY_BYTES
 * (256 KB, functions/src/commons/http.ts, which answers 413 itself); CrossSiteScripting_BODY
 * blocks the HTML bodies of e-mail campaigns, which the campaign feature sanitises on the server.
 */
export const COMMON_RULES_COUNTED = ['SizeRestrictions_BODY', 'CrossSiteScripting_BODY'] as const;

export interface WafOptions {
  /** Requests per IP per 5 minutes on the rate-limited paths or operations. */
  readonly rateLimit: number;
  /** Lower-case stem of the WAF log group names, e.g. `cuota` → `aws-waf-logs-cuota-edge`. */
  readonly logName: string;
}

/** Parses context `wafRateLimit`: WAF accepts 10 to 2,000,000,000 requests per window. */
export function wafRateLimit(value: string | undefined): number {
  if (value === undefined) return WAF_RATE_LIMIT_DEFAULT;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 10 || limit > 2_000_000_000)
    throw new Error(
      `context wafRateLimit must be a whole number from 10 to 2000000000 (requests per IP per 5 minutes), got "${value}"`,
    );
  return limit;
}

/** The key of the 429 body in each web ACL's `customResponseBodies`. */
const TOO_MANY = 'demasiados-intentos';

/**
 * What a blocked client reads: on /api the API's own error model (api.md), with the same Spanish
 * sentence as its per-account limits; on Cognito the JSON-protocol error Amplify parses (`__type`),
 * which the shell already shows as "too many attempts" (shell-app auth-errors.ts).
 */
export const TOO_MANY_BODY = {
  api: { code: 'TOO_MANY_REQUESTS', message: seguridadTexts.demasiadosIntentos },
  cognito: { __type: 'TooManyRequestsException', message: 'Too many requests' },
} as const;

const tooManyBody = (body: object): Record<string, wafv2.CfnWebACL.CustomResponseBodyProperty> => ({
  [TOO_MANY]: { contentType: 'APPLICATION_JSON', content: JSON.stringify(body) },
});

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

const managedGroup = (
  name: string,
  priority: number,
  ruleActionOverrides?: wafv2.CfnWebACL.RuleActionOverrideProperty[],
): wafv2.CfnWebACL.RuleProperty => ({
  name,
  priority,
  overrideAction: { none: {} },
  statement: { managedRuleGroupStatement: { vendorName: 'AWS', name, ...(ruleActionOverrides ? { ruleActionOverrides } : {}) } },
  visibilityConfig: visibility(name),
});

/** A rate rule per source IP, on the requests `scopeDown` matches, answering 429 with the ACL's body. */
const rateRule = (
  name: string,
  priority: number,
  limit: number,
  scopeDownStatement: wafv2.CfnWebACL.StatementProperty,
  responseHeaders?: wafv2.CfnWebACL.CustomHTTPHeaderProperty[],
): wafv2.CfnWebACL.RuleProperty => ({
  name,
  priority,
  action: {
    block: {
      customResponse: { responseCode: 429, customResponseBodyKey: TOO_MANY, ...(responseHeaders ? { responseHeaders } : {}) },
    },
  },
  statement: {
    rateBasedStatement: { limit, evaluationWindowSec: RATE_WINDOW_SECONDS, aggregateKeyType: 'IP', scopeDownStatement },
  },
  visibilityConfig: visibility(name),
});

const anyOf = (statements: wafv2.CfnWebACL.StatementProperty[]): wafv2.CfnWebACL.StatementProperty =>
  statements.length === 1 ? statements[0]! : { orStatement: { statements } };

/** The scope-down of the CloudFront rate rule: the URI path (decoded, normalised) starts with one of the paths. */
export function rateLimitedPathsStatement(paths: readonly string[]): wafv2.CfnWebACL.StatementProperty {
  return anyOf(
    paths.map((path) => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'STARTS_WITH',
        searchString: path,
        textTransformations: [
          { priority: 0, type: 'URL_DECODE' },
          { priority: 1, type: 'NORMALIZE_PATH' },
        ],
      },
    })),
  );
}

/**
 * The scope-down of the Cognito rate rule: the `X-Amz-Target` is one of the operations, except a
 * token refresh (InitiateAuth with AuthFlow REFRESH_TOKEN_AUTH): with 15-minute tokens every open
 * session refreshes four times an hour, and many customers share one carrier-NAT address. Only the
 * top-level AuthFlow counts (JSON pointer), so a refresh cannot be faked by a value elsewhere in
 * the body; a body WAF cannot parse is counted.
 */
export function cognitoOperationsStatement(): wafv2.CfnWebACL.StatementProperty {
  const operations = anyOf(
    RATE_LIMITED_COGNITO_OPERATIONS.map((operation) => ({
      byteMatchStatement: {
        fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
        positionalConstraint: 'EXACTLY',
        searchString: `${COGNITO_TARGET_PREFIX}${operation}`,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    })),
  );
  const refresh: wafv2.CfnWebACL.StatementProperty = {
    byteMatchStatement: {
      fieldToMatch: {
        jsonBody: {
          matchPattern: { includedPaths: ['/AuthFlow'] },
          matchScope: 'VALUE',
          invalidFallbackBehavior: 'NO_MATCH',
          oversizeHandling: 'NO_MATCH',
        },
      },
      positionalConstraint: 'STARTS_WITH',
      searchString: 'REFRESH_TOKEN',
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  };
  return { andStatement: { statements: [operations, { notStatement: { statement: refresh } }] } };
}

/**
 * WAF logging to CloudWatch Logs: the log group name must start with `aws-waf-logs-`, and WAF
 * takes its ARN without the `:*` suffix. Only blocked and counted requests are kept, and the
 * Authorization header (the Cognito JWT on API calls) is redacted.
 */
function logTo(scope: Construct, webAcl: wafv2.CfnWebACL, logGroupName: string): logs.LogGroup {
  const logGroup = new logs.LogGroup(scope, 'WafLogs', {
    logGroupName,
    retention: logs.RetentionDays.THREE_MONTHS,
    removalPolicy: RemovalPolicy.RETAIN,
  });
  const config = new wafv2.CfnLoggingConfiguration(scope, 'WafLogging', {
    resourceArn: webAcl.attrArn,
    logDestinationConfigs: [
      Stack.of(scope).formatArn({
        service: 'logs',
        resource: 'log-group',
        resourceName: logGroupName,
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      }),
    ],
    redactedFields: [{ singleHeader: { Name: 'authorization' } }],
    loggingFilter: {
      DefaultBehavior: 'DROP',
      Filters: [
        {
          Behavior: 'KEEP',
          Requirement: 'MEETS_ANY',
          Conditions: [{ ActionCondition: { Action: 'BLOCK' } }, { ActionCondition: { Action: 'COUNT' } }],
        },
      ],
    },
  });
  config.node.addDependency(logGroup);
  return logGroup;
}

export interface EdgeStackProps extends StackProps, WafOptions {}

/**
 * The CloudFront web ACL, in us-east-1 ({@link EDGE_REGION}): AWS managed rules (IP reputation,
 * common exploits, known bad inputs) on everything the distribution serves, and a per-IP rate
 * limit on the unauthenticated account routes. CuotaWeb attaches it to the distribution.
 */
export class EdgeStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    if (props.env?.region !== EDGE_REGION)
      throw new Error(`${id}: a CLOUDFRONT-scope web ACL must be created in ${EDGE_REGION} (env.region)`);

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `${props.logName}-web`,
      description: 'Cuota web ACL for CloudFront, the web apps and /api',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('cuota-web'),
      customResponseBodies: tooManyBody(TOO_MANY_BODY.api),
      rules: [
        managedGroup('AWSManagedRulesAmazonIpReputationList', 0),
        rateRule('RateLimitAuthPaths', 1, props.rateLimit, rateLimitedPathsStatement(RATE_LIMITED_PATHS)),
        managedGroup(
          'AWSManagedRulesCommonRuleSet',
          2,
          COMMON_RULES_COUNTED.map((name) => ({ name, actionToUse: { count: {} } })),
        ),
        managedGroup('AWSManagedRulesKnownBadInputsRuleSet', 3),
      ],
    });
    this.logGroup = logTo(this, this.webAcl, `aws-waf-logs-${props.logName}-edge`);
  }
}

/**
 * Sign-in and the reset code go from the browser straight to cognito-idp, not through CloudFront:
 * a REGIONAL web ACL in the user pool's stack and region, associated with the pool (Cognito
 * applies it to its public API calls). It blocks bad-reputation IPs and known bad inputs, and
 * rate-limits sign-in, sign-up and the reset per IP.
 */
export class UserPoolWaf extends Construct {
  readonly webAcl: wafv2.CfnWebACL;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: WafOptions & { readonly userPool: cognito.IUserPool }) {
    super(scope, id);
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `${props.logName}-cognito`,
      description: 'Cuota web ACL for the Cognito user pool, sign-in, sign-up and password reset',
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('cuota-cognito'),
      customResponseBodies: tooManyBody(TOO_MANY_BODY.cognito),
      rules: [
        managedGroup('AWSManagedRulesAmazonIpReputationList', 0),
        // the browser calls cognito-idp cross-origin: without this header it could not read the answer
        rateRule('RateLimitSignIn', 1, props.rateLimit, cognitoOperationsStatement(), [
          { name: 'access-control-allow-origin', value: '*' },
        ]),
        managedGroup('AWSManagedRulesKnownBadInputsRuleSet', 2),
      ],
    });
    new wafv2.CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.userPool.userPoolArn,
      webAclArn: this.webAcl.attrArn,
    });
    this.logGroup = logTo(this, this.webAcl, `aws-waf-logs-${props.logName}-cognito`);
  }
}
