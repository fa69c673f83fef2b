import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArnFormat, AssetHashType, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { LAMBDA_EXTERNALS } from './externals';
import { acknowledgeWildcardResource } from './nag';
import { construirCapaSdkSync } from './sdk-layer';
import { stageSettings } from './stages';

/** Repository root: the npm workspaces root holding package-lock.json and functions/. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const FUNCTION_DEFAULTS = {
  runtime: lambda.Runtime.NODEJS_24_X,
  architecture: lambda.Architecture.ARM_64,
  memorySize: 512,
  timeout: Duration.seconds(10),
} as const;

/**
 * The stack that is deployed on its own: `scope`'s stack, or for a nested stack the top-level
 * stack holding it (the API's route stacks are nested in CuotaApi, infra/lib/api.ts).
 */
export function deployedStack(scope: Construct): Stack {
  let stack = Stack.of(scope);
  while (stack.nestedStackParent) stack = stack.nestedStackParent;
  return stack;
}

/**
 * Log groups are named under one prefix per deployed stack (nested stacks included) so a shared
 * role can be granted exactly "this stack's function log groups" without listing each ARN.
 */
export function logGroupPrefix(scope: Construct): string {
  return `/cuota/lambda/${deployedStack(scope).stackName}/`;
}

/**
 * One execution role per permission profile (e.g. "table read", "table write + Cognito admin"),
 * shared by every function with that profile. ~60 routes with a role and a policy each would
 * push the API stack towards the 500-resource limit; the grants stay exactly what the manifest
 * asks for, because the profile *is* the grant.
 */
export class FunctionRoles extends Construct {
  private readonly roles = new Map<string, iam.Role>();

