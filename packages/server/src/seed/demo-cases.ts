import {
  DEFAULT_CLAIM_STATUS_OPTIONS,
  DEFAULT_SUPPORT_STATUS_OPTIONS,
  STATUS_DIMENSIONS,
  type TStatusOptionsConfig,
} from '@claimdesk/contracts';
import type { Db } from '../db/client';
import type { cases } from '../db/schema';
import { forTenant, type TenantDb } from '../db/tenant-db';
import { refreshCaseSearch } from '../modules/cases/case-search.repository';
import { FIRST_CASE_NUMBER } from '../modules/cases/cases.repository';
import {
  DEMO_ITEM_TYPES,
  FAULTS,
  FIRST_NAMES,
  LAST_NAMES,
  PLACES,
  PRODUCTS,
  STREETS,
  SUPPLIERS,
  SUPPORT_TOPICS,
} from './demo-case-data';
import {
  hasCasesOrItemTypes,
  insertDemoCaseParts,
  insertDemoCases,
  insertDemoItemTypes,
} from './demo-seed.repository';

/** A small seeded random generator (mulberry32): the same demo data on every machine. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return { next, int, pick };
}

const ascii = (s: string) =>
  s
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/å/g, 'a')
    .replace(/[^a-z]/g, '');

const DAY = 86_400_000;

interface TimelinePlan {
  kind: string;
  actor: string;
  at: Date;
  changes: { field: string; from: unknown; to: unknown }[];
}

interface SeedStore {
  tenantId: string;
  cases: number;
  staff: string[];
  /** One-time-code contacts who take part in some open claims (of this supplier, when given). */
  participants: string[];
  participantSupplier?: string;
  seed: number;
}

/**
 * Demo cases for one store, in bulk: item types, cases over the last six months across the claim
 * and support workflows and all their statuses (closed ones mostly archived), items, a timeline
 * per case, search vectors, and the counter at the last number.
 */
