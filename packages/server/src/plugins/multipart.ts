import multipart from '@fastify/multipart';
import { PROFILE_PICTURE_MAX_BYTES } from '@claimdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { UploadSlots } from '../lib/upload-slots';

declare module 'fastify' {
  interface FastifyInstance {
    /** The uploads being read, capped per user and per process (see receiveUpload). */
    uploadSlots: UploadSlots;
  }
}

/**
 * Multipart bodies carry one file and nothing else (a browser's FormData with `file`), so the
 * parser refuses anything more before reading it: without limits busboy takes 1,000 parts of 1 MB
 * fields and 2,000 header lines per part. Each route passes its own smaller file size.
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  const { config } = app.deps;
  await app.register(multipart, {
    limits: {
      fileSize: Math.max(config.MAIL_MAX_ATTACHMENT_BYTES, PROFILE_PICTURE_MAX_BYTES),
      files: 1,
      fields: 4,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: 5,
      headerPairs: 20,
    },
  });
  app.decorate(
    'uploadSlots',
    new UploadSlots(config.UPLOADS_IN_FLIGHT_PER_USER, config.UPLOADS_IN_FLIGHT_PER_PROCESS),
  );
}
