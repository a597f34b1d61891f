import { ALL_FEATURES_ON, type TRole } from '@claimdesk/contracts';
import type { Db } from '../db/client';
import { forTenant } from '../db/tenant-db';
import { hashPassword } from '../modules/auth/passwords';
import type { FileStorage } from '../lib/file-storage';
import { seedDemoCases } from './demo-cases';
import { seedDemoCosts } from './demo-costs';
import { seedDemoMails } from './demo-mails';
import { seedDemoSuppliers } from './demo-suppliers';
import { insertDemoContact, insertDemoFeatures } from './demo-seed.repository';
import { countAllStores, createCompanyWithStores } from './demo-stores.system';
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
  if ((await countAllStores(db)) > 0) return false;

  await createCompanyWithStores(db, 'Demo Company', [
    { tenantId: 'demo-store', displayName: 'Demo Store', language: 'nr', supplierSource: 'internal' },
  ]);
  await createCompanyWithStores(db, 'Second Company', [
    { tenantId: 'second-store', displayName: 'Second Store', language: 'en', supplierSource: 'internal' },
  ]);
  const demoStore = forTenant(db, 'demo-store');
  await insertDemoFeatures(demoStore, ALL_FEATURES_ON);

  for (const [tenantId, list] of Object.entries(DEMO_USERS)) {
    for (const user of list) {
      await insertUser(forTenant(db, tenantId), {
        ...user,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        mustResetPassword: user.mustResetPassword ?? false,
      });
    }
  }
  await insertDemoContact(demoStore, DEMO_CONTACT, 'Sune Supplier');
  const staff = (tenantId: string) =>
    (DEMO_USERS[tenantId] ?? []).filter((u) => !u.mustResetPassword).map((u) => u.username);
  await seedDemoCases(db, [
    {
      tenantId: 'demo-store',
      cases: 200,
      staff: staff('demo-store'),
      // The demo contact is Elkjøp's contact person (demo-suppliers.ts): it reads exactly the claims sent to Elkjøp
      // (the ones staff see as sent), so it is no participant of any case (issue 35).
      participants: [],
    },
    { tenantId: 'second-store', cases: 6, staff: staff('second-store'), participants: [] },
  ]);
  await seedDemoMails(db, files);
  await seedDemoSuppliers(db, files, 'demo-store', 'admin@demo-store.test');
  await seedDemoCosts(db, 'demo-store', 'admin@demo-store.test');
  return true;
}
