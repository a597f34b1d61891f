import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const HASHED_ASSET = /[-.][A-Za-z0-9_-]{8,}\.(js|css|woff2?|svg|png|jpg|webp)$/;
/** The precompressed copy's suffix: a file's cache rule is the same in every encoding. */
const COMPRESSED_COPY = /\.(br|gz)$/;

/**
 * index.html as each encoding sends it, made again when the file changed (a rebuild while the
 * server runs): it is small, read on every page load, and compressed once per build.
 */
function indexEncoder() {
  let source: Buffer | null = null;
  let encoded: { br: Buffer; gzip: Buffer } | null = null;
  return (html: Buffer) => {
    if (!source?.equals(html) || !encoded) {
      source = html;
      encoded = {
        br: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(html, { level: 9 }),
      };
    }
    return encoded;
  };
}

/** The encoding to send to a client that says what it takes (brotli first), or null: as it is. */
function chosenEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const taken = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name?.toLowerCase()),
  );
  if (taken.has('br')) return 'br';
  if (taken.has('gzip')) return 'gzip';
  return null;
}

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
            HASHED_ASSET.test(filePath.replace(COMPRESSED_COPY, ''))
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      });
    });
  }
  const encodeIndex = indexEncoder();
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (!url.startsWith('/v2/') && url !== '/v2' && !url.startsWith('/assets/') && isPage && hasDist) {
      // reply.sendFile is decorated only inside the static files' own context, not here.
      const html = await readFile(path.join(distDir, 'index.html'));
      const encoding = chosenEncoding(request.headers['accept-encoding']);
      reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8');
      if (!encoding) return reply.send(html);
      return reply.header('content-encoding', encoding).send(encodeIndex(html)[encoding]);
    }
    return reply.code(404).send({ code: 'NOT_FOUND', message: `No such path: ${request.method} ${url}` });
  });
}
