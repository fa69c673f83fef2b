import { defineConfig } from 'vitest/config';

/** The bench's own logic (not the measurements): the duplicate-singleton detector. */
export default defineConfig({ test: { name: 'bench', include: ['*.test.ts'] } });
