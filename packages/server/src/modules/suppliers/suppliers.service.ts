import type {
  TCompensationModesConfig,
  TContactPersonInput,
  TDeleteSupplierResponse,
  TSupplier,
  TSupplierFields,
} from '@claimdesk/contracts';
import { fieldProblem } from '@claimdesk/contracts';
import type { TenantDb } from '../../db/tenant-db';
import { AppError, invalidFields, notFound } from '../../lib/app-error';
import { isUniqueViolation, sqlState } from '../../lib/pg-error';
import type { AuthContext } from '../../auth-context';
import { announceAccessChanged } from '../auth/sessions.repository';
import { listContactPersons } from './contact-persons.repository';
import { loadFeatures } from '../cases/case-config';
import { resolveCompanyConfig, resolveStoreConfig } from '../settings/store-config.repository';
import { listSupplierCases } from './supplier-cases.repository';
import { supplierFigures } from './supplier-figures.repository';
import type { SupplierOwner } from './supplier-owner';
import * as repo from './suppliers.repository';

/** The owner of the suppliers a call acts on; the `supplier` feature must be on in the store. */
export async function ownerOf(auth: AuthContext, isShared: boolean): Promise<SupplierOwner> {
  const [features, setting] = await Promise.all([loadFeatures(auth.db), repo.storeSupplierSetting(auth.db)]);
  if (!features.supplier) throw new AppError('FORBIDDEN', 'Suppliers are switched off in this store');
  if (!setting) throw notFound('Store');
  return isShared ? { source: 'external', companyId: setting.companyId } : { source: 'internal' };
}

/** The suppliers the store uses, as its supplierSource says: its own, or its company's. */
export async function ownerInUse(db: TenantDb): Promise<SupplierOwner> {
  const setting = await repo.storeSupplierSetting(db);
  if (!setting) throw notFound('Store');
  return setting.supplierSource === 'external'
    ? { source: 'external', companyId: setting.companyId }
    : { source: 'internal' };
}

type Row = NonNullable<Awaited<ReturnType<typeof repo.findSupplier>>>;

