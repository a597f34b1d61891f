import { randomUUID } from 'node:crypto';
import type { TFeatureConfig, TRole } from '@claimdesk/contracts';
import type { Db } from '../../src/db/client';
import { companies, contacts, storeProperties, stores } from '../../src/db/schema';
import { hashPassword } from '../../src/modules/auth/passwords';
import { insertUser } from '../../src/modules/users/users.repository';

export const TEST_PASSWORD = 'Test-pass-123';
let passwordHash: Promise<string> | undefined;
const testPasswordHash = () => (passwordHash ??= hashPassword(TEST_PASSWORD));

const unique = () => randomUUID().slice(0, 8);

export interface StoreFixture {
  tenantId: string;
  companyId: number;
  companyName: string;
}

/** A company with one store; pass `companyId` to add a store to an existing company. */
export async function createStore(
  db: Db,
  overrides: {
    tenantId?: string;
    companyName?: string;
    companyId?: number;
    language?: string;
    features?: TFeatureConfig;
  } = {},
): Promise<StoreFixture> {
  const tenantId = overrides.tenantId ?? `store-${unique()}`;
  let companyId = overrides.companyId;
  let companyName = overrides.companyName ?? `Company ${unique()}`;
  if (companyId === undefined) {
    const [company] = await db.insert(companies).values({ name: companyName }).returning();
    if (!company) throw new Error('no company');
    companyId = company.id;
    companyName = company.name;
  }
  await db
    .insert(stores)
    .values({ tenantId, companyId, displayName: `Store ${tenantId}`, language: overrides.language ?? 'en' });
  if (overrides.features) {
    await db.insert(storeProperties).values({ tenantId, name: 'feature', value: overrides.features });
  }
  return { tenantId, companyId, companyName };
}

export interface UserFixture {
  id: number;
  username: string;
  password: string;
  tenantId: string;
}

export async function createUser(
  db: Db,
  tenantId: string,
  overrides: {
    username?: string;
    roles?: TRole[];
    firstName?: string;
    lastName?: string;
    mustResetPassword?: boolean;
  } = {},
): Promise<UserFixture> {
  const username = overrides.username ?? `user-${unique()}@${tenantId}.test`;
  const row = await insertUser(db, tenantId, {
    username,
    firstName: overrides.firstName ?? 'Test',
    lastName: overrides.lastName ?? 'User',
    roles: overrides.roles ?? ['STANDARD_USER'],
    passwordHash: await testPasswordHash(),
    mustResetPassword: overrides.mustResetPassword ?? false,
  });
  return { id: row.id, username, password: TEST_PASSWORD, tenantId };
}

export async function createContact(
  db: Db,
  tenantId: string,
  overrides: { email?: string; isDisabled?: boolean } = {},
) {
  const email = overrides.email ?? `contact-${unique()}@supplier.test`;
  const [row] = await db
    .insert(contacts)
    .values({ tenantId, email, fullName: 'Test Contact', isDisabled: overrides.isDisabled ?? false })
    .returning();
  if (!row) throw new Error('no contact');
  return { id: row.id, email, tenantId };
}
