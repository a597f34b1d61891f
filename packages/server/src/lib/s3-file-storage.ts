import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { contentKey, type FileStorage } from './file-storage';

const KEY = /^[0-9a-f]{64}$/;

export interface S3Location {
  bucket: string;
  /** Folder of the bucket the files go in ('' for its root; else ending in '/'). */
  prefix: string;
}

/** `s3://bucket/some/prefix` as a bucket and an object-name prefix. */
export function parseFilesUrl(url: string): S3Location {
  const parsed = new URL(url);
  if (parsed.protocol !== 's3:' || parsed.hostname === '')
    throw new Error(`FILES_URL must look like s3://bucket/prefix, not ${url}`);
  const prefix = parsed.pathname.replace(/^\/+|\/+$/g, '');
  return { bucket: parsed.hostname, prefix: prefix === '' ? '' : `${prefix}/` };
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/**
 * Files on S3-compatible storage, the same content-addressed store as the local one: an object
 * per SHA-256 (stored once: a HEAD before each PUT). An upload is hashed while it is written to a
 * temporary file on local disk (its key is known only at the end), then sent from that file and
 * removed: memory holds a chunk, not the upload.
 */
export function createS3FileStorage(
  location: S3Location,
  options: { tempDir: string; client?: S3Client; clientConfig?: S3ClientConfig },
): FileStorage {
  // Checksums only where the service requires them: the SDK's default sends them as an
  // aws-chunked trailer, which many S3-compatible services store as part of the object.
  const client =
    options.client ??
    new S3Client({
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...options.clientConfig,
    });
  const { bucket } = location;
  const objectOf = (key: string) => `${location.prefix}${key.slice(0, 2)}/${key}`;
  const size = async (key: string): Promise<number | null> => {
    if (!KEY.test(key)) return null;
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectOf(key) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };
  const getBody = async (key: string) => {
    if (!KEY.test(key)) return null;
    try {
      return (await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectOf(key) }))).Body ?? null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };
  let tempReady: Promise<unknown> | undefined;
  return {
    put: async (bytes) => {
      const key = contentKey(bytes);
      if ((await size(key)) === bytes.byteLength) return key;
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectOf(key),
          Body: bytes,
          ContentLength: bytes.byteLength,
        }),
      );
      return key;
    },
    putStream: async (source) => {
      tempReady ??= mkdir(options.tempDir, { recursive: true });
      await tempReady;
      const temp = path.join(options.tempDir, `${String(process.pid)}.${randomUUID()}.upload`);
      const hash = createHash('sha256');
      let bytes = 0;
      const handle = await open(temp, 'wx');
      try {
        try {
          for await (const chunk of source) {
            hash.update(chunk);
            bytes += chunk.byteLength;
            await handle.write(chunk);
          }
        } finally {
          await handle.close();
        }
        const key = hash.digest('hex');
        if ((await size(key)) !== bytes) {
          const length = (await stat(temp)).size;
          await client.send(
            new PutObjectCommand({
              Bucket: bucket,
              Key: objectOf(key),
              Body: createReadStream(temp),
              ContentLength: length,
            }),
          );
        }
        return { key, size: bytes };
      } finally {
        await unlink(temp).catch(() => undefined);
      }
    },
    get: async (key) => {
      const body = await getBody(key);
      return body ? Buffer.from(await body.transformToByteArray()) : null;
    },
    stream: async (key) => (await getBody(key)) as Readable | null,
    has: async (key) => (await size(key)) !== null,
    size,
    // S3 answers a delete of a missing object with success, as the interface asks.
    remove: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectOf(key) }));
    },
  };
}
