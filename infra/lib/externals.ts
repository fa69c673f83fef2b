/**
 * Packages left out of every Lambda bundle because the nodejs24.x runtime provides them: the AWS
 * SDK v3 and the Smithy packages it is built on (docs/lambda-bundles.md). infra/lib/function.ts
 * passes them to NodejsFunction; bench/bundles.ts builds with the same list. No CDK import here, so
 * the bench can read it without loading aws-cdk-lib.
 */
export const LAMBDA_EXTERNALS = ['@aws-sdk/*', '@smithy/*'] as const;
