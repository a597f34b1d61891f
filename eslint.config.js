// One lint setup for the whole repository: typescript-eslint (strict, type-checked) and
// eslint-plugin-boundaries for the one-way imports that CONVENTIONS.md describes.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** A boundaries policy: files of element type `from` may import the element types `to`. */
const allow = (from, to) => ({
  from: { element: { type: from } },
  allow: { to: { element: { types: { anyOf: to } } } },
});

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
    files: ['packages/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
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
          policies: [
            allow('contracts', ['contracts']),
            allow('server', ['server', 'contracts']),
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
            allow('e2e', ['e2e', 'contracts']),
            allow('bench', ['bench', 'contracts', 'server']),
            // Packages from npm are not ours to fence.
            { allow: { to: { module: { origin: 'external' } } } },
          ],
        },
      ],
    },
  },
);