async function seedStoreCases(db: TenantDb, store: SeedStore, now: number): Promise<void> {
  const rnd = random(store.seed);
  const { tenantId } = db;
  await db.transaction(async (tx) => {
    const types = await insertDemoItemTypes(
      tx,
      DEMO_ITEM_TYPES.map((t) => ({ key: t.key, names: { ...t.names } })),
    );
    const caseRows: (typeof cases.$inferInsert)[] = [];
    const itemPlans: {
      productName: string;
      sku: string;
      typeId: number;
      quantity: number;
      fault: string;
    }[][] = [];
    const timelinePlans: TimelinePlan[][] = [];
    for (let i = 0; i < store.cases; i += 1) {
      const isSupport = i % 4 === 3;
      const options: TStatusOptionsConfig = isSupport
        ? DEFAULT_SUPPORT_STATUS_OPTIONS
        : DEFAULT_CLAIM_STATUS_OPTIONS;
      const status =
        options.statuses[(isSupport ? Math.floor(i / 4) : i) % options.statuses.length]?.value ?? 'new';
      const isClosed = options.statuses.some((s) => s.value === status && s.isClosed);
      const first = rnd.pick(FIRST_NAMES);
      const last = rnd.pick(LAST_NAMES);
      // Spread over the last 182 days, older cases first in numbering order.
      const createdAt = new Date(
        now - Math.round((1 - i / store.cases) * 182 * DAY) + rnd.int(0, 8 * 3_600_000),
      );
      const creator = rnd.pick(store.staff);
      const assignee = rnd.next() < 0.15 ? null : rnd.pick(store.staff);
      const changedAt = new Date(Math.min(now - 60_000, createdAt.getTime() + rnd.int(1, 9) * DAY));
      const closedAt = isClosed
        ? new Date(Math.min(now - 30_000, changedAt.getTime() + rnd.int(0, 3) * DAY))
        : null;
      const isArchived = isClosed && rnd.next() < 0.7;
      const dimensions = Object.fromEntries(
        STATUS_DIMENSIONS.map((d) => [d, isSupport || rnd.next() < 0.3 ? null : rnd.pick(options[d]).value]),
      );
      const typeIndex = rnd.int(0, types.length - 1);
      const items = isSupport
        ? []
        : Array.from({ length: rnd.next() < 0.2 ? 2 : 1 }, (_, n) => {
            const type = types[(typeIndex + n * 3) % types.length];
            const [productName, sku] = rnd.pick(PRODUCTS[type?.key ?? 'kettle'] ?? [['Produkt', 'P-1']]);
            return {
              productName,
              sku: `${sku}-${rnd.int(100, 999)}`,
              typeId: type?.id ?? 0,
              quantity: rnd.next() < 0.85 ? 1 : 2,
              fault: rnd.pick(FAULTS),
            };
          });
      const name = `${first} ${last}`;
      caseRows.push({
        tenantId,
        caseNumber: FIRST_CASE_NUMBER + i,
        workFlow: isSupport ? 'support' : 'claim',
        isArchived,
        status,
        assignee,
        customerName: name,
        customerEmail: `${ascii(first)}.${ascii(last)}@example.no`,
        customerPhone: `+47 9${rnd.int(10, 99)} ${rnd.int(10, 99)} ${rnd.int(100, 999)}`,
        customerAddress: `${rnd.pick(STREETS)} ${rnd.int(1, 120)}\n${rnd.pick(PLACES)}`,
        orderReference:
          isSupport && rnd.next() < 0.4 ? null : `WEB-${createdAt.getUTCFullYear()}-${rnd.int(10000, 99999)}`,
        purchaseDate: isSupport
          ? null
          : new Date(createdAt.getTime() - rnd.int(5, 300) * DAY).toISOString().slice(0, 10),
        supplierName: isSupport ? null : rnd.pick(SUPPLIERS),
        description: isSupport
          ? rnd.pick(SUPPORT_TOPICS)
          : `${items[0]?.fault ?? ''}. Kunden ønsker ${rnd.pick(['reparasjon', 'nytt produkt', 'pengene tilbake'])}.`,
        ...dimensions,
        customFields: {},
        itemsSummary: items.map((it) => it.productName).join(', '),
        version: status === 'new' ? 1 : isArchived ? 4 : 3,
        createdBy: creator,
        createdAt,
        updatedAt: closedAt ?? (status === 'new' ? createdAt : changedAt),
        closedAt,
      });
      itemPlans.push(items);
      const timeline: TimelinePlan[] = [
        {
          kind: 'created',
          actor: creator,
          at: createdAt,
          changes: [
            { field: 'customer.name', from: '', to: name },
            { field: 'status', from: '', to: 'new' },
          ],
        },
      ];
      if (status !== 'new') {
        timeline.push({
          kind: 'assigned',
          actor: creator,
          at: new Date(createdAt.getTime() + 3_600_000),
          changes: [{ field: 'assignee', from: null, to: assignee }],
        });
        timeline.push({
          kind: 'status',
          actor: assignee ?? creator,
          at: closedAt ?? changedAt,
          changes: [{ field: 'status', from: 'new', to: status }],
        });
      }
      if (isArchived && closedAt) {
        timeline.push({
          kind: 'archived',
          actor: assignee ?? creator,
          at: closedAt,
          changes: [{ field: 'isArchived', from: false, to: true }],
        });
      }
      timelinePlans.push(timeline);
    }
    const inserted = await insertDemoCases(tx, caseRows);
    const idOf = new Map(inserted.map((r) => [r.caseNumber, r.id]));
    const caseIds = caseRows.map((r) => idOf.get(r.caseNumber) ?? 0);
    const itemRows = itemPlans.flatMap((items, i) =>
      items.map((it, position) => ({
        tenantId,
        caseId: caseIds[i] ?? 0,
        position,
        itemTypeId: it.typeId,
        productName: it.productName,
        sku: it.sku,
        quantity: it.quantity,
        faultDescription: it.fault,
      })),
    );
    const timelineRows = timelinePlans.flatMap((entries, i) =>
      entries.map((e) => ({ tenantId, caseId: caseIds[i] ?? 0, ...e })),
    );
    // A supplier's contact person takes part only in claims of its own supplier: the portal
    // shows a contact nothing of another supplier's.
    const openClaims = caseRows.flatMap((r, i) =>
      r.workFlow === 'claim' &&
      !r.isArchived &&
      (store.participantSupplier === undefined || r.supplierName === store.participantSupplier)
        ? [caseIds[i] ?? 0]
        : [],
    );
    const participantRows = store.participants.flatMap((email) =>
      openClaims.filter((_, n) => n % 3 === 0).map((caseId) => ({ tenantId, caseId, email })),
    );
    await insertDemoCaseParts(tx, {
      items: itemRows,
      timeline: timelineRows,
      participants: participantRows,
      lastNumber: FIRST_CASE_NUMBER + store.cases - 1,
    });
    await refreshCaseSearch(tx);
  });
}

/** Demo cases for the demo stores, once: a store that has cases or item types already is left alone. */
export async function seedDemoCases(
  db: Db,
  stores: Omit<SeedStore, 'seed'>[],
  now = Date.now(),
): Promise<boolean> {
  let isCreated = false;
  for (const [index, store] of stores.entries()) {
    const storeDb = forTenant(db, store.tenantId);
    if (await hasCasesOrItemTypes(storeDb)) continue;
    await seedStoreCases(storeDb, { ...store, seed: 4242 + index }, now);
    isCreated = true;
  }
  return isCreated;
}
