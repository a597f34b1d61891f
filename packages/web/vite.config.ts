/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite-precompress';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: { '/v2': { target: 'http://127.0.0.1:3000', changeOrigin: false, ws: true } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    rollupOptions: {
      // The contracts hold only declarations (schemas, constants): unused ones may be dropped.
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next)[\\/]/,
            },
          ],
        },
      },
      treeshake: {
        moduleSideEffects: (id: string) => !id.includes('/packages/contracts/'),
        // Building a zod schema has no side effect: an unused schema may be dropped.
        manualPureFunctions: ['z'],
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/__tests__/*.test.{ts,tsx}'],
    css: false,
  },
});
