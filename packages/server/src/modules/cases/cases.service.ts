import type { TCase, TCreateCaseRequest, TUpdateCaseRequest, TTimelineEntry } from '@claimdesk/contracts';
import type { AppDeps } from '../../app-deps';
import type { TenantDb } from '../../db/tenant-db';
import { AppError, notFound } from '../../lib/app-error';
import type { AuthContext } from '../../auth-context';
import { notifyLive, type LiveEvent } from './live-notify.repository';
import { caseReader } from './case-access';
import { diffCase } from './case-changes';
import { loadWorkflow, type WorkflowConfig } from './case-config';
import { isStoreUser } from './assignees.repository';
import { refreshCaseSearch } from './case-search.repository';
import { validateCase, type CaseState } from './case-validation';
import * as repo from './cases.repository';

export const CONFLICT_MESSAGE = 'This case was changed by someone else; reload it to see their changes';

type FullState = CaseState;

/** What a new case is compared with: its timeline's first entry lists every field it was given. */
const EMPTY_STATE: FullState = {
  status: '',
  assignee: null,
  customer: { name: '' },
  customFields: {},
  items: [],
};

const ALL_FIELDS: ReadonlySet<string> = new Set([
  'status',
  'customFields',
  'statusClaim',
  'statusCreditNote',
  'statusCustomer',
  'statusWareHouse',
]);

function stateOf(row: repo.CaseRow, items: repo.ItemRow[]): FullState {
  return {
    ...repo.caseFieldsOf(row),
    items: items.map((i) => ({
      id: i.id,
      itemTypeId: i.itemTypeId,
      productName: i.productName,
      sku: i.sku,
      quantity: i.quantity,
      faultDescription: i.faultDescription,
      serialNumber: i.serialNumber,
    })),
  };
}

/** The columns of a case state. */
function columnsOf(state: FullState) {
  return {
    status: state.status,
    assignee: state.assignee,
    customerName: state.customer.name,
    customerEmail: state.customer.email ?? null,
    customerPhone: state.customer.phone ?? null,
    customerAddress: state.customer.address ?? null,
    orderReference: state.orderReference ?? null,
    purchaseDate: state.purchaseDate ?? null,
    supplierName: state.supplierName ?? null,
    description: state.description ?? null,
    statusClaim: state.statusClaim ?? null,
    statusCreditNote: state.statusCreditNote ?? null,
    statusCustomer: state.statusCustomer ?? null,
    statusWareHouse: state.statusWareHouse ?? null,
    customFields: state.customFields,
    itemsSummary: state.items.map((i) => i.productName).join(', '),
  };
}

const isClosedStatus = (config: WorkflowConfig, status: string) =>
  config.statusOptions.statuses.some((s) => s.value === status && s.isClosed);

/** The assignee must be a user of this store; item types this store's and enabled (unless kept). */
async function assertReferences(tx: TenantDb, state: FullState, before: FullState | null): Promise<void> {
  const errors: Record<string, string> = {};
  if (state.assignee && state.assignee !== before?.assignee) {
    if (!(await isStoreUser(tx, state.assignee)))
      errors.assignee = `${state.assignee} is not a user of this store`;
  }
  const beforeItems = new Map((before?.items ?? []).map((i) => [i.id, i]));
  const typeIds = state.items.flatMap((i) => (i.itemTypeId ? [i.itemTypeId] : []));
  const usable = await repo.usableItemTypeIds(tx, typeIds);
  state.items.forEach((item, index) => {
    const old = item.id === undefined ? undefined : beforeItems.get(item.id);
    if (item.id !== undefined && !old) errors[`items.${index}.id`] = 'This item is not part of the case';
    const isKept = old && old.itemTypeId === item.itemTypeId;
    if (item.itemTypeId && !isKept && !usable.has(item.itemTypeId)) {
      errors[`items.${index}.itemTypeId`] = 'Unknown or disabled item type';
    }
  });
  if (Object.keys(errors).length > 0) {
    const [first] = Object.entries(errors);
    throw new AppError('VALIDATION_FAILED', first ? `${first[0]}: ${first[1]}` : 'Not valid', errors);
  }
}

async function storeLanguage(deps: AppDeps, tenantId: string): Promise<string> {
  return (await deps.stores.get(tenantId))?.language ?? 'en';
}

/**
 * The case as its reader may see it, as the JSON of the contract's case (TCase), written by its
 * query; 404 when it does not exist in this store (or is not theirs).
 */
