import { randomUUID } from 'node:crypto';
import type { TFeatureConfig, TRole } from '@claimdesk/contracts';
import type { Db } from '../../src/db/client';
import { forTenant } from '../../src/db/tenant-db';
import { sql } from 'drizzle-orm';
import {
  caseItems,
  caseParticipants,
  companies,
  contacts,
  itemTypes,
  storeProperties,
  stores,
} from '../../src/db/schema';
import { refreshCaseSearch } from '../../src/modules/cases/case-search.repository';
import { insertCase, type NewCase } from '../../src/modules/cases/cases.repository';
import { forgetAllStoreConfig } from '../../src/modules/settings/store-config.repository';
import { hashPassword } from '../../src/modules/auth/passwords';
import { insertUser } from '../../src/modules/users/users.repository';
import type { SecretBox } from '../../src/modules/mail/common/mail-crypto';
import {
  insertMailbox,
  type Mailbox,
  type NewMailbox,
} from '../../src/modules/mail/accounts/mailbox.repository';

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
  const row = await insertUser(forTenant(db, tenantId), {
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

/** Writes a store's configuration document (`feature`, `menu`, `form.claim`, …) straight into the table. */
export async function setStoreConfig(db: Db, tenantId: string, name: string, value: unknown): Promise<void> {
  await db
    .insert(storeProperties)
    .values({ tenantId, name, value })
    .onConflictDoUpdate({
      target: [storeProperties.tenantId, storeProperties.name],
      set: { value, version: sql`${storeProperties.version} + 1` },
    });
  forgetAllStoreConfig(db);
}

export async function createItemType(
  db: Db,
  tenantId: string,
  overrides: { key?: string; names?: Record<string, string>; isDisabled?: boolean } = {},
) {
  const key = overrides.key ?? `type-${unique()}`;
  const [row] = await db
    .insert(itemTypes)
    .values({
      tenantId,
      key,
      names: overrides.names ?? { en: `Type ${key}`, nr: `Type ${key}` },
      isDisabled: overrides.isDisabled ?? false,
    })
    .returning();
  if (!row) throw new Error('no item type');
  return row;
}

/**
 * A case written straight to the database (with its next number, items and search vector),
 * for tests that need many cases or exact timestamps; behaviour is tested through HTTP.
 */
export async function createCase(
  db: Db,
  tenantId: string,
  overrides: Partial<Omit<NewCase, 'createdBy'>> & {
    createdBy?: string;
    items?: { productName: string; sku?: string; itemTypeId?: number; quantity?: number }[];
    participants?: string[];
  } = {},
) {
  const { items = [], participants = [], ...values } = overrides;
  return forTenant(db, tenantId).transaction(async (tx) => {
    const row = await insertCase(tx, {
      workFlow: 'claim',
      status: 'new',
      customerName: `Customer ${unique()}`,
      createdBy: 'factory@test',
      itemsSummary: items.map((i) => i.productName).join(', '),
      ...values,
    });
    if (items.length > 0) {
      await tx.insert(caseItems).values(
        items.map((item, position) => ({
          tenantId,
          caseId: row.id,
          position,
          productName: item.productName,
          sku: item.sku ?? null,
          itemTypeId: item.itemTypeId ?? null,
          quantity: item.quantity ?? 1,
        })),
      );
    }
    for (const email of participants)
      await tx.insert(caseParticipants).values({ tenantId, caseId: row.id, email });
    await refreshCaseSearch(tx, row.id);
    return row;
  });
}

/**
 * A mailbox, proven by default (as if its confirmation code had come back), so that it receives
 * and sends; `isVerified: false` makes one that still waits for its proof.
 */
export function createMailbox(
  db: Db,
  secrets: SecretBox,
  input: NewMailbox & { tenantId: string; isVerified?: boolean },
): Promise<Mailbox> {
  const { isVerified = true, tenantId, ...fields } = input;
  return insertMailbox(forTenant(db, tenantId), secrets, {
    ...fields,
    verifiedAt: isVerified ? new Date() : null,
  });
}
