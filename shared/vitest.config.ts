import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'shared',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
