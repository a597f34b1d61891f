import { inArray } from 'drizzle-orm';
import { contacts, users } from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';

/**
 * The names of the store's people by their email, staff (first and last name) and outside
 * contacts (full name) alike, for screens that record who did something by email. An email
 * with no name known (a person since deleted) maps to itself.
 */
export async function personNames(db: TenantDb, emails: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(emails.filter((email) => email !== ''))];
  const names = new Map(wanted.map((email) => [email, email]));
  if (wanted.length === 0) return names;
  const [staff, outside] = await Promise.all([
    db
      .select({ email: users.username, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.username, wanted)),
    db
      .select({ email: contacts.email, fullName: contacts.fullName })
      .from(contacts)
      .where(inArray(contacts.email, wanted)),
  ]);
  for (const c of outside) if (c.fullName.trim()) names.set(c.email, c.fullName.trim());
  for (const u of staff) {
    const name = `${u.firstName} ${u.lastName}`.trim();
    if (name) names.set(u.email, name);
  }
  return names;
}
