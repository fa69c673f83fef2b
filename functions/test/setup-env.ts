import { inject } from 'vitest';

/** Points the module-scope SDK clients at the suite's DynamoDB Local before any handler loads. */
process.env.AWS_ENDPOINT_URL_DYNAMODB = inject('dynamoEndpoint');
process.env.AWS_REGION = 'us-east-1';
process.env.AWS_ACCESS_KEY_ID = 'test';
process.env.AWS_SECRET_ACCESS_KEY = 'test';
process.env.TABLE_NAME = 'cuota-test';
process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
process.env.LOG_LEVEL = 'SILENT';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
// the EMF metrics' lines (commons/observabilidad.ts) stay out of the test output; its own test turns them on
process.env.POWERTOOLS_METRICS_DISABLED = 'true';
// staff MFA as the local stack runs it (infra/local/settings.ts); the tests of the check set it themselves
process.env.MFA_PERSONAL = 'opcional';
