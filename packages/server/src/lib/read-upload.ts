import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import type { FileStorage, StoredFile } from './file-storage';

/** The one multipart field that carries the file, as the web app's FormData sends it. */
export const UPLOAD_FIELD = 'file';

/** Room in a body for the form around the file: boundaries, part headers and a few small fields. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const SEND_AS_FORM = `Send one file in the multipart/form-data field "${UPLOAD_FIELD}"`;

const tooLarge = (options: { tooLargeMessage: string }) =>
  new AppError('PAYLOAD_TOO_LARGE', options.tooLargeMessage, { file: options.tooLargeMessage });

/** The key that uploads are counted by for the cap per user. */
export const uploadOwner = (auth: { tenantId: string; username: string }): string =>
  `${auth.tenantId}\u0000${auth.username}`;

export interface UploadOptions<T = never> {
  /** Whose upload it is (the cap per user counts by this key). */
  owner: string;
  /** The most bytes the file may have. */
  maxBytes: number;
  /** What to answer (413) for a file over `maxBytes`. */
  tooLargeMessage: string;
  /**
   * Sees the file's first `bytes` bytes (fewer when it is shorter) before anything is stored, and
   * throws to refuse the file; what it answers is handed back with the upload as `head`.
   */
  head?: { bytes: number; check: (head: Uint8Array) => T };
}

export interface Upload<T = never> extends StoredFile {
  /** The name and type the client declared: untrusted, clean them before use. */
  fileName: string | undefined;
  mimeType: string;
  /** What the head check answered. */
  head: T | undefined;
}

/**
 * Reads the upload's `file` part straight into the file store, a chunk at a time, within the
 * caps on uploads in flight. Whatever is wrong with the body (not multipart, no boundary, never
 * closed, extra parts, too large, the client gone) is a 400 or 413 naming the field, and leaves
 * no temporary file behind. (A file read whole before the form turns out wrong, say a second file
 * after it, stays stored unreferenced, as any upload never attached does.)
 */
export async function receiveUpload<T = never>(
  request: FastifyRequest,
  files: FileStorage,
  options: UploadOptions<T>,
): Promise<Upload<T>> {
  const release = request.server.uploadSlots.take(options.owner);
  let current: Multipart | undefined;
  try {
    if (!request.isMultipart()) throw new AppError('VALIDATION_FAILED', SEND_AS_FORM, { file: 'Required' });
    // A body declared larger than any allowed file is refused before a byte of it is read.
    if (Number(request.headers['content-length']) > options.maxBytes + FORM_OVERHEAD_BYTES)
      throw tooLarge(options);
    const parts = request.parts({ limits: { fileSize: options.maxBytes } });
    // Parser errors surface here and in the file's stream; storage errors stay what they are (a
    // full disk is a 507 by the error handler, any other a 500).
    const next = () =>
      parts.next().catch((error: unknown) => {
        throw asUploadError(error, options);
      });
    let upload: Upload<T> | undefined;
    for (let step = await next(); !step.done; step = await next()) {
      current = step.value;
      // Fields are ignored (the parser's limits keep them few and small); one file is read.
      if (current.type !== 'file') continue;
      if (current.fieldname !== UPLOAD_FIELD) {
        throw new AppError('VALIDATION_FAILED', `The file came in "${current.fieldname}". ${SEND_AS_FORM}`, {
          file: 'Required',
        });
      }
      const head: { value?: T } = {};
      const stored = await files.putStream(checked(current, options, head));
      upload = { ...stored, fileName: current.filename, mimeType: current.mimetype, head: head.value };
    }
    // Read to the end, so that a second file or a form never closed is refused, not ignored.
    if (!upload)
      throw new AppError('VALIDATION_FAILED', `No file was sent. ${SEND_AS_FORM}`, { file: 'Required' });
    return upload;
  } catch (error) {
    // The rest of the body is read and dropped, so the answer reaches a client that is still
    // sending and the connection stays usable; a client that never stops is cut off by the
    // server's request timeout.
    if (current?.type === 'file') current.file.resume();
    request.raw.resume();
    throw error;
  } finally {
    release();
  }
}

/** The part's bytes as they arrive, failing on a parser error, a file over the limit or a refused head. */
async function* checked<T>(
  part: MultipartFile,
  options: UploadOptions<T>,
  result: { value?: T },
): AsyncGenerator<Uint8Array> {
  const { head } = options;
  // The head is held until it is long enough to check (a first chunk may be a few bytes).
  const held: Buffer[] = [];
  let heldBytes = 0;
  let isHeadChecked = !head;
  const checkHead = () => {
    const bytes = Buffer.concat(held);
    if (head) result.value = head.check(bytes);
    isHeadChecked = true;
    return bytes;
  };
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      if (isHeadChecked) {
        yield chunk;
        continue;
      }
      held.push(chunk);
      heldBytes += chunk.byteLength;
      if (heldBytes >= (head?.bytes ?? 0)) yield checkHead();
    }
  } catch (error) {
    throw asUploadError(error, options);
  }
  if (part.file.truncated) {
    throw tooLarge(options);
  }
  if (!isHeadChecked) yield checkHead();
}

/** A multipart parser's or plugin's error as the client's mistake: 413 for sizes, else 400. */
function asUploadError(error: unknown, options: { tooLargeMessage: string }): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return tooLarge(options);
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('VALIDATION_FAILED', `Too many parts. ${SEND_AS_FORM} and nothing else`, {
      file: 'One file only',
    });
  }
  // Busboy's own words ("Unexpected end of form", "Malformed part header", "Boundary not found")
  // say what is wrong with the body and nothing about the server.
  const reason = error instanceof Error ? error.message : 'unreadable';
  return new AppError(
    'VALIDATION_FAILED',
    `The upload is not a complete multipart form (${reason}). ${SEND_AS_FORM}`,
    {
      file: 'Not a complete multipart/form-data upload',
    },
  );
}
