// Demo-store's costs: an exchange-rate table (EUR, SEK, DKK by month), cost lines on its claims
// that have a supplier, credit notes in every recovery state, and a write-off, so that the costs
// tab, its totals and the supplier figures show real numbers on a fresh start.
import { DEFAULT_COST_FORM, type TCostPayer } from '@claimdesk/contracts';
import type { Db } from '../db/client';
import { forTenant, type TenantDb } from '../db/tenant-db';
import { showMinor, toStoreMinor, vatSplit } from '../modules/costs/cost-amounts';
import { insertCost, insertCreditNote, rateOn, saveRecovery } from '../modules/costs/costs.repository';
import { insertDemoCostTimeline, insertDemoRates, listClaimsWithSuppliers } from './demo-costs.repository';

/** Monthly rates into NOK (rounded to the Norwegian central bank's level), from January 2025. */
const RATES: Record<string, number> = { EUR: 11.65, SEK: 1.005, DKK: 1.562 };

const today = () => new Date().toISOString().slice(0, 10);
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const earliest = (a: string, b: string) => (a < b ? a : b);

async function seedRates(db: TenantDb, actor: string): Promise<void> {
  const rows = [];
  for (let month = 0; month < 24; month += 1) {
    const rateDate = `${String(2025 + Math.floor(month / 12))}-${String((month % 12) + 1).padStart(2, '0')}-01`;
    if (rateDate > today()) break;
    for (const [currency, base] of Object.entries(RATES)) {
      // A small, repeatable drift from month to month.
      const rate = (base * (1 + (((month * 7 + currency.length) % 9) - 4) / 400)).toFixed(6);
      rows.push({ currency, rateDate, rate, updatedBy: actor });
    }
  }
  await insertDemoRates(db, rows);
}

interface DemoLine {
  costType: string;
  amountMinor: number;
  currency: string;
  vatRate: number;
  paidBy: TCostPayer;
  afterDays: number;
  note: string | null;
}

/** The lines of the n-th costed claim: freight and the repair or replacement the supplier owes, and sometimes more. */
function linesOf(n: number): DemoLine[] {
  const lines: DemoLine[] = [
    {
      costType: 'shipping',
      amountMinor: 14_900 + (n % 5) * 2_000,
      currency: 'NOK',
      vatRate: 25,
      paidBy: 'supplier',
      afterDays: 2,
      note: 'Return freight to supplier',
    },
  ];
  if (n % 3 === 0) {
    lines.push({
      costType: 'repair',
      amountMinor: 45_000 + (n % 7) * 5_500,
      currency: 'EUR',
      vatRate: 0,
      paidBy: 'supplier',
      afterDays: 9,
      note: 'Workshop invoice',
    });
  } else if (n % 3 === 1) {
    lines.push({
      costType: 'replacement',
      amountMinor: 129_000 + (n % 4) * 30_000,
      currency: 'NOK',
      vatRate: 25,
      paidBy: 'supplier',
      afterDays: 5,
      note: 'Replacement handed to the customer',
    });
  } else {
    lines.push({
      costType: 'refund',
      amountMinor: 79_900 + (n % 6) * 10_000,
      currency: n % 2 === 0 ? 'SEK' : 'NOK',
      vatRate: 25,
      paidBy: 'supplier',
      afterDays: 6,
      note: null,
    });
  }
  if (n % 4 === 0) {
    lines.push({
      costType: 'other',
      amountMinor: 9_900,
      currency: 'NOK',
      vatRate: 25,
      paidBy: 'store',
      afterDays: 3,
      note: 'Loan unit for the customer',
    });
  }
  if (n % 10 === 7) {
    lines.push({
      costType: 'shipping',
      amountMinor: 6_900,
      currency: 'NOK',
      vatRate: 25,
      paidBy: 'customer',
      afterDays: 1,
      note: 'Customer’s own freight',
    });
  }
  return lines;
}

/** Credit notes as a share of the expected credit: settled, partly, open, or a write-off. */
const RECOVERY_PLAN = [
  'settled',
  'partly',
  'open',
  'settled',
  'writeOff',
  'partly',
  'settled',
  'open',
] as const;

async function rateOf(db: TenantDb, currency: string, date: string): Promise<string> {
  if (currency === 'NOK') return '1';
  return (await rateOn(db, currency, date)) ?? String(RATES[currency] ?? 1);
}

/** Seeds the rate table and the costs of demo-store's first `count` claims that have a supplier. */
export async function seedDemoCosts(db: Db, tenantId: string, actor: string, count = 40): Promise<void> {
  const store = forTenant(db, tenantId);
  await seedRates(store, actor);
  const claims = await listClaimsWithSuppliers(store, count);
  for (const [n, claim] of claims.entries()) {
    await store.transaction(async (tx) => {
      const opened = claim.createdAt.toISOString().slice(0, 10);
      let supplierPays = 0;
      for (const line of linesOf(n)) {
        const costDate = earliest(addDays(opened, line.afterDays), today());
        const rate = await rateOf(tx, line.currency, costDate);
        const amounts = vatSplit(line.amountMinor, false, line.vatRate);
        const grossStoreMinor = toStoreMinor(amounts.grossMinor, rate);
        if (line.paidBy === 'supplier') supplierPays += grossStoreMinor;
        await insertCost(tx, claim.id, {
          costType: line.costType,
          currency: line.currency,
          exchangeRate: rate,
          storeCurrency: DEFAULT_COST_FORM.defaultCurrency,
          ...amounts,
          vatRate: String(line.vatRate),
          grossStoreMinor,
          netStoreMinor: toStoreMinor(amounts.netMinor, rate),
          costDate,
          note: line.note,
          paidBy: line.paidBy,
          createdBy: actor,
          updatedBy: actor,
        });
        await insertDemoCostTimeline(tx, claim.id, actor, costDate, [
          {
            field: 'costs.line',
            from: null,
            to: `${line.costType}: ${showMinor(amounts.grossMinor, line.currency)} (${line.paidBy})`,
          },
        ]);
      }
      const plan = RECOVERY_PLAN[n % RECOVERY_PLAN.length] ?? 'open';
      const credited =
        plan === 'settled' ? supplierPays : plan === 'partly' ? Math.round(supplierPays * 0.6) : 0;
      if (credited > 0) {
        const noteDate = earliest(addDays(opened, 21), today());
        await insertCreditNote(tx, claim.id, {
          number: `KN-${String(24_000 + n * 7)}`,
          noteDate,
          currency: 'NOK',
          exchangeRate: '1',
          storeCurrency: DEFAULT_COST_FORM.defaultCurrency,
          amountMinor: credited,
          amountStoreMinor: credited,
          note: plan === 'partly' ? 'Freight not covered' : null,
          createdBy: actor,
        });
        await insertDemoCostTimeline(tx, claim.id, actor, noteDate, [
          {
            field: 'costs.creditNote',
            from: null,
            to: `KN-${String(24_000 + n * 7)}: ${showMinor(credited, 'NOK')}`,
          },
        ]);
      }
      if (plan === 'writeOff') {
        const reason = 'The supplier refuses: the warranty ran out before the claim';
        await saveRecovery(tx, claim.id, {
          expectedCreditMinor: null,
          isWrittenOff: true,
          writeOffReason: reason,
          updatedBy: actor,
        });
        await insertDemoCostTimeline(tx, claim.id, actor, earliest(addDays(opened, 30), today()), [
          { field: 'costs.writeOff', from: null, to: reason },
        ]);
      }
    });
  }
}
