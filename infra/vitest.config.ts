import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'infra',
    include: ['lib/**/*.test.ts', 'test/**/*.test.ts', 'local/**/*.test.ts'],
    // Synthesizing the whole app (with cdk-nag) takes a few seconds per file.
    // removes the temp folders (cloud assemblies, fake web roots) each test file made
    setupFiles: ['./test/setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
