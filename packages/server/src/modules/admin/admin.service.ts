// What an operator does from the command line (npm run admin): make a company and a store, a
// store administrator, reset a password, list the stores. Each checks its input and says what is
// wrong in one line (AdminError); nothing is half-made.
import { randomInt } from 'node:crypto';
import { LANGUAGES, ZEmail, type TLanguage } from '@claimdesk/contracts';
import type { Db } from '../../db/client';
import { forTenant } from '../../db/tenant-db';
import { OPERATOR } from '../audit/audit-actor';
import { recordAudit } from '../audit/audit.repository';
import { hashPassword } from '../auth/passwords';
import { findUserByName, insertUser, updateUser } from '../users/users.repository';
import { insertStoreInCompany, listAllStores, storeExists, type StoreListing } from './admin.system';

/** A refusal the command prints as it is (no stack). */
export class AdminError extends Error {}

/** A store's id: what users type at sign-in and the API's X-TENANT-ID. */
const STORE_ID = /^[a-z0-9][a-z0-9-]{1,62}$/;
const PASSWORD_CHARACTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A first password to hand over: 16 characters with letters and digits, chosen anew at the first sign-in. */
export function temporaryPassword(): string {
  for (;;) {
    const password = Array.from({ length: 16 }, () =>
      PASSWORD_CHARACTERS.charAt(randomInt(PASSWORD_CHARACTERS.length)),
    ).join('');
    if (/\d/.test(password) && /[A-Za-z]/.test(password)) return password;
  }
}

const need = (value: string | undefined, name: string): string => {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') throw new AdminError(`--${name} is required`);
  if (trimmed.length > 200) throw new AdminError(`--${name} is longer than 200 characters`);
  return trimmed;
};

export interface NewStore {
  tenantId: string;
  displayName: string;
  language: string;
  company: string;
}

/** The create-store command's input checked (before any database is opened). */
export function newStoreOf(input: {
  company?: string;
  store?: string;
  name?: string;
  language?: string;
}): NewStore {
  const tenantId = need(input.store, 'store');
  if (!STORE_ID.test(tenantId))
    throw new AdminError(
      '--store must be 2 to 63 lowercase letters, digits or hyphens, starting with a letter or digit',
    );
  const language = input.language ?? 'en';
  if (!LANGUAGES.includes(language as TLanguage))
    throw new AdminError(`--language must be one of ${LANGUAGES.join(', ')}`);
  return {
    tenantId,
    language,
    company: need(input.company, 'company'),
    displayName: need(input.name ?? tenantId, 'name'),
  };
}

export async function createStore(db: Db, store: NewStore): Promise<{ isNewCompany: boolean }> {
  if (await storeExists(db, store.tenantId)) throw new AdminError(`a store ${store.tenantId} exists already`);
  return insertStoreInCompany(db, store);
}

const emailOf = (value: string | undefined): string => {
  const parsed = ZEmail.safeParse(need(value, 'email'));
  if (!parsed.success) throw new AdminError('--email is not an email address');
  return parsed.data;
};

const storeOf = async (db: Db, tenantId: string): Promise<string> => {
  if (!(await storeExists(db, tenantId)))
    throw new AdminError(`there is no store ${tenantId} (npm run admin -- list-stores)`);
  return tenantId;
};

export interface NewAdmin {
  store: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** The create-admin command's input checked (before any database is opened). */
export function newAdminOf(input: {
  store?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
}): NewAdmin {
  return {
    store: need(input.store, 'store'),
    email: emailOf(input.email),
    firstName: need(input.firstName, 'first-name'),
    lastName: need(input.lastName, 'last-name'),
  };
}

/**
 * A store administrator with a temporary password, which they replace at their first sign-in.
 * Answers the password to hand over.
 */
export async function createStoreAdmin(db: Db, input: NewAdmin): Promise<{ password: string }> {
  const tenantId = await storeOf(db, input.store);
  const username = input.email;
  const store = forTenant(db, tenantId);
  if (await findUserByName(store, username))
    throw new AdminError(`${username} is a user of ${tenantId} already`);
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  try {
    await store.transaction(async (tx) => {
      const fields = { firstName: input.firstName, lastName: input.lastName, roles: ['ADMIN_USER' as const] };
      await insertUser(tx, { username, passwordHash, ...fields, mustResetPassword: true });
      await recordAudit(tx, OPERATOR, {
        action: 'user.created',
        targetType: 'user',
        targetId: username,
        changes: { after: { username, ...fields } },
      });
    });
  } catch (error) {
    // The account directory's key: the address is an account of another store.
    if (isUniqueViolation(error)) throw new AdminError(`${username} is an account of another store already`);
    throw error;
  }
  return { password };
}

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** The reset-password command's input checked (before any database is opened). */
export function passwordResetOf(input: { store?: string; email?: string }): { store: string; email: string } {
  return { store: need(input.store, 'store'), email: emailOf(input.email) };
}

/** A new temporary password for a user; their sessions end and they choose their own at sign-in. */
export async function resetPassword(
  db: Db,
  input: { store: string; email: string },
): Promise<{ password: string }> {
  const tenantId = await storeOf(db, input.store);
  const store = forTenant(db, tenantId);
  const user = await findUserByName(store, input.email);
  if (!user) throw new AdminError(`${input.email} is no user of ${tenantId}`);
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  await store.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash, mustResetPassword: true, tokensValidAfter: new Date() });
    await recordAudit(tx, OPERATOR, {
      action: 'user.password_set',
      targetType: 'user',
      targetId: user.username,
      changes: { detail: { isTemporary: true, sessionsEnded: true } },
    });
  });
  return { password };
}

export function listStores(db: Db): Promise<StoreListing[]> {
  return listAllStores(db);
}
