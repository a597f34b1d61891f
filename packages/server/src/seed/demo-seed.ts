import { ALL_FEATURES_ON, type TRole } from '@claimdesk/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, contacts, storeProperties, stores } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import type { FileStorage } from '../lib/file-storage';
import { seedDemoCases } from './demo-cases';
import { seedDemoMails } from './demo-mails';
import { insertUser } from '../modules/users/users.repository';

export const DEMO_PASSWORD = 'Demo-1234!';

interface DemoUser {
  username: string;
  firstName: string;
  lastName: string;
  roles: TRole[];
  mustResetPassword?: boolean;
}

export const DEMO_USERS: Record<string, DemoUser[]> = {
  'demo-store': [
    { username: 'admin@demo-store.test', firstName: 'Ada', lastName: 'Admin', roles: ['ADMIN_USER'] },
    { username: 'agent@demo-store.test', firstName: 'Alex', lastName: 'Agent', roles: ['STANDARD_USER'] },
    { username: 'manager@demo-store.test', firstName: 'Mia', lastName: 'Manager', roles: ['MANAGER_USER'] },
    { username: 'super@demo-store.test', firstName: 'Sam', lastName: 'Super', roles: ['SUPER_ADMIN_USER'] },
    {
      username: 'reset@demo-store.test',
      firstName: 'Rita',
      lastName: 'Reset',
      roles: ['STANDARD_USER'],
      mustResetPassword: true,
    },
  ],
  'second-store': [
    { username: 'admin@second-store.test', firstName: 'Sigrid', lastName: 'Second', roles: ['ADMIN_USER'] },
  ],
};

export const DEMO_CONTACT = 'contact@supplier.test';

/**
 * Creates the demo companies, stores, users, contact, cases and mails, once: only when there is
 * no store yet. The mails' raw messages go to `files`.
 */
export async function seedDemo(db: Db, files: FileStorage): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(stores);
  if (count > 0) return false;

  const [demoCompany] = await db.insert(companies).values({ name: 'Demo Company' }).returning();
  const [secondCompany] = await db.insert(companies).values({ name: 'Second Company' }).returning();
  if (!demoCompany || !secondCompany) throw new Error('seed: companies not created');
  await db.insert(stores).values([
    {
      tenantId: 'demo-store',
      companyId: demoCompany.id,
      displayName: 'Demo Store',
      language: 'nr',
      supplierSource: 'internal',
    },
    {
      tenantId: 'second-store',
      companyId: secondCompany.id,
      displayName: 'Second Store',
      language: 'en',
      supplierSource: 'internal',
    },
  ]);
  await db
    .insert(storeProperties)
    .values({ tenantId: 'demo-store', name: 'feature', value: ALL_FEATURES_ON, updatedBy: 'seed' });

  for (const [tenantId, list] of Object.entries(DEMO_USERS)) {
    for (const user of list) {
      await insertUser(db, tenantId, {
        ...user,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        mustResetPassword: user.mustResetPassword ?? false,
      });
    }
  }
  await db
    .insert(contacts)
    .values({ tenantId: 'demo-store', email: DEMO_CONTACT, fullName: 'Sune Supplier' });
  const staff = (tenantId: string) =>
    (DEMO_USERS[tenantId] ?? []).filter((u) => !u.mustResetPassword).map((u) => u.username);
  await seedDemoCases(db, [
    { tenantId: 'demo-store', cases: 200, staff: staff('demo-store'), participants: [DEMO_CONTACT] },
    { tenantId: 'second-store', cases: 6, staff: staff('second-store'), participants: [] },
  ]);
  await seedDemoMails(db, files);
  return true;
}
