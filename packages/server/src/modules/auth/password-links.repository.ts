import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { passwordTokens, users } from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';
import type { PasswordLinkKind } from './password-link-mail';

/** A user's links not used, voided or expired. */
const liveLinks = and(isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, sql`now()`));

/** Voids the user's links that still stand: a newer link, or the password being set, ends them. */
export async function voidPasswordLinks(db: TenantDb, userId: number): Promise<void> {
  await db
    .update(passwordTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
}

/** Keeps a new link (its hash), voiding the user's earlier ones in the same transaction. */
export async function insertPasswordLink(
  db: TenantDb,
  values: { userId: number; kind: PasswordLinkKind; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await voidPasswordLinks(tx, values.userId);
    await tx.insert(passwordTokens).values({ tenantId: tx.tenantId, ...values });
  });
}

/** The standing link with this hash and its user, or null. */
export async function findLivePasswordLink(db: TenantDb, tokenHash: string) {
  const [row] = await db
    .select({
      id: passwordTokens.id,
      kind: passwordTokens.kind,
      userId: users.id,
      username: users.username,
      firstName: users.firstName,
      disabledAt: users.disabledAt,
    })
    .from(passwordTokens)
    .innerJoin(users, and(eq(users.tenantId, passwordTokens.tenantId), eq(users.id, passwordTokens.userId)))
    .where(and(eq(passwordTokens.tokenHash, tokenHash), liveLinks));
  return row ?? null;
}

/** Marks the link used; false when another request used it first (or it expired meanwhile). */
export async function claimPasswordLink(db: TenantDb, id: number): Promise<boolean> {
  const claimed = await db
    .update(passwordTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordTokens.id, id), liveLinks))
    .returning({ id: passwordTokens.id });
  return claimed.length > 0;
}

/** The password chosen with a link: no reset is due, the invitation is done, earlier tokens are void. */
export async function savePasswordFromLink(
  db: TenantDb,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash,
      mustResetPassword: false,
      invitedAt: null,
      tokensValidAfter: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}
