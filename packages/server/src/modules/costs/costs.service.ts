// A case's costs: the checks against the store's cost form and rate table, the arithmetic, the
// lock while the case is archived, and a timeline entry for every change, each write in one
// transaction with the case row locked, so nothing is ever half saved.
import {
  fieldProblem,
  type TCaseCosts,
  type TCostFormConfig,
  type TCostLineInput,
  type TCreateCreditNoteRequest,
  type TFieldProblem,
  type TUpdateCostLineRequest,
  type TUpdateRecoveryRequest,
} from '@claimdesk/contracts';
import { COST_LIMITS, ZCostLineInput, ZCreateCreditNoteRequest } from '@claimdesk/contracts';
import type { TenantDb } from '../../db/tenant-db';
import { AppError, forbidden, invalidFields, notFound } from '../../lib/app-error';
import type { AuthContext } from '../../auth-context';
import { loadFeatures } from '../cases/case-config';
import { addTimeline } from '../cases/cases.repository';
import { notifyLive } from '../cases/live-notify.repository';
import { resolveStoreConfig } from '../settings/store-config.repository';
import { personNames } from '../users/person-names.repository';
import { recoveryOf, showMinor, toStoreMinor, totalsOf, vatSplit } from './cost-amounts';
import * as repo from './costs.repository';

/** The store's cost form, once cost registration is known to be on; 403 when it is off. */
export async function costForm(db: TenantDb): Promise<TCostFormConfig> {
  const [features, form] = await Promise.all([loadFeatures(db), resolveStoreConfig(db, 'cost-form')]);
  if (!features.costReg) throw forbidden('Cost registration (costReg) is off in this store');
  return form;
}

async function caseOrNotFound(db: TenantDb, caseId: number, lock = false): Promise<repo.CostCase> {
  const found = await repo.findCostCase(db, caseId, lock);
  if (!found) throw notFound('Case');
  return found;
}

/** The case's costs as every read and write answers them. */
async function summary(db: TenantDb, form: TCostFormConfig, theCase: repo.CostCase): Promise<TCaseCosts> {
  const [lineRows, noteRows, recovery] = await Promise.all([
    repo.listCostRows(db, theCase.id),
    repo.listCreditNoteRows(db, theCase.id),
    repo.findRecovery(db, theCase.id),
  ]);
  const names = await personNames(
    db,
    lineRows.map((r) => r.createdBy),
  );
  const lines = lineRows.map((r) => repo.toCostLine(r, names));
  const creditNotes = noteRows.map(repo.toCreditNote);
  return {
    caseId: theCase.id,
    storeCurrency: form.defaultCurrency,
    isLocked: theCase.isArchived,
    lines,
    creditNotes,
    totals: totalsOf(lines),
    recovery: recoveryOf(lines, creditNotes, recovery, theCase),
  };
}

export async function getCaseCosts(auth: AuthContext, caseId: number): Promise<TCaseCosts> {
  const form = await costForm(auth.db);
  return summary(auth.db, form, await caseOrNotFound(auth.db, caseId));
}

/**
 * Runs `work` on the locked case in a transaction and answers the costs after it; an archived
 * case is 409, a case with too many entries too when `adds`.
 */
async function write(
  auth: AuthContext,
  caseId: number,
  work: (tx: TenantDb, form: TCostFormConfig) => Promise<void>,
  adds = false,
): Promise<TCaseCosts> {
  const form = await costForm(auth.db);
  return auth.db.transaction(async (tx) => {
    const theCase = await caseOrNotFound(tx, caseId, true);
    if (theCase.isArchived) {
      throw new AppError('CONFLICT', 'This case is archived: reopen it to change its costs');
    }
    if (adds && (await repo.entryCount(tx, caseId)) >= COST_LIMITS.linesPerCase) {
      throw new AppError(
        'CONFLICT',
        `A case holds at most ${String(COST_LIMITS.linesPerCase)} costs and credit notes`,
      );
    }
    await work(tx, form);
    // Another person's open case page shows the new costs and timeline at once.
    await notifyLive(tx, { EVENT: 'CASE_UPDATED', meta: { caseId } });
    return summary(tx, form, theCase);
  });
}

/** The rate of a currency on a date: 1 for the store's own; a missing rate is a 400 on `field`. */
async function rateFor(
  tx: TenantDb,
  form: TCostFormConfig,
  currency: string,
  date: string,
  problems: Record<string, TFieldProblem>,
): Promise<string> {
  if (currency === form.defaultCurrency) return '1';
  if (!form.currencies.includes(currency)) {
    problems.currency = fieldProblem('not_an_option', `This store does not take ${currency}`, {
      value: currency,
    });
    return '1';
  }
  const rate = await repo.rateOn(tx, currency, date);
  if (rate === null) {
    problems.currency = fieldProblem(
      'invalid',
      `No exchange rate for ${currency} on or before ${date}: an administrator adds it under Exchange rates`,
    );
    return '1';
  }
  return rate;
}

