import { and, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { otpCodes } from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';

/** Wrong tries after which a code is void. */
export const OTP_MAX_FAILED_ATTEMPTS = 5;

export type OtpRow = typeof otpCodes.$inferSelect;

/** The email's codes not used and not expired (a code voided by wrong tries included). */
export const unusedOtpOf = (email: string) =>
  and(eq(otpCodes.email, email), isNull(otpCodes.consumedAt), gt(otpCodes.expiresAt, new Date()));

/** The email's codes that can still be answered: unused, not expired, not voided by wrong tries. */
export const liveOtpOf = (email: string) =>
  and(unusedOtpOf(email), sql`${otpCodes.failedAttempts} < ${OTP_MAX_FAILED_ATTEMPTS}`);

/** The store's codes, as a statement to narrow. */
const codesOf = (db: TenantDb) => db.select().from(otpCodes);

/**
 * The newest of `codes` that meets `condition`. One query for a store's codes (a TenantDb's) and
 * for every store's (the sign-in's lookups in sign-in.system.ts, from the raw handle).
 */
export async function newestOtpIn(
  codes: ReturnType<typeof codesOf>,
  condition: SQL | undefined,
): Promise<OtpRow | null> {
  const [row] = await codes.where(condition).orderBy(desc(otpCodes.createdAt)).limit(1);
  return row ?? null;
}

/** The newest unused code of the email in the store. */
export function findNewestUnusedOtp(db: TenantDb, email: string): Promise<OtpRow | null> {
  return newestOtpIn(codesOf(db), unusedOtpOf(email));
}

export async function insertOtp(
  db: TenantDb,
  values: { contactId: number; email: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(otpCodes).values({ tenantId: db.tenantId, ...values });
}

export async function countWrongOtp(db: TenantDb, id: number): Promise<void> {
  await db
    .update(otpCodes)
    .set({ failedAttempts: sql`${otpCodes.failedAttempts} + 1` })
    .where(eq(otpCodes.id, id));
}

/** Marks the code used; false when another request used it first (or it was voided meanwhile). */
export async function claimOtp(db: TenantDb, id: number): Promise<boolean> {
  const claimed = await db
    .update(otpCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(otpCodes.id, id),
        isNull(otpCodes.consumedAt),
        sql`${otpCodes.failedAttempts} < ${OTP_MAX_FAILED_ATTEMPTS}`,
      ),
    )
    .returning({ id: otpCodes.id });
  return claimed.length > 0;
}
