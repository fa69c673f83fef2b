import { defineConfig } from 'vitest/config';

/** One run over every workspace's project (units, handler integration on DynamoDB Local, infra, web). */
export default defineConfig({
  test: {
    projects: ['*/vitest.config.ts'],
  },
});
