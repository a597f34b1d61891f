import base from './eslint.config.js';
import claimdesk from './eslint/tenant-scope.js';
export default [
  ...base,
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/db/**', 'packages/server/src/**/*.system.ts', 'packages/server/src/**/__tests__/**'],
    plugins: { claimdesk },
    rules: { 'claimdesk/tenant-scope': 'error' },
  },
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/db/**', 'packages/server/src/**/*.system.ts', 'packages/server/src/**/*.repository.ts', 'packages/server/src/**/__tests__/**'],
    plugins: { claimdesk },
    rules: { 'claimdesk/sql-in-repositories': 'error' },
  },
];
