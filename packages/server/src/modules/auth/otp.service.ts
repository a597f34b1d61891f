import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import { forTenant } from '../../db/tenant-db';
import {
  OTP_MAX_FAILED_ATTEMPTS,
  claimOtp,
  countWrongOtp,
  findNewestUnusedOtp,
  insertOtp,
} from './otp.repository';
import { otpMail } from './otp-mail';
import { findNewestLiveOtpInAnyStore, findNewestUnusedOtpInAnyStore } from './sign-in.system';

export { OTP_MAX_FAILED_ATTEMPTS } from './otp.repository';
export const OTP_TTL_MS = 10 * 60 * 1000;
/** A new code is mailed at most this often per email; asking sooner keeps the one sent. */
export const OTP_RESEND_AFTER_MS = 30 * 1000;

/** Whether a code went out now or the one sent moments ago stands, and when a new one may be asked for. */
export interface OtpSending {
  sent: 'now' | 'earlier';
  newCodeInSeconds: number;
}

const hashCode = (key: string, tenantId: string, email: string, code: string) =>
  createHmac('sha256', key).update(`${tenantId}\n${email}\n${code}`).digest('hex');

/**
 * Mails a 6-digit code to a contact (10 minutes valid, single use, void after 5 wrong tries), in
 * the store's language; within 30 s of the last one it sends none, and says so.
 */
export async function sendOtp(
  deps: AppDeps,
  contact: { tenantId: string; id: number; email: string; storeName: string },
): Promise<OtpSending> {
  // A code voided by wrong tries (or expired) is no reason to hold back a new one.
  const recent = await findNewestLiveOtpInAnyStore(deps.db, contact.email);
  const sinceRecent = recent ? Date.now() - recent.createdAt.getTime() : Infinity;
  if (sinceRecent < OTP_RESEND_AFTER_MS)
    return { sent: 'earlier', newCodeInSeconds: Math.ceil((OTP_RESEND_AFTER_MS - sinceRecent) / 1000) };

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await insertOtp(forTenant(deps.db, contact.tenantId), {
    contactId: contact.id,
    email: contact.email,
    codeHash: hashCode(deps.hashKey, contact.tenantId, contact.email, code),
    expiresAt: new Date(Date.now() + OTP_TTL_MS),
  });
  await deps.mailer.send(
    otpMail({
      to: contact.email,
      code,
      storeName: contact.storeName,
      language: await deps.stores.language(contact.tenantId),
    }),
  );
  return { sent: 'now', newCodeInSeconds: OTP_RESEND_AFTER_MS / 1000 };
}

/**
 * Checks a code against the newest live code of the email (in the given store, when known).
 * Answers the store the code was issued for, or null. A wrong code counts against the code.
 */
export async function consumeOtp(
  deps: AppDeps,
  email: string,
  code: string,
  tenantId: string | undefined,
): Promise<string | null> {
  const live = tenantId
    ? await findNewestUnusedOtp(forTenant(deps.db, tenantId), email)
    : await findNewestUnusedOtpInAnyStore(deps.db, email);
  if (!live || live.failedAttempts >= OTP_MAX_FAILED_ATTEMPTS) return null;

  const db = forTenant(deps.db, live.tenantId);
  const given = Buffer.from(hashCode(deps.hashKey, live.tenantId, email, code.trim()));
  const expected = Buffer.from(live.codeHash);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    await countWrongOtp(db, live.id);
    return null;
  }
  // Single use, also under a race: only the request that flips consumed_at wins.
  return (await claimOtp(db, live.id)) ? live.tenantId : null;
}