  /** Returns the role for `key`, creating it (and letting `configure` grant its permissions) once. */
  roleFor(key: string, configure: (role: iam.Role) => void = () => {}): iam.Role {
    const existing = this.roles.get(key);
    if (existing) return existing;
    const role = new iam.Role(this, key, {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Cuota Lambda role (${key})`,
    });
    // Replaces AWSLambdaBasicExecutionRole (Resource: *) with this stack's log groups only.
    const logGroups = Stack.of(this).formatArn({
      service: 'logs',
      resource: 'log-group',
      resourceName: `${logGroupPrefix(this)}*`,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroups] }),
    );
    acknowledgeWildcardResource(
      role,
      logGroups,
      'Write access to CloudWatch Logs is limited to the log groups this stack creates for its own functions (one explicit log group with retention per function, all under this prefix); the wildcard covers the function names and their log streams.',
    );
    // X-Ray for the functions' active tracing (ApiFunction), granted once here rather than by each function
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'], resources: ['*'] }),
    );
    acknowledgeWildcardResource(
      role,
      '*',
      'X-Ray PutTraceSegments and PutTelemetryRecords have no resource-level permissions (the service authorization reference lists no resource type for them): Resource * is the only form, and the role can only send trace data. This acknowledges every action on * of the role, so test/observabilidad.test.ts fails if one other than these and dynamodb:ListStreams reaches a shared role.',
    );
    configure(role);
    this.roles.set(key, role);
    return role;
  }
}

/**
 * The stack's layer with the pinned AWS SDK pre-bundled (infra/lib/sdk-layer.ts), created once per
 * deployed stack (nested stacks share their parent's) and given to every function in it. Built by the local esbuild at synth; its asset hash is the
 * output's, so a new layer version is published only when the SDK itself changes.
 */
export function sdkLayer(scope: Construct): lambda.ILayerVersion {
  const stack = deployedStack(scope);
  const id = 'AwsSdkLayer';
  const existing = stack.node.tryFindChild(id) as lambda.LayerVersion | undefined;
  if (existing) return existing;
  return new lambda.LayerVersion(stack, id, {
    description: 'AWS SDK v3 and Powertools pinned in package-lock.json, pre-bundled (docs/lambda-bundles.md)',
    compatibleRuntimes: [FUNCTION_DEFAULTS.runtime],
    compatibleArchitectures: [FUNCTION_DEFAULTS.architecture],
    code: lambda.Code.fromAsset(join(REPO_ROOT, 'infra', 'lib'), {
      assetHashType: AssetHashType.OUTPUT,
      bundling: {
        // never pulled: the local esbuild always bundles (as forceDockerBundling: false for the functions)
        image: FUNCTION_DEFAULTS.runtime.bundlingImage,
        local: {
          tryBundle(outputDir) {
            construirCapaSdkSync(join(outputDir, 'nodejs', 'node_modules'));
            return true;
          },
        },
      },
    }),
  });
}

export interface ApiFunctionProps {
  /** Module under functions/src/features, without extension (e.g. `clientes/listar-clientes`). */
  readonly handler: string;
  /** Shared execution role from {@link FunctionRoles}; its grants are the function's grants. */
  readonly role: iam.IRole;
  readonly description?: string;
  readonly environment?: Record<string, string>;
  readonly memorySize?: number;
  readonly timeout?: Duration;
  /** Reserved concurrent executions, from the stage (StageSettings.reservedConcurrency); none by default. */
  readonly reservedConcurrency?: number;
}

/**
 * Every Lambda of the product: fixed runtime/architecture/memory/timeout, ESM bundle with the
 * local esbuild (no Docker), an explicit log group with retention (instead of the deprecated
 * logRetention custom resource) and the common environment.
 */
export class ApiFunction extends Construct {
  readonly function: NodejsFunction;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);
    const stage = stageSettings(this);
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      logGroupName: `${logGroupPrefix(this)}${id}`,
      retention: stage.logRetention,
      // Named log groups that survive a stack deletion would block its re-creation.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.function = new NodejsFunction(this, 'Function', {
      entry: `${REPO_ROOT}functions/src/features/${props.handler}.ts`,
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: `${REPO_ROOT}package-lock.json`,
      description: props.description ?? props.handler,
      runtime: FUNCTION_DEFAULTS.runtime,
      architecture: FUNCTION_DEFAULTS.architecture,
      memorySize: props.memorySize ?? FUNCTION_DEFAULTS.memorySize,
      timeout: props.timeout ?? FUNCTION_DEFAULTS.timeout,
      role: props.role,
      logGroup: this.logGroup,
      // X-Ray traces (Powertools Tracer, commons/observabilidad.ts); the role's grant comes from FunctionRoles
      tracing: lambda.Tracing.ACTIVE,
      // where one function could starve the others (infra/lib/stages.ts), given by the stack that builds it
      reservedConcurrentExecutions: props.reservedConcurrency,
      // the pinned AWS SDK: the bundles import it, the layer provides it
      layers: [sdkLayer(this)],
      environment: {
        LOG_LEVEL: (scope.node.tryGetContext('logLevel') as string | undefined) ?? 'INFO',
        // stack traces in the logs point at the TypeScript sources (the bundle ships its source map)
        NODE_OPTIONS: '--enable-source-maps',
        // Powertools: the service of logs, traces and metrics, and the metrics' namespace (the alarms read it)
        POWERTOOLS_SERVICE_NAME: 'cuota-api',
        POWERTOOLS_METRICS_NAMESPACE: 'Cuota',
        ...props.environment,
      },
      bundling: {
        format: OutputFormat.ESM,
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        mainFields: ['module', 'main'],
        // The AWS SDK packages come from the SDK layer (the pinned SDK, pre-bundled), not from each
        // bundle and not from the runtime: small bundles, a cold import as fast as a bundled SDK,
        // and the SDK the tests ran (docs/lambda-bundles.md).
        externalModules: [...LAMBDA_EXTERNALS],
        // CommonJS dependencies inside an ESM bundle still call require() for Node built-ins.
        banner:
          "import { createRequire as __cuotaCreateRequire } from 'node:module'; const require = __cuotaCreateRequire(import.meta.url);",
        forceDockerBundling: false,
        logLevel: LogLevel.WARNING,
      },
    });
  }
}
