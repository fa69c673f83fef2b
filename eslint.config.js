import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// ---- Web apps: feature boundaries ----
// A feature folder (`<app>/src/features/<f>/`) is reached from outside only through its `index.ts`:
// the rest of the app (other features, `app/`, `exposes/`) may not import its inner files.
const WEB_APPS = ['admin-app', 'portal-app', 'shell-app'];
const featureZones = WEB_APPS.flatMap((app) =>
  readdirSync(`${app}/src/features`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: [`./${app}/src/*`, `./${app}/src/!(features)/**/*`, `./${app}/src/features/!(${name})/**/*`],
      from: `./${app}/src/features/${name}`,
      except: ['./index.ts'],
      message: `Import the '${name}' feature through its index.ts.`,
    })),
);

// zod's classic API (`zod`) adds ~10 kB gzip to every signed-in first load: web code uses zod/mini.
const ZOD_CLASICO = {
  name: 'zod',
  message: "Use zod/mini (import * as z from 'zod/mini'): la API clásica de zod agrega unos 10 kB a la primera carga.",
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/cdk.out/**',
      '.local/**',
      '**/node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '**/.__mf__temp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.tsx', '**/*.ts'],
    ignores: ['functions/**', 'infra/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // CLIs and the local stack print to the console on purpose; handlers log through the JSON logger.
    files: ['infra/local/**', 'infra/bin/**', 'e2e/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // functions: boundaries. A feature uses another only through its public index.ts
    // (#features/<f>/index); keys and stored items are the entity layer's (functions/src/entities).
    // The cycle check is functions/test/fronteras.test.ts. Not covered: the route composition
    // (routes.ts files and the manifest gather routes across features by design).
    files: ['functions/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'functions/src/features/*/routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^#features/[a-z-]+/(?!(index|routes)$)',
              message: 'Otra feature se importa solo por su index.ts: #features/<feature>/index',
            },
            {
              regex: '^\\.\\./[a-z-]+/',
              message: 'Otra feature se importa solo por su index.ts: #features/<feature>/index',
            },
            {
              group: ['@aws-sdk/client-dynamodb'],
              importNames: ['TransactionCanceledException'],
              message: 'Las transacciones pasan por #commons/transaccion (errores tipados de #commons/errors)',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'functions/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // ---- Web apps: feature boundaries (see featureZones above) and no import cycles ----
  {
    files: ['admin-app/src/**/*.{ts,tsx}', 'portal-app/src/**/*.{ts,tsx}', 'shell-app/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: featureZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // ---- Web code imports each module of @cuota/shared by its own path ----
  // A remote bundles what it imports from a sub-path into the chunk of the page that uses it; the
  // root entry and TEXTS would pull every schema and every area's texts into the first screen.
  {
    files: [
      'admin-app/src/**/*.{ts,tsx}',
      'portal-app/src/**/*.{ts,tsx}',
      'shell-app/src/**/*.{ts,tsx}',
      'shared/src/ui/**/*.{ts,tsx}',
      'shared/src/web/**/*.{ts,tsx}',
      'shared/src/documents/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@cuota/shared',
              message: 'Importe del módulo que lo declara: @cuota/shared/schemas/<área>, /texts/<área>, /format…',
            },
            ZOD_CLASICO,
          ],
          patterns: [
            {
              regex: '^\\.\\.(/\\.\\.)*(/(texts|index))?/?$',
              message: 'Los textos se importan por área (../texts/<área>), no el objeto TEXTS entero',
            },
          ],
        },
      ],
    },
  },
  // The shared modules the remotes bundle (schemas, domain, texts) also stay on zod/mini.
  {
    files: ['shared/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'shared/src/ui/**', 'shared/src/web/**', 'shared/src/documents/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [ZOD_CLASICO] }] },
  },
  // ---- Web apps and the shared design system: accessibility (jsx-a11y recommended) ----
  {
    files: [
      'admin-app/src/**/*.tsx',
      'portal-app/src/**/*.tsx',
      'shell-app/src/**/*.tsx',
      'shared/src/ui/**/*.tsx',
      'shared/src/web/**/*.tsx',
    ],
    ...jsxA11y.flatConfigs.recommended,
  },
);