async function present(db: TenantDb, owner: SupplierOwner, rows: Row[]): Promise<TSupplier[]> {
  const ids = rows.map((r) => r.id);
  const [people, figures] = await Promise.all([
    repo.listContactsOf(db, owner, ids),
    supplierFigures(db, owner, ids),
  ]);
  return rows.map((row) => ({
    ...row,
    source: owner.source,
    requiredEvidence: row.requiredEvidence as TSupplier['requiredEvidence'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    contactPersons: people
      .filter((p) => p.supplierId === row.id)
      .map(({ supplierId: _, ...person }) => person),
    figures: figures.get(row.id) ?? {
      casesSent: 0,
      acceptanceRate: null,
      medianDaysToFirstAnswer: null,
      medianDaysToResolution: null,
      openPastAnswerTime: 0,
    },
  }));
}

export async function listSuppliers(
  db: TenantDb,
  owner: SupplierOwner,
  query: { search?: string | undefined; includeDisabled: boolean },
): Promise<TSupplier[]> {
  return present(db, owner, await repo.listSuppliers(db, owner, query));
}

export async function getSupplier(db: TenantDb, owner: SupplierOwner, id: number): Promise<TSupplier> {
  const row = await repo.findSupplier(db, owner, id);
  if (!row) throw notFound('Supplier');
  const [supplier] = await present(db, owner, [row]);
  if (!supplier) throw notFound('Supplier');
  return supplier;
}

/** Refuses compensation modes the store's (or company's) compensation-modes document lacks. */
async function checkCompensationModes(db: TenantDb, owner: SupplierOwner, modes: string[]): Promise<void> {
  const config = (
    owner.source === 'internal'
      ? await resolveStoreConfig(db, 'compensation-modes')
      : await resolveCompanyConfig(db, 'compensation-modes')
  ) as TCompensationModesConfig;
  const known = new Set(config.map((o) => o.value));
  const problems = Object.fromEntries(
    modes.flatMap((mode, i) =>
      known.has(mode)
        ? []
        : [
            [
              `compensationModes.${String(i)}`,
              fieldProblem('not_an_option', `"${mode}" is not one of the compensation modes`, {
                value: mode,
              }),
            ],
          ],
    ),
  );
  if (Object.keys(problems).length > 0) throw invalidFields('Unknown compensation mode', problems);
}

/** Two contact persons of one supplier with the same email are refused on the second. */
function checkDistinctEmails(people: TContactPersonInput[]): void {
  const seen = new Set<string>();
  const problems = Object.fromEntries(
    people.flatMap((person, i) => {
      const isRepeat = seen.has(person.email);
      seen.add(person.email);
      return isRepeat
        ? [[`contactPersons.${String(i)}.email`, 'Given for another contact person of this supplier']]
        : [];
    }),
  );
  if (Object.keys(problems).length > 0) {
    throw new AppError('VALIDATION_FAILED', 'Two contact persons have one email', problems);
  }
}

// A value another row has is bad input on its field (400), as the point 7 asks; a stale
// version stays a 409.
const duplicateOrganisationNumber = (number: string | null) =>
  invalidFields(`Another supplier has the organisation number ${number ?? ''}`, {
    organisationNumber: fieldProblem('taken', 'Another supplier has this organisation number'),
  });

const takenEmail = (index: number) => {
  const key = `contactPersons.${String(index)}.email`;
  return invalidFields('This email is a contact person of another supplier', {
    [key]: fieldProblem('taken', 'A contact person of another supplier has this email'),
  });
};

/**
 * Tells every server process that the access of the supplier's contact persons (as they were and
 * as they are now) may have changed: a disabled or removed person, or a disabled supplier, is
 * refused from the next request on, not after a cache's time.
 */
async function announceContactsChanged(
  tx: TenantDb,
  owner: SupplierOwner,
  supplierId: number,
  emails: readonly string[],
): Promise<void> {
  const current = (await listContactPersons(tx, owner, true)).filter((p) => p.supplierId === supplierId);
  const everyStore = owner.source === 'external';
  for (const email of new Set([...emails, ...current.map((p) => p.email)])) {
    await announceAccessChanged(tx, email, { everyStore });
  }
}

/** Writes the supplier's contact persons as given: kept ones updated, new ones added, others removed. */
async function saveContactPersons(
  tx: TenantDb,
  owner: SupplierOwner,
  supplierId: number,
  people: TSupplierFields['contactPersons'],
): Promise<void> {
  await announceContactsChanged(
    tx,
    owner,
    supplierId,
    people.map((p) => p.email),
  );
  const existing = await repo.findContactsByEmail(
    tx,
    owner,
    people.map((p) => p.email),
  );
  const plan = people.map((person, index) => {
    const match = existing.find((e) => e.email === person.email);
    if (match && match.supplierId !== supplierId && match.supplierId !== null) throw takenEmail(index);
    if (match && person.id !== undefined && person.id !== match.id) throw takenEmail(index);
    // A store's contact of no supplier yet (a case participant) becomes this supplier's person.
    return { person, index, id: person.id ?? match?.id, adopt: match?.supplierId === null };
  });
  await repo.deleteContactsExcept(
    tx,
    owner,
    supplierId,
    plan.flatMap((p) => (p.id === undefined ? [] : [p.id])),
  );
  const values = (p: TSupplierFields['contactPersons'][number]) => ({
    fullName: p.fullName,
    email: p.email,
    phone: p.phone ?? null,
    isDisabled: p.isDisabled,
  });
  for (const { person, index, id, adopt } of plan) {
    if (id === undefined) continue;
    if (!(await repo.updateContact(tx, owner, supplierId, id, values(person), adopt))) {
      const key = `contactPersons.${String(index)}.id`;
      throw new AppError('NOT_FOUND', 'No such contact person of this supplier', { [key]: 'Not found' });
    }
  }
  await repo.insertContacts(
    tx,
    owner,
    supplierId,
    plan.filter((p) => p.id === undefined).map((p) => values(p.person)),
  );
}

const supplierValues = (fields: TSupplierFields): repo.SupplierValues => ({
  name: fields.name,
  organisationNumber: fields.organisationNumber,
  email: fields.email,
  phone: fields.phone,
  address: fields.address,
  claimAddress: fields.claimAddress,
  compensationModes: [...new Set(fields.compensationModes)],
  requiredEvidence: [...new Set(fields.requiredEvidence)],
  answerDays: fields.answerDays,
  isDisabled: fields.isDisabled,
});

/** Runs a save in one transaction; a unique index's refusal becomes the field's 409. */
async function saving<T>(
  db: TenantDb,
  fields: TSupplierFields,
  work: (tx: TenantDb) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const constraint = errorField(error, 'constraint');
    if (constraint?.includes('organisation_number'))
      throw duplicateOrganisationNumber(fields.organisationNumber);
    // Another save took one of the emails meanwhile: the database's detail names it.
    const detail = errorField(error, 'detail') ?? '';
    const index = fields.contactPersons.findIndex((p) => detail.includes(`, ${p.email})`));
    throw takenEmail(Math.max(0, index));
  }
}

