import type { TPreference, TRole, TUser } from '@claimdesk/contracts';
import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import { accountDirectory, users } from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';

type UserRow = typeof users.$inferSelect;

export const PROFILE_PICTURE_PATH = '/v2/public/profile-pictures';

/** The one place a user row becomes an answer: the hash never leaves. */
export function toUser(row: UserRow): TUser {
  return {
    id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    roles: row.roles as TRole[],
    preference: row.preference as TPreference,
    verifyPassword: row.mustResetPassword,
    profilePicUrl: row.profilePicture ? `${PROFILE_PICTURE_PATH}/${row.profilePicture}` : null,
    isDisabled: row.disabledAt !== null,
    isInvited: row.invitedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function listUsers(db: TenantDb, search?: string) {
  const term = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return db
    .select()
    .from(users)
    .where(
      term
        ? or(
            ilike(users.username, term),
            ilike(users.firstName, term),
            ilike(users.lastName, term),
            ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, term),
          )
        : undefined,
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

export async function findUserById(db: TenantDb, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function findUserByName(db: TenantDb, username: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.username, username));
  return row ?? null;
}

export async function insertUser(
  db: TenantDb,
  values: {
    username: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    roles: TRole[];
    mustResetPassword: boolean;
    invitedAt?: Date;
  },
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    await tx.insert(accountDirectory).values({ email: values.username, tenantId: tx.tenantId });
    const [row] = await tx
      .insert(users)
      .values({ tenantId: tx.tenantId, ...values })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  });
}

export async function updateUser(
  db: TenantDb,
  id: number,
  values: Partial<
    Pick<
      UserRow,
      | 'firstName'
      | 'lastName'
      | 'roles'
      | 'passwordHash'
      | 'mustResetPassword'
      | 'profilePicture'
      | 'tokensValidAfter'
      | 'preference'
      | 'disabledAt'
      | 'invitedAt'
    >
  >,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/** Renames a user: the directory row's email cascades to the user's username. */
export async function renameUser(db: TenantDb, from: string, to: string): Promise<void> {
  await db.update(accountDirectory).set({ email: to }).where(eq(accountDirectory.email, from));
}

export async function deleteUser(db: TenantDb, id: number): Promise<UserRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(users).where(eq(users.id, id)).returning();
    if (row) await tx.delete(accountDirectory).where(eq(accountDirectory.email, row.username));
    return row ?? null;
  });
}

/** Merges keys into the preference object; a null value removes its key. */
export async function mergePreference(
  db: TenantDb,
  username: string,
  changes: Record<string, unknown>,
): Promise<TPreference | null> {
  const removed = Object.keys(changes).filter((k) => changes[k] === null);
  const added = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== null));
  const [row] = await db
    .update(users)
    .set({
      preference: sql`(${users.preference} - array(select jsonb_array_elements_text(${JSON.stringify(removed)}::jsonb))) || ${JSON.stringify(added)}::jsonb`,
      updatedAt: new Date(),
    })
    .where(eq(users.username, username))
    .returning({ preference: users.preference });
  return (row?.preference as TPreference | undefined) ?? null;
}
