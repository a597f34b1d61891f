// One lint setup for the whole repository: typescript-eslint (strict, type-checked),
// eslint-plugin-boundaries for the one-way imports that docs/architecture.md describes, and
// eslint-plugin-import-x for import cycles. scripts/lint-boundaries.test.mjs proves the fences hold.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import claimdesk from './eslint/tenant-scope.js';
import moduleRing from './eslint/module-ring.js';

/** A boundaries policy: files of element type `from` may import the element types `to`. */
const allow = (from, to) => ({
  from: { element: { type: from } },
  allow: { to: { element: { types: { anyOf: to } } } },
});

/**
 * Every package resolves through its own tsconfig and the workspace links to its real folder, so
 * `@claimdesk/server/src/app` is the server's file, not an outside package.
 */
const typescriptResolver = {
  project: ['packages/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'],
  noWarnOnMultipleProjects: true,
};

/** The server's parts, from the bottom up. */
const SERVER = [
  'server-lib',
  'server-db',
  'server-module',
  'server-module-part',
  'server-seed',
  'server-root',
  'server-plugin',
  'server-other',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'packages/server/src/db/migrations/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unnecessary-condition': 'off',
      // Fastify plugins are async by convention, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['packages/{server,web,contracts}/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x reads only .js files when it follows an import, and sees no cycle.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver(typescriptResolver)],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  // No ring of server modules (issue 42): import-x/no-cycle above sees rings of files only.
  {
    files: ['packages/server/src/modules/**/*.ts'],
    ignores: ['**/__tests__/**'],
    plugins: { 'claimdesk-modules': moduleRing },
    rules: { 'claimdesk-modules/module-ring': 'error' },
  },
  // A repository holds statements: it calls no service (docs/architecture.md, layers).
  {
    files: ['packages/server/src/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '\\.(service|worker)$',
              message: 'A repository holds statements and calls no service: let the service call both.',
            },
          ],
        },
      ],
    },
  },
  // Tenancy by construction (docs/architecture.md, data access): statements on the raw handle only in the
  // data layer and in *.system.ts files; statements on a TenantDb only in repositories.
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/db/**', 'packages/server/src/**/*.system.ts', '**/__tests__/**'],
    plugins: { claimdesk },
    rules: { 'claimdesk/tenant-scope': 'error', 'claimdesk/store-filter': 'error' },
  },
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: [
      'packages/server/src/db/**',
      'packages/server/src/**/*.system.ts',
      'packages/server/src/**/*.repository.ts',
      '**/__tests__/**',
    ],
    plugins: { claimdesk },
    rules: { 'claimdesk/sql-in-repositories': 'error' },
  },
  {
    files: ['packages/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: typescriptResolver },
      'boundaries/include': ['packages/**/*', 'e2e/**/*', 'bench/**/*'],
      // v7 calls `mode: 'file'` legacy, but its replacement (file descriptors) cannot name an
      // element; the warning would print on every run.
      'boundaries/legacy-warnings': false,
      // The first pattern that matches a file names its element, so the narrow ones come first.
      'boundaries/elements': [
        { type: 'contracts', pattern: 'packages/contracts/**' },
        { type: 'server-lib', pattern: 'packages/server/src/lib/**' },
        { type: 'server-db', pattern: 'packages/server/src/db/**' },
        { type: 'server-seed', pattern: 'packages/server/src/seed/**' },
        // A module's sub-folders (mail/oauth, mail/outbox, …) are its internals; its top-level
        // files are what other modules may use.
        {
          type: 'server-module-part',
          pattern: 'packages/server/src/modules/*/*',
          capture: ['module', 'part'],
        },
        {
          type: 'server-module',
          pattern: 'packages/server/src/modules/*',
          capture: ['module'],
        },
        { type: 'server-plugin', pattern: 'packages/server/src/plugins/**' },
        // The files in src/ itself (app.ts, main.ts, config.ts, app-deps.ts): a folder pattern for
        // src/ would also claim every file below it, so these are matched one file at a time.
        { type: 'server-root', pattern: 'packages/server/src/*.ts', mode: 'file' },
        // Local servers that answer as outside services do (a shop's API): the server's tests, the
        // browser tests and the benchmarks start them.
        { type: 'stand-ins', pattern: 'packages/server/test/stand-ins/**' },
        { type: 'server-other', pattern: 'packages/server/test/**' },
        { type: 'server-other', pattern: 'packages/server/*.ts', mode: 'file' },
        { type: 'web-app', pattern: 'packages/web/src/app/**' },
        { type: 'web-feature', pattern: 'packages/web/src/features/*', capture: ['feature'] },
        { type: 'web-ui', pattern: 'packages/web/src/components/**' },
        { type: 'web-lib', pattern: 'packages/web/src/lib/**' },
        { type: 'web-other', pattern: 'packages/web/**' },
        { type: 'e2e', pattern: 'e2e/**' },
        { type: 'bench', pattern: 'bench/**' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            allow('contracts', ['contracts']),
            allow('server-lib', ['server-lib', 'contracts']),
            allow('server-db', ['server-db', 'server-lib', 'contracts']),
            // The demo seed is a user of the features (ingest, case search), so it sits beside the
            // app, above the modules; the data layer below them imports nothing from modules/.
            allow('server-seed', [
              'server-seed',
              'server-module',
              'server-module-part',
              'server-db',
              'server-lib',
              'contracts',
            ]),
            // A module never reaches back into how the app is built (its plugins), and uses another
            // module only through that module's top-level files, never its sub-folders.
            allow('server-module', ['server-module', 'server-root', 'server-db', 'server-lib', 'contracts']),
            allow('server-module-part', [
              'server-module',
              'server-root',
              'server-db',
              'server-lib',
              'contracts',
            ]),
            ...['server-module', 'server-module-part'].map((from) => ({
              from: { element: { type: from } },
              allow: {
                to: {
                  element: {
                    type: 'server-module-part',
                    captured: { module: '{{ from.element.captured.module }}' },
                  },
                },
              },
            })),
            allow('server-plugin', [
              'server-plugin',
              'server-root',
              'server-module',
              'server-module-part',
              'server-db',
              'server-lib',
              'contracts',
            ]),
            allow('server-root', [...SERVER, 'contracts']),
            allow('server-other', [...SERVER, 'contracts', 'stand-ins']),
            allow('stand-ins', ['stand-ins']),
            allow('web-lib', ['web-lib', 'contracts']),
            allow('web-ui', ['web-ui', 'web-lib', 'contracts']),
            allow('web-feature', ['web-ui', 'web-lib', 'contracts']),
            {
              from: { element: { type: 'web-feature' } },
              allow: {
                to: {
                  element: {
                    type: 'web-feature',
                    captured: { feature: '{{ from.element.captured.feature }}' },
                  },
                },
              },
            },
            allow('web-app', ['web-app', 'web-feature', 'web-ui', 'web-lib', 'web-other', 'contracts']),
            allow('web-other', ['web-app', 'web-feature', 'web-ui', 'web-lib', 'web-other', 'contracts']),
            allow('e2e', ['e2e', 'contracts', 'stand-ins']),
            allow('bench', ['bench', 'contracts', 'stand-ins', ...SERVER]),
            // Packages from npm are not ours to fence.
            { allow: { to: { module: { origin: 'external' } } } },
          ],
        },
      ],
    },
  },
);
