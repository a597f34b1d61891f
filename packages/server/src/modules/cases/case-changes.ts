import { STATUS_DIMENSIONS, type TCaseItemInput, type TTimelineEntry } from '@claimdesk/contracts';
import type { CaseState } from './case-validation';
import { valueOf } from './case-validation';

type Changes = TTimelineEntry['changes'];

const SCALAR_KEYS = [
  'status',
  'assignee',
  'customer.name',
  'customer.email',
  'customer.phone',
  'customer.address',
  'orderReference',
  'purchaseDate',
  'supplierName',
  'supplierId',
  'description',
  ...STATUS_DIMENSIONS,
] as const;

/** An item as the timeline records it (its id and position are not news). */
export const itemSnapshot = (item: Omit<TCaseItemInput, 'id'>) => ({
  productName: item.productName,
  sku: item.sku ?? null,
  quantity: item.quantity,
  itemTypeId: item.itemTypeId ?? null,
  faultDescription: item.faultDescription ?? null,
  // Only when there is one: entries written before serial numbers existed compare the same.
  ...(item.serialNumber ? { serialNumber: item.serialNumber } : {}),
});

/** A value as compared: undefined and '' count as null, also inside items and objects (keys sorted). */
const blankAsNull = (value: unknown): unknown => {
  if (value === undefined || value === '') return null;
  if (Array.isArray(value)) return value.map(blankAsNull);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, blankAsNull(v)]),
    );
  return value;
};

/** Equal once blanks are null: a save that turns '' into null (or back) changes nothing a person sees. */
const same = (a: unknown, b: unknown) => JSON.stringify(blankAsNull(a)) === JSON.stringify(blankAsNull(b));

/** The changed fields between two states of a case, by form key, each with its value before and after. */
export function diffCase(
  before: CaseState & { items: TCaseItemInput[] },
  after: CaseState & { items: TCaseItemInput[] },
): Changes {
  const changes: Changes = [];
  for (const key of SCALAR_KEYS) {
    const from = valueOf(before, key) ?? null;
    const to = valueOf(after, key) ?? null;
    if (!same(from, to)) changes.push({ field: key, from, to });
  }
  const names = new Set([...Object.keys(before.customFields), ...Object.keys(after.customFields)]);
  for (const name of [...names].sort()) {
    const from = before.customFields[name] ?? null;
    const to = after.customFields[name] ?? null;
    if (!same(from, to)) changes.push({ field: `custom.${name}`, from, to });
  }
  const itemsBefore = before.items.map(itemSnapshot);
  const itemsAfter = after.items.map(itemSnapshot);
  if (!same(itemsBefore, itemsAfter)) changes.push({ field: 'items', from: itemsBefore, to: itemsAfter });
  return changes;
}
