import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../../lib/app-error';

/** How long an upload receipt can be attached: long enough for a mail written over a day. */
export const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** What an upload receipt vouches for: these bytes, named so, were uploaded by this store. */
export interface UploadReceipt {
  tenantId: string;
  fileHash: string;
  fileName: string;
  fileType: string;
  size: number;
  issuedAt: number;
}

const mac = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/**
 * The upload id: the receipt, signed. Stateless on purpose: the bytes are already in
 * content-addressed storage, and the signature (with the store in it) keeps another store, or
 * a made-up hash, from attaching a file it did not upload.
 */
export function signUpload(key: string, receipt: UploadReceipt): string {
  const payload = Buffer.from(
    JSON.stringify([
      receipt.tenantId,
      receipt.fileHash,
      receipt.fileName,
      receipt.fileType,
      receipt.size,
      receipt.issuedAt,
    ]),
  ).toString('base64url');
  return `${payload}.${mac(key, payload)}`;
}

/** The receipt of a valid, unexpired upload id of this store; null otherwise. */
export function readUpload(
  key: string,
  tenantId: string,
  uploadId: string,
  now = Date.now(),
): UploadReceipt | null {
  const [payload, signature, extra] = uploadId.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(key, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
  if (!Array.isArray(fields) || fields.length !== 6) return null;
  const [t, fileHash, fileName, fileType, size, issuedAt] = fields as [
    string,
    string,
    string,
    string,
    number,
    number,
  ];
  if (t !== tenantId || now - issuedAt > UPLOAD_TTL_MS) return null;
  return { tenantId: t, fileHash, fileName, fileType, size, issuedAt };
}

export const megabytes = (bytes: number) => `${String(Math.round((bytes / (1024 * 1024)) * 10) / 10)} MB`;

/** A mail's attachments may add up to `maxBytes`; more is a 413 that says by how much. */
export function assertWithinLimit(total: number, maxBytes: number): void {
  if (total <= maxBytes) return;
  const message = `The attachments add up to ${megabytes(total)}; one mail may carry at most ${megabytes(maxBytes)}`;
  throw new AppError('PAYLOAD_TOO_LARGE', message, { attachments: message });
}