export async function getCaseJson(deps: AppDeps, auth: AuthContext, id: number): Promise<string> {
  const found = await repo.readCaseJson(
    auth.db,
    id,
    caseReader(auth),
    await storeLanguage(deps, auth.tenantId),
  );
  if (!found) throw notFound('Case');
  return found;
}

/** The case with this number (the one people see), as getCaseJson reads it; 404 as there. */
export async function getCaseJsonByNumber(
  deps: AppDeps,
  auth: AuthContext,
  caseNumber: number,
): Promise<string> {
  const id = await repo.caseIdByNumber(auth.db, caseNumber, caseReader(auth));
  if (id === null) throw notFound('Case');
  return getCaseJson(deps, auth, id);
}

/** The case as getCaseJson reads it, as a value: what a write answers. */
export async function getCase(deps: AppDeps, auth: AuthContext, id: number): Promise<TCase> {
  return JSON.parse(await getCaseJson(deps, auth, id)) as TCase;
}

/**
 * `within` runs in the create's transaction once the case is written (a mail mapped onto the
 * new case): if it throws, the case and its number are rolled back with it.
 */
export async function createCase(
  deps: AppDeps,
  auth: AuthContext,
  input: TCreateCaseRequest,
  within?: (tx: TenantDb, caseId: number) => Promise<void>,
): Promise<TCase> {
  const config = await loadWorkflow(auth.db, input.workFlow, 'body');
  const state: FullState = {
    status: input.status ?? config.statusOptions.initial,
    assignee: input.assignee ?? null,
    customer: input.customer,
    orderReference: input.orderReference ?? null,
    purchaseDate: input.purchaseDate ?? null,
    supplierName: input.supplierName ?? null,
    supplierId: input.supplierId ?? null,
    description: input.description ?? null,
    statusClaim: input.statusClaim ?? null,
    statusCreditNote: input.statusCreditNote ?? null,
    statusCustomer: input.statusCustomer ?? null,
    statusWareHouse: input.statusWareHouse ?? null,
    customFields: input.customFields ?? {},
    items: (input.items ?? []).map(({ id: _id, ...item }) => item),
  };
  validateCase(config, state, ALL_FIELDS);
  const id = await auth.db.transaction(async (tx) => {
    const supplier = await deps.caseWings.applySupplier(tx, state, null);
    const row = await repo.insertCase(tx, {
      ...columnsOf(state),
      ...supplier,
      workFlow: input.workFlow,
      createdBy: auth.username,
      closedAt: isClosedStatus(config, state.status) ? new Date() : null,
    });
    // Checked after the insert on purpose: a refusal rolls the case and its number back.
    await assertReferences(tx, state, null);
    await repo.replaceItems(tx, row.id, state.items);
    await refreshCaseSearch(tx, row.id);
    const changes = diffCase(EMPTY_STATE, state);
    await repo.addTimeline(tx, row.id, { kind: 'created', actor: auth.username, changes });
    if (within) await within(tx, row.id);
    await notifyCaseChanged(tx, row, false);
    return row.id;
  });
  return getCase(deps, auth, id);
}

/**
 * Applies `change` to a live case under its row lock: 404 when gone, 409 when `version` is not
 * the stored one, 400 when the result breaks the workflow's configuration. Writes the row, its
 * items and search vector, and one timeline entry, in one transaction; a change that changes
 * nothing writes nothing.
 */
async function changeCase(
  deps: AppDeps,
  auth: AuthContext,
  id: number,
  version: number,
  kind: TTimelineEntry['kind'],
  change: (
    before: FullState,
    row: repo.CaseRow,
    config: WorkflowConfig,
  ) => {
    state: FullState;
    changed: ReadonlySet<string>;
    extra?: Partial<repo.NewCase>;
    extraChanges?: TTimelineEntry['changes'];
  },
): Promise<TCase> {
  const workFlow = await repo.workflowOf(auth.db, id);
  if (workFlow === null) throw notFound('Case');
  const config = await loadWorkflow(auth.db, workFlow, 'existing');
  await auth.db.transaction(async (tx) => {
    const row = await repo.lockCase(tx, id);
    if (!row) throw notFound('Case');
    if (row.version !== version)
      throw new AppError('CONFLICT', CONFLICT_MESSAGE, { version: CONFLICT_MESSAGE });
    const before = stateOf(row, await repo.listItems(tx, id));
    const { state, changed, extra, extraChanges = [] } = change(before, row, config);
    validateCase(config, state, changed);
    await assertReferences(tx, state, before);
    const supplier = await deps.caseWings.applySupplier(tx, state, before);
    const changes = [...diffCase(before, state), ...extraChanges];
    if (changes.length === 0) return;
    const closedAt =
      state.status === before.status
        ? row.closedAt
        : isClosedStatus(config, state.status)
          ? (row.closedAt ?? new Date())
          : row.isArchived
            ? row.closedAt
            : null;
    await repo.updateCaseRow(tx, id, { ...columnsOf(state), ...supplier, closedAt, ...extra });
    if (changed.has('items')) await repo.replaceItems(tx, id, state.items);
    await refreshCaseSearch(tx, id);
    await repo.addTimeline(tx, id, { kind, actor: auth.username, changes });
    // Archiving and reopening move the case's mails between the open and the archive badges.
    await notifyCaseChanged(tx, row, kind === 'archived' || kind === 'reopened');
  });
  return getCase(deps, auth, id);
}