/** A text field of a database error (`constraint`, `detail`; node-postgres and PGlite both give them). */
function errorField(error: unknown, field: 'constraint' | 'detail'): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const value = (current as Record<string, unknown>)[field];
    if (typeof value === 'string') return value;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export async function createSupplier(
  db: TenantDb,
  owner: SupplierOwner,
  fields: TSupplierFields,
): Promise<TSupplier> {
  await checkCompensationModes(db, owner, fields.compensationModes);
  checkDistinctEmails(fields.contactPersons);
  if (fields.contactPersons.some((p) => p.id !== undefined)) {
    throw new AppError('VALIDATION_FAILED', 'A new supplier has no contact persons to name by id', {
      contactPersons: 'A new supplier has no contact persons to name by id',
    });
  }
  const id = await saving(db, fields, async (tx) => {
    const created = await repo.insertSupplier(tx, owner, supplierValues(fields));
    await saveContactPersons(tx, owner, created, fields.contactPersons);
    return created;
  });
  return getSupplier(db, owner, id);
}

export async function updateSupplier(
  db: TenantDb,
  owner: SupplierOwner,
  id: number,
  fields: TSupplierFields & { version: number },
): Promise<TSupplier> {
  await checkCompensationModes(db, owner, fields.compensationModes);
  checkDistinctEmails(fields.contactPersons);
  await saving(db, fields, async (tx) => {
    const current = await repo.findSupplier(tx, owner, id, true);
    if (!current) throw notFound('Supplier');
    if (!(await repo.updateSupplier(tx, owner, id, fields.version, supplierValues(fields)))) {
      throw new AppError(
        'CONFLICT',
        `This supplier was changed since you opened it (you have version ${String(fields.version)}, the stored one is version ${String(current.version)}). Reload it and apply your change again.`,
        { version: `The stored version is ${String(current.version)}` },
      );
    }
    await saveContactPersons(tx, owner, id, fields.contactPersons);
  });
  return getSupplier(db, owner, id);
}

/** Deletes a supplier no case names; one in use (in any store of the company) is disabled instead. */
export async function deleteSupplier(
  db: TenantDb,
  owner: SupplierOwner,
  id: number,
): Promise<TDeleteSupplierResponse> {
  return db.transaction(async (tx) => {
    const current = await repo.findSupplier(tx, owner, id, true);
    if (!current) throw notFound('Supplier');
    try {
      // A savepoint: the database's refusal (a case names it) undoes only this attempt.
      await tx.transaction((attempt) => repo.deleteSupplier(attempt, owner, id));
      return { outcome: 'deleted' as const };
    } catch (error) {
      if (sqlState(error, (code) => code === '23503') === null) throw error;
      await repo.disableSupplier(tx, owner, id);
      await announceContactsChanged(tx, owner, id, []);
      return { outcome: 'disabled' as const };
    }
  });
}

/** The store's cases that name the supplier; 404 when the supplier is not the owner's. */
export async function supplierCases(db: TenantDb, owner: SupplierOwner, id: number) {
  if (!(await repo.findSupplier(db, owner, id))) throw notFound('Supplier');
  return listSupplierCases(db, owner, id);
}
