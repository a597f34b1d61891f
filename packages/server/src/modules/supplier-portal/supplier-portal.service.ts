// The supplier portal: a contact person signed in with a one-time code reads the cases it may
// (participantFilter), answers them, and every read of a case is recorded as a view.
import {
  fieldProblem,
  type TAnswerCaseRequest,
  type TCaseSupplierAnswers,
  type TCompensationModesConfig,
  type TFieldProblem,
  type TPortalCase,
  type TSupplierAnswer,
} from '@claimdesk/contracts';
import type { AppDeps } from '../../app-deps';
import { forbidden, invalidFields, notFound } from '../../lib/app-error';
import type { TenantDb } from '../../db/tenant-db';
import type { AuthContext } from '../../auth-context';
import { addTimeline, caseExists, lockCase } from '../cases/cases.repository';
import { notifyLive } from '../cases/live-notify.repository';
import { resolveCompanyConfig, resolveStoreConfig } from '../settings/store-config.repository';
import { answerSummary } from './answer-summary';
import {
  findPortalContact,
  readPortalCase,
  supplierModesOf,
  type PortalCaseCore,
} from './portal-cases.repository';
import { postContactMail } from './portal-mail';
import { insertAnswer, listAnswers, recordView, viewSummary } from './supplier-answers.repository';

/** The email of a one-time-code sign-in; the portal is not for staff (403). */
export function portalEmail(auth: AuthContext): string {
  if (auth.grantType !== 'otp')
    throw forbidden('The supplier portal is for contact persons signed in with a code');
  return auth.username.toLowerCase();
}

async function storeLanguage(deps: AppDeps, tenantId: string): Promise<string> {
  return (await deps.stores.get(tenantId))?.language ?? 'en';
}

/** The supplier's compensation modes, else the (store's or company's) compensation-modes document. */
async function answerModes(db: TenantDb, found: PortalCaseCore): Promise<string[]> {
  const own = await supplierModesOf(db, found);
  if (own.length > 0) return own;
  const config = (
    found.companySupplierId !== null
      ? await resolveCompanyConfig(db, 'compensation-modes')
      : await resolveStoreConfig(db, 'compensation-modes')
  ) as TCompensationModesConfig;
  return config.map((o) => o.value);
}

async function costCurrencies(db: TenantDb): Promise<{ defaultCurrency: string; currencies: string[] }> {
  const form = await resolveStoreConfig(db, 'cost-form');
  return { defaultCurrency: form.defaultCurrency, currencies: form.currencies };
}

async function readableCase(deps: AppDeps, db: TenantDb, id: number, email: string) {
  const found = await readPortalCase(db, id, email, await storeLanguage(deps, db.tenantId));
  if (!found) throw notFound('Case');
  return found;
}

/**
 * A case the reader may answer and write on: one of its own supplier's (403 on a case it only
 * takes part in, 404 on one it may not read).
 */
export async function answerableCase(deps: AppDeps, db: TenantDb, id: number, email: string) {
  const found = await readableCase(deps, db, id, email);
  if (!found.isCaseSupplier)
    throw forbidden("Only a contact person of the case's supplier answers or writes here");
  return found;
}

/** A case as the portal shows it; the read is recorded as the contact's view of the case. */
export async function getPortalCase(deps: AppDeps, auth: AuthContext, id: number): Promise<TPortalCase> {
  const email = portalEmail(auth);
  const found = await readableCase(deps, auth.db, id, email);
  await recordView(auth.db, id, email);
  const [compensationModes, { defaultCurrency }, answers] = await Promise.all([
    answerModes(auth.db, found),
    costCurrencies(auth.db),
    listAnswers(auth.db, id),
  ]);
  const { internalSupplierId: _i, companySupplierId: _c, isCaseSupplier, ...shown } = found;
  return { ...shown, canAnswer: isCaseSupplier, compensationModes, currency: defaultCurrency, answers };
}

/**
 * Stores a contact person's answer, puts it on the case's timeline and tells the store's open
 * screens (the assignee's among them) that the case changed. 400 on a compensation mode the
 * supplier does not take or a currency the store does not.
 */
export async function answerCase(
  deps: AppDeps,
  auth: AuthContext,
  id: number,
  body: TAnswerCaseRequest,
): Promise<TSupplierAnswer> {
  const email = portalEmail(auth);
  const found = await answerableCase(deps, auth.db, id, email);
  const isDeclined = body.outcome === 'declined';
  const [modes, money] = await Promise.all([answerModes(auth.db, found), costCurrencies(auth.db)]);
  const problems: Record<string, TFieldProblem> = {};
  const mode = body.compensationMode ?? null;
  if (mode !== null && !modes.includes(mode)) {
    problems.compensationMode = fieldProblem(
      'not_an_option',
      `"${mode}" is not one of the supplier's compensation modes`,
      {
        value: mode,
      },
    );
  }
  const amountMinor = isDeclined ? null : (body.amountMinor ?? null);
  const currency = amountMinor === null ? null : (body.currency ?? money.defaultCurrency);
  if (currency !== null && currency !== money.defaultCurrency && !money.currencies.includes(currency)) {
    problems.currency = fieldProblem('not_an_option', `This store does not take ${currency}`, {
      value: currency,
    });
  }
  if (Object.keys(problems).length > 0) throw invalidFields('The answer is not valid', problems);
  const [contact, language] = await Promise.all([
    findPortalContact(auth.db, email),
    storeLanguage(deps, auth.tenantId),
  ]);

  return auth.db.transaction(async (tx) => {
    // Serialises with the staff's writes on the case (and a case deleted meanwhile is a 404).
    if (!(await lockCase(tx, id))) throw notFound('Case');
    const answer = await insertAnswer(tx, {
      caseId: id,
      outcome: body.outcome,
      compensationMode: isDeclined ? null : mode,
      amountMinor,
      currency,
      creditNoteNumber: isDeclined ? null : (body.creditNoteNumber ?? null),
      note: body.note ?? null,
      answeredBy: email,
    });
    const change = (field: string, to: unknown) => ({ field: `supplierAnswer.${field}`, from: null, to });
    await addTimeline(tx, id, {
      kind: 'supplier-answer',
      actor: email,
      changes: [
        change('outcome', answer.outcome),
        ...(answer.compensationMode ? [change('compensationMode', answer.compensationMode)] : []),
        ...(answer.amountMinor !== null
          ? [change('amount', `${String(answer.amountMinor)} ${answer.currency ?? ''}`.trim())]
          : []),
        ...(answer.creditNoteNumber ? [change('creditNoteNumber', answer.creditNoteNumber)] : []),
      ],
    });
    // The answer also reads in the case's supplier lane as a mail in from the contact: the case
    // counts it unread and its assignee is notified, as for an answer that came by mail.
    await postContactMail(tx, {
      caseId: id,
      caseNumber: found.caseNumber,
      email,
      fullName: contact.fullName,
      text: answerSummary(answer, language),
    });
    await notifyLive(tx, { EVENT: 'CASE_UPDATED', meta: { caseId: id } });
    return answer;
  });
}

/** The supplier's answers to a case and the views of it, for the store's staff. */
export async function caseSupplierAnswers(auth: AuthContext, id: number): Promise<TCaseSupplierAnswers> {
  if (!(await caseExists(auth.db, id))) throw notFound('Case');
  const [answers, views] = await Promise.all([listAnswers(auth.db, id), viewSummary(auth.db, id)]);
  return { answers, views };
}
