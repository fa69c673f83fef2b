import { defineProject } from 'vitest/config';

/**
 * Security suites (`npm run test:security`, also part of `npm test`): the handlers behind the
 * local gateway with real cognito-local tokens, against their own in-memory DynamoDB Local.
 */
export default defineProject({
  test: {
    name: 'security',
    environment: 'node',
    include: ['**/*.test.ts'],
    globalSetup: ['../functions/test/dynamodb-local.ts'],
    setupFiles: ['../functions/test/setup-env.ts', './support/directorio-local.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
