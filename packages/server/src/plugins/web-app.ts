import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const HASHED_ASSET = /[-.][A-Za-z0-9_-]{8,}\.(js|css|woff2?|svg|png|jpg|webp)$/;

/**
 * Serves the built web app: files as they are or their precompressed copies (hashed assets cached for a year, the rest
 * revalidated), `index.html` for every client route, and JSON 404s for unknown /v2 paths
 * and missing /assets files.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const hasDist = existsSync(path.join(distDir, 'index.html'));
  if (hasDist) {
    await app.register(async (files) => {
      // The web app's files are for everyone: mark each file route public for the auth hook.
      files.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: 'public' };
      });
      await files.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
        // The build wrote a brotli and a gzip copy beside each text file (vite-precompress.ts):
        // sent as they are, with Content-Encoding and Vary, to a browser that takes them.
        preCompressed: true,
        setHeaders: (reply, filePath) => {
          reply.header(
            'cache-control',
            HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (!url.startsWith('/v2/') && url !== '/v2' && !url.startsWith('/assets/') && isPage && hasDist) {
      // reply.sendFile is decorated only inside the static files' own context, not here.
      const html = await readFile(path.join(distDir, 'index.html'));
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    return reply.code(404).send({ code: 'NOT_FOUND', message: `No such path: ${request.method} ${url}` });
  });
}
