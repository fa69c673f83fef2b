/**
 * The packages the functions import that the layer provides instead of each bundle: the AWS SDK
 * clients and the Powertools utilities (logger, tracer with the X-Ray SDK, metrics). They are left
 * out of every Lambda bundle and built into the layer (infra/lib/sdk-layer.ts: the pinned versions,
 * pre-bundled, one entry per package, shared code in common chunks), which every function gets
 * (docs/lambda-bundles.md). infra/lib/function.ts passes them to NodejsFunction; bench/bundles.ts
 * builds with the same list. Any other package a function imports is bundled into it, so a bundle
 * can only import what the layer provides. No CDK import here, so the bench can read it without
 * loading aws-cdk-lib.
 */
export const LAYER_PACKAGES = [
  '@aws-sdk/client-dynamodb',
  '@aws-sdk/lib-dynamodb',
  '@aws-sdk/util-dynamodb',
  '@aws-sdk/client-cognito-identity-provider',
  '@aws-sdk/client-sesv2',
  '@aws-sdk/client-apigatewaymanagementapi',
  // about 135 kB per function when bundled (the X-Ray SDK, CommonJS, most of it): in the layer, once
  '@aws-lambda-powertools/logger',
  '@aws-lambda-powertools/tracer',
  '@aws-lambda-powertools/metrics',
] as const;

export const LAMBDA_EXTERNALS: readonly string[] = LAYER_PACKAGES;