/** A line's columns from the form's input, or a 400 naming every field that does not fit. */
async function lineColumns(tx: TenantDb, form: TCostFormConfig, input: TCostLineInput, actor: string) {
  const line = ZCostLineInput.parse(input);
  const problems: Record<string, TFieldProblem> = {};
  if (!form.costTypes.some((o) => o.value === line.costType)) {
    problems.costType = fieldProblem('not_an_option', `Not a cost type of this store: ${line.costType}`, {
      value: line.costType,
    });
  }
  if (!form.vatRates.includes(line.vatRate)) {
    problems.vatRate = fieldProblem(
      'not_an_option',
      `Not a VAT rate of this store: ${String(line.vatRate)}`,
      {
        value: line.vatRate,
      },
    );
  }
  const rate = await rateFor(tx, form, line.currency, line.costDate, problems);
  const amounts = vatSplit(line.amountMinor, line.amountIncludesVat, line.vatRate);
  const grossStoreMinor = toStoreMinor(amounts.grossMinor, rate);
  if (!problems.currency && grossStoreMinor > COST_LIMITS.amountMinor) {
    problems.amountMinor = fieldProblem('too_big', 'Too large in the store’s currency', {
      max: COST_LIMITS.amountMinor,
    });
  }
  if (Object.keys(problems).length > 0) throw invalidFields('Some fields are not valid', problems);
  return {
    costType: line.costType,
    currency: line.currency,
    exchangeRate: rate,
    storeCurrency: form.defaultCurrency,
    ...amounts,
    vatRate: String(line.vatRate),
    grossStoreMinor,
    netStoreMinor: toStoreMinor(amounts.netMinor, rate),
    costDate: line.costDate,
    note: line.note,
    paidBy: line.paidBy,
    updatedBy: actor,
  };
}

const describeLine = (l: { costType: string; grossMinor: number; currency: string; paidBy: string }) =>
  `${l.costType}: ${showMinor(l.grossMinor, l.currency)} (${l.paidBy})`;

export const addCostLine = (auth: AuthContext, caseId: number, input: TCostLineInput) =>
  write(
    auth,
    caseId,
    async (tx, form) => {
      const columns = await lineColumns(tx, form, input, auth.username);
      await repo.insertCost(tx, caseId, { ...columns, createdBy: auth.username });
      await addTimeline(tx, caseId, {
        kind: 'costs',
        actor: auth.username,
        changes: [{ field: 'costs.line', from: null, to: describeLine(columns) }],
      });
    },
    true,
  );

export const updateCostLine = (
  auth: AuthContext,
  caseId: number,
  costId: number,
  input: TUpdateCostLineRequest,
) =>
  write(auth, caseId, async (tx, form) => {
    const before = await repo.findCostRow(tx, caseId, costId);
    if (!before) throw notFound('Cost line');
    if (before.version !== input.version) {
      throw new AppError('CONFLICT', 'Someone changed this cost line since you opened it: reload it');
    }
    const columns = await lineColumns(tx, form, input, auth.username);
    await repo.updateCost(tx, caseId, costId, columns);
    await addTimeline(tx, caseId, {
      kind: 'costs',
      actor: auth.username,
      changes: [{ field: 'costs.line', from: describeLine(before), to: describeLine(columns) }],
    });
  });

export const deleteCostLine = (auth: AuthContext, caseId: number, costId: number) =>
  write(auth, caseId, async (tx) => {
    const removed = await repo.deleteCost(tx, caseId, costId);
    if (!removed) throw notFound('Cost line');
    await addTimeline(tx, caseId, {
      kind: 'costs',
      actor: auth.username,
      changes: [{ field: 'costs.line', from: describeLine(removed), to: null }],
    });
  });

export const addCreditNote = (auth: AuthContext, caseId: number, input: TCreateCreditNoteRequest) =>
  write(
    auth,
    caseId,
    async (tx, form) => {
      const note = ZCreateCreditNoteRequest.parse(input);
      const problems: Record<string, TFieldProblem> = {};
      const rate = await rateFor(tx, form, note.currency, note.noteDate, problems);
      if (Object.keys(problems).length > 0) throw invalidFields('Some fields are not valid', problems);
      const saved = await repo.insertCreditNote(tx, caseId, {
        ...note,
        exchangeRate: rate,
        storeCurrency: form.defaultCurrency,
        amountStoreMinor: toStoreMinor(note.amountMinor, rate),
        createdBy: auth.username,
      });
      if (!saved) {
        const message = `This case has a credit note numbered ${note.number} already`;
        throw new AppError('CONFLICT', message, { number: message });
      }
      await addTimeline(tx, caseId, {
        kind: 'costs',
        actor: auth.username,
        changes: [
          {
            field: 'costs.creditNote',
            from: null,
            to: `${note.number}: ${showMinor(note.amountMinor, note.currency)}`,
          },
        ],
      });
    },
    true,
  );

export const deleteCreditNote = (auth: AuthContext, caseId: number, noteId: number) =>
  write(auth, caseId, async (tx) => {
    const removed = await repo.deleteCreditNote(tx, caseId, noteId);
    if (!removed) throw notFound('Credit note');
    await addTimeline(tx, caseId, {
      kind: 'costs',
      actor: auth.username,
      changes: [
        {
          field: 'costs.creditNote',
          from: `${removed.number}: ${showMinor(removed.amountMinor, removed.currency)}`,
          to: null,
        },
      ],
    });
  });

export const updateRecovery = (auth: AuthContext, caseId: number, input: TUpdateRecoveryRequest) =>
  write(auth, caseId, async (tx, form) => {
    const before = await repo.findRecovery(tx, caseId);
    const next = {
      expectedCreditMinor: input.expectedCreditMinor,
      isWrittenOff: input.isWrittenOff,
      writeOffReason: input.isWrittenOff ? (input.writeOffReason ?? null) : null,
    };
    await repo.saveRecovery(tx, caseId, { ...next, updatedBy: auth.username });
    const show = (minor: number | null | undefined) =>
      minor == null ? null : showMinor(minor, form.defaultCurrency);
    const changes = [
      {
        field: 'costs.expectedCredit',
        from: show(before?.expectedCreditMinor),
        to: show(next.expectedCreditMinor),
      },
      {
        field: 'costs.writeOff',
        from: before?.isWrittenOff ? before.writeOffReason : null,
        to: next.writeOffReason,
      },
    ].filter((c) => c.from !== c.to);
    if (changes.length > 0) await addTimeline(tx, caseId, { kind: 'costs', actor: auth.username, changes });
  });