/**
 * Tells the browsers, when the change commits, that the case changed; and that the store's mail
 * counts did when the case leaves or changes list with mails to count.
 */
async function notifyCaseChanged(tx: TenantDb, row: repo.CaseRow, movesCounts: boolean): Promise<void> {
  const events: LiveEvent[] = [{ EVENT: 'CASE_UPDATED', meta: { caseId: row.id } }];
  if (movesCounts && (row.unreadMailCount > 0 || row.sendPendingMailCount > 0))
    events.push({ EVENT: 'MAIL_COUNT_UPDATED', meta: {} });
  await notifyLive(tx, ...events);
}

export function updateCase(deps: AppDeps, auth: AuthContext, id: number, input: TUpdateCaseRequest) {
  const { version, ...fields } = input;
  return changeCase(deps, auth, id, version, 'updated', (before) => ({
    state: {
      ...before,
      ...fields,
      customer: fields.customer ?? before.customer,
      customFields: fields.customFields ?? before.customFields,
      items: fields.items ?? before.items,
    },
    changed: new Set(Object.keys(fields)),
  }));
}

export function changeStatus(deps: AppDeps, auth: AuthContext, id: number, status: string, version: number) {
  return changeCase(deps, auth, id, version, 'status', (before) => ({
    state: { ...before, status },
    changed: new Set(['status']),
  }));
}

export function assignCase(
  deps: AppDeps,
  auth: AuthContext,
  id: number,
  assignee: string | null,
  version: number,
) {
  return changeCase(deps, auth, id, version, 'assigned', (before) => ({
    state: { ...before, assignee },
    changed: new Set(['assignee']),
  }));
}

export function archiveCase(deps: AppDeps, auth: AuthContext, id: number, version: number) {
  return changeCase(deps, auth, id, version, 'archived', (before, row) => {
    if (row.isArchived) throw new AppError('CONFLICT', 'This case is already in the archive');
    return {
      state: before,
      changed: new Set(),
      extra: { isArchived: true, closedAt: row.closedAt ?? new Date() },
      extraChanges: [{ field: 'isArchived', from: false, to: true }],
    };
  });
}

/** Back to the open list; a case in a closed status starts again at the workflow's first status. */
export function reopenCase(deps: AppDeps, auth: AuthContext, id: number, version: number) {
  return changeCase(deps, auth, id, version, 'reopened', (before, row, config) => {
    if (!row.isArchived) throw new AppError('CONFLICT', 'This case is already open');
    const status = isClosedStatus(config, before.status) ? config.statusOptions.initial : before.status;
    return {
      state: { ...before, status },
      changed: new Set(),
      extra: { isArchived: false, closedAt: isClosedStatus(config, status) ? row.closedAt : null },
      extraChanges: [{ field: 'isArchived', from: true, to: false }],
    };
  });
}

/** Soft delete: the case leaves every list and read; its row and timeline stay. */
export async function deleteCase(deps: AppDeps, auth: AuthContext, id: number): Promise<void> {
  await auth.db.transaction(async (tx) => {
    const row = await repo.lockCase(tx, id);
    if (!row) throw notFound('Case');
    await repo.updateCaseRow(tx, id, { deletedAt: new Date() });
    await repo.addTimeline(tx, id, {
      kind: 'deleted',
      actor: auth.username,
      changes: [{ field: 'deletedAt', from: null, to: new Date().toISOString() }],
    });
    await notifyCaseChanged(tx, row, true);
  });
}
