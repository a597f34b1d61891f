import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { otpCodes } from '../../db/schema';

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_FAILED_ATTEMPTS = 5;
/** A new code is mailed at most this often per email; asking sooner keeps the one sent. */
const OTP_RESEND_AFTER_MS = 30 * 1000;

const hashCode = (key: string, tenantId: string, email: string, code: string) =>
  createHmac('sha256', key).update(`${tenantId}\n${email}\n${code}`).digest('hex');

/** Mails a 6-digit code to a contact (10 minutes valid, single use, void after 5 wrong tries). */
export async function sendOtp(
  deps: AppDeps,
  contact: { tenantId: string; id: number; email: string; storeName: string },
): Promise<void> {
  const [recent] = await deps.db
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.email, contact.email),
        isNull(otpCodes.consumedAt),
        // A code voided by wrong tries (or expired) is no reason to hold back a new one.
        sql`${otpCodes.failedAttempts} < ${OTP_MAX_FAILED_ATTEMPTS}`,
        gt(otpCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (recent && Date.now() - recent.createdAt.getTime() < OTP_RESEND_AFTER_MS) return;

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await deps.db.insert(otpCodes).values({
    tenantId: contact.tenantId,
    contactId: contact.id,
    email: contact.email,
    codeHash: hashCode(deps.hashKey, contact.tenantId, contact.email, code),
    expiresAt: new Date(Date.now() + OTP_TTL_MS),
  });
  await deps.mailer.send({
    to: contact.email,
    subject: `Your Claimdesk sign-in code: ${code}`,
    text: `Your one-time sign-in code for ${contact.storeName} is ${code}.\n\nIt is valid for 10 minutes and can be used once.\nIf you did not ask for it, ignore this mail.\n`,
  });
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
  const conditions = [
    eq(otpCodes.email, email),
    isNull(otpCodes.consumedAt),
    gt(otpCodes.expiresAt, new Date()),
  ];
  if (tenantId) conditions.push(eq(otpCodes.tenantId, tenantId));
  const [live] = await deps.db
    .select()
    .from(otpCodes)
    .where(and(...conditions))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (!live || live.failedAttempts >= OTP_MAX_FAILED_ATTEMPTS) return null;

  const given = Buffer.from(hashCode(deps.hashKey, live.tenantId, email, code.trim()));
  const expected = Buffer.from(live.codeHash);
  const key = and(eq(otpCodes.tenantId, live.tenantId), eq(otpCodes.id, live.id));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    await deps.db
      .update(otpCodes)
      .set({ failedAttempts: sql`${otpCodes.failedAttempts} + 1` })
      .where(key);
    return null;
  }
  // Single use, also under a race: only the request that flips consumed_at wins.
  const claimed = await deps.db
    .update(otpCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(key, isNull(otpCodes.consumedAt), sql`${otpCodes.failedAttempts} < ${OTP_MAX_FAILED_ATTEMPTS}`),
    )
    .returning({ tenantId: otpCodes.tenantId });
  return claimed[0]?.tenantId ?? null;
}
