import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** One run over every workspace's project (units, handler integration on DynamoDB Local, infra, web). */
export default defineConfig({
  test: {
    projects: ['*/vitest.config.ts'],
    // Vitest's default is one worker fewer than the CPUs: one file at a time on a 2-core machine,
    // while most files spend their time waiting on DynamoDB Local or a child process. The suites
    // already run side by side on larger machines (the ones that count writes have a table of their own).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
