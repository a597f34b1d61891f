import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
const THRESHOLD_BYTES = 1024;

/**
 * Compresses the API's answers above a size (brotli at a quality that costs little time, else
 * gzip) for clients that ask for it. Files already compressed (the web app's precompressed
 * copies) and kinds that do not compress (images, PDFs, zips) are left alone.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
