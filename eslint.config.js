// One lint setup for the whole repository: typescript-eslint (strict, type-checked) and
// eslint-plugin-boundaries for the one-way imports that CONVENTIONS.md describes.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unnecessary-condition': 'off',
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
    files: ['packages/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['packages/**/*', 'e2e/**/*', 'bench/**/*'],
      'boundaries/elements': [
        { type: 'contracts', pattern: 'packages/contracts/**' },
        { type: 'server', pattern: 'packages/server/**' },
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
          rules: [
            { from: { type: 'contracts' }, allow: { to: { type: 'contracts' } } },
            { from: { type: 'server' }, allow: { to: { type: ['server', 'contracts'] } } },
            { from: { type: 'web-lib' }, allow: { to: { type: ['web-lib', 'contracts'] } } },
            { from: { type: 'web-ui' }, allow: { to: { type: ['web-ui', 'web-lib', 'contracts'] } } },
            {
              from: { type: 'web-feature' },
              allow: [
                { to: { type: ['web-ui', 'web-lib', 'contracts'] } },
                { to: { type: 'web-feature', captured: { feature: '{{ from.captured.feature }}' } } },
              ],
            },
            {
              from: { type: ['web-app', 'web-other'] },
              allow: { to: { type: ['web-app', 'web-feature', 'web-ui', 'web-lib', 'web-other', 'contracts'] } },
            },
            { from: { type: 'e2e' }, allow: { to: { type: ['e2e', 'contracts'] } } },
            { from: { type: 'bench' }, allow: { to: { type: ['bench', 'contracts', 'server'] } } },
          ],
        },
      ],
    },
  },
);
