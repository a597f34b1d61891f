import convert from 'heic-convert';
import { LRUCache } from 'lru-cache';
import { AppError } from '../../../lib/app-error';
import type { FileStorage } from '../../../lib/file-storage';

/** iPhones send photos as HEIC (or HEIF), which browsers do not show: the preview sends a JPEG. */
export const isHeicType = (type: string): boolean => type === 'image/heic' || type === 'image/heif';

/** The largest HEIC file converted (a phone's photo is 1 to 5 MB). */
export const MAX_HEIC_BYTES = 20 * 1024 * 1024;
/** The most pixels decoded (a 48 MP phone camera fits): the decoder holds 4 bytes per pixel. */
const MAX_HEIC_PIXELS = 50_000_000;

const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', 'This image is too large to preview; download it instead');

/**
 * The largest picture a HEIF file declares in its `ispe` (image spatial extents) boxes, read
 * before decoding so that a small file claiming a huge picture is refused instead of filling
 * memory. Zero when none is found (the decoder then refuses the file itself).
 */
export function declaredPixels(bytes: Uint8Array): number {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let most = 0;
  for (let at = view.indexOf('ispe'); at >= 0; at = view.indexOf('ispe', at + 4)) {
    // box: size(4) 'ispe'(4) version+flags(4) width(4) height(4)
    if (at + 16 > view.length) break;
    most = Math.max(most, view.readUInt32BE(at + 8) * view.readUInt32BE(at + 12));
  }
  return most;
}

/** HEIC bytes as a JPEG, refusing what is too large to decode safely (413). */
export async function heicToJpeg(bytes: Uint8Array): Promise<Uint8Array> {
  if (bytes.byteLength > MAX_HEIC_BYTES || declaredPixels(bytes) > MAX_HEIC_PIXELS) throw tooLarge();
  try {
    return await convert({ buffer: bytes, format: 'JPEG', quality: 0.85 });
  } catch {
    throw new AppError('VALIDATION_FAILED', 'This image could not be read; download it instead');
  }
}

/**
 * Source key → key of its JPEG in file storage. File storage is content-addressed, so the JPEG
 * is stored once like any file and this remembers where; after a restart a photo is converted
 * once more.
 */
const converted = new LRUCache<string, string>({ max: 5000 });
/** Conversions in flight, so that two previews of one photo convert it once. */
const inFlight = new Map<string, Promise<string>>();
/** One conversion at a time: decoding is CPU work on the event loop's thread. */
let queue: Promise<unknown> = Promise.resolve();

async function convertAndStore(files: FileStorage, sourceKey: string): Promise<string> {
  const bytes = await files.get(sourceKey);
  if (!bytes) throw new AppError('NOT_FOUND', 'Attachment not found');
  const jpeg = await heicToJpeg(bytes);
  const key = await files.put(jpeg);
  converted.set(sourceKey, key);
  return key;
}

/**
 * The storage key of the JPEG preview of the HEIC file stored under `sourceKey`, converting and
 * storing it the first time. `size` is the source's size, checked before anything is read.
 */
export async function heicPreviewKey(files: FileStorage, sourceKey: string, size: number): Promise<string> {
  if (size > MAX_HEIC_BYTES) throw tooLarge();
  const known = converted.get(sourceKey);
  if (known !== undefined && (await files.has(known))) return known;
  let pending = inFlight.get(sourceKey);
  if (!pending) {
    pending = queue.then(() => convertAndStore(files, sourceKey));
    queue = pending.catch(() => undefined);
    inFlight.set(sourceKey, pending);
    void pending.finally(() => inFlight.delete(sourceKey)).catch(() => undefined);
  }
  return pending;
}
