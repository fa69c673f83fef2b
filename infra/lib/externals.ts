/**
 * The AWS SDK packages the functions import. They are left out of every Lambda bundle and provided
 * by the SDK layer instead (infra/lib/sdk-layer.ts: the pinned SDK, pre-bundled, one entry per
 * package), which every function gets (docs/lambda-bundles.md). infra/lib/function.ts passes them
 * to NodejsFunction; bench/bundles.ts builds with the same list. Any other package a function
 * imports is bundled into it, so a bundle can only import what the layer provides. No CDK import
 * here, so the bench can read it without loading aws-cdk-lib.
 */
export const SDK_LAYER_PACKAGES = [
  '@aws-sdk/client-dynamodb',
  '@aws-sdk/lib-dynamodb',
  '@aws-sdk/util-dynamodb',
  '@aws-sdk/client-cognito-identity-provider',
  '@aws-sdk/client-sesv2',
  '@aws-sdk/client-apigatewaymanagementapi',
] as const;

export const LAMBDA_EXTERNALS: readonly string[] = SDK_LAYER_PACKAGES;
