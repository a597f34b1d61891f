// Consumer-law deadlines of a claim: one table of the rules, each with its source, and a pure
// function from the purchase date and the store's country to the dates a case shows. The server
// and the web both read it, so a case shows the same dates wherever it is drawn.

/** The countries whose consumer law the table knows (ISO 3166-1 alpha-2). */
export const CONSUMER_LAW_COUNTRIES = ['NO', 'DK', 'DE'] as const;
export type TConsumerLawCountry = (typeof CONSUMER_LAW_COUNTRIES)[number];

export const isConsumerLawCountry = (value: unknown): value is TConsumerLawCountry =>
  typeof value === 'string' && (CONSUMER_LAW_COUNTRIES as readonly string[]).includes(value);

/** A period that applies to purchases made on or after `from` (YYYY-MM-DD); null: always. */
interface DatedPeriod {
  from: string | null;
  months: number;
  source: string;
}

interface CountryRules {
  /** How long after delivery the customer may claim. */
  claimPeriod: { months: number; source: string };
  /** The longer period for goods meant to last much longer than usual (Norway), if the law has one. */
  longLastingClaimPeriod: { months: number; source: string } | null;
  /**
   * How long a defect that shows is presumed present at delivery, so that the store must prove
   * otherwise; the newest period whose `from` the purchase date reaches applies. Newest first.
   */
  burdenOfProof: DatedPeriod[];
  /** The store's own claim against its supplier, where the law ties it to the consumer's claim. */
  supplierRecourse: { monthsAfterCustomerSatisfied: number; source: string } | null;
}

/**
 * The rules, with the statute each one comes from. The purchase date stands for the delivery
 * date, from which the laws count. A deadline counted in months or years ends on the day with
 * the same number in the last month, or on that month's last day when it has no such day
 * (BGB § 188 (2)-(3); the same reckoning in Norway and Denmark).
 */
export const CONSUMER_LAW_RULES: Record<TConsumerLawCountry, CountryRules> = {
  NO: {
    claimPeriod: { months: 24, source: 'Forbrukerkjøpsloven § 27 (1), first sentence: 2 years' },
    longLastingClaimPeriod: {
      months: 60,
      source:
        'Forbrukerkjøpsloven § 27 (1), second sentence: 5 years for goods meant to last considerably longer',
    },
    burdenOfProof: [
      {
        from: '2024-01-01',
        months: 24,
        source: 'Forbrukerkjøpsloven § 18 (2) as amended from 1 January 2024: 2 years',
      },
      { from: null, months: 6, source: 'Forbrukerkjøpsloven § 18 (2) before 1 January 2024: 6 months' },
    ],
    supplierRecourse: null,
  },
  DK: {
    claimPeriod: { months: 24, source: 'Købeloven § 83 (1): 2 years' },
    longLastingClaimPeriod: null,
    burdenOfProof: [
      {
        from: '2022-01-01',
        months: 12,
        source: 'Købeloven § 77 b (1) as amended from 1 January 2022: 1 year',
      },
      { from: null, months: 6, source: 'Købeloven § 77 a (1) before 1 January 2022: 6 months' },
    ],
    supplierRecourse: null,
  },
  DE: {
    claimPeriod: { months: 24, source: 'BGB § 438 (1) no. 3: 2 years' },
    longLastingClaimPeriod: null,
    burdenOfProof: [
      { from: '2022-01-01', months: 12, source: 'BGB § 477 (1) from 1 January 2022: 1 year' },
      { from: null, months: 6, source: 'BGB § 477 before 1 January 2022: 6 months' },
    ],
    supplierRecourse: {
      monthsAfterCustomerSatisfied: 2,
      source:
        'BGB § 445b (2): the store’s claim against its supplier runs out no sooner than 2 months after the store satisfied the customer',
    },
  },
};

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `date` (YYYY-MM-DD) plus `months`, ending on the month's last day when it has no such day. */
export function addMonths(date: string, months: number): string {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Not a date as YYYY-MM-DD: ${date}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const index = year * 12 + (month - 1) + months;
  const toYear = Math.floor(index / 12);
  const toMonth = index - toYear * 12;
  const lastDay = new Date(Date.UTC(toYear, toMonth + 1, 0)).getUTCDate();
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(toYear, 4)}-${pad(toMonth + 1)}-${pad(Math.min(day, lastDay))}`;
}

/** The dates a case shows, and the rule behind each. */
export interface TConsumerDeadlines {
  country: TConsumerLawCountry;
  /** The last day of the claim period (the longer one when the goods are long-lasting). */
  claimPeriodEnds: string;
  claimPeriodSource: string;
  /** The longer period's last day, where the law has one, whether or not the goods qualify. */
  longLastingClaimPeriodEnds: string | null;
  longLastingClaimPeriodSource: string | null;
  /** Until this day a defect that shows is presumed present at delivery: the store must prove otherwise. */
  burdenOfProofUntil: string;
  burdenOfProofSource: string;
  /** The store's own deadline against its supplier, where the law ties it to the customer's claim. */
  supplierRecourse: {
    monthsAfterCustomerSatisfied: number;
    source: string;
    /** The day it runs out at the earliest, when the day the store satisfied the customer is known. */
    until: string | null;
  } | null;
}

export interface ConsumerDeadlineInput {
  /** YYYY-MM-DD. */
  purchaseDate: string;
  country: TConsumerLawCountry;
  /** Goods meant to last much longer than usual (Norway's 5 years). */
  isLongLasting?: boolean;
  /** YYYY-MM-DD: the day the store satisfied the customer (repair, replacement, refund), if it has. */
  customerSatisfiedOn?: string | null;
}

/** The consumer-law deadlines of a purchase; pure, so that both ends compute the same dates. */
export function consumerDeadlines(input: ConsumerDeadlineInput): TConsumerDeadlines {
  const rules = CONSUMER_LAW_RULES[input.country];
  if (!ISO_DATE.test(input.purchaseDate)) throw new RangeError(`Not a date: ${input.purchaseDate}`);
  const presumption =
    rules.burdenOfProof.find((p) => p.from === null || input.purchaseDate >= p.from) ??
    rules.burdenOfProof[0];
  if (!presumption) throw new Error(`No burden-of-proof rule for ${input.country}`);
  const longLasting = rules.longLastingClaimPeriod;
  const longLastingEnds = longLasting ? addMonths(input.purchaseDate, longLasting.months) : null;
  const useLong = Boolean(input.isLongLasting && longLasting);
  const recourse = rules.supplierRecourse;
  return {
    country: input.country,
    claimPeriodEnds:
      useLong && longLastingEnds ? longLastingEnds : addMonths(input.purchaseDate, rules.claimPeriod.months),
    claimPeriodSource: useLong && longLasting ? longLasting.source : rules.claimPeriod.source,
    longLastingClaimPeriodEnds: longLastingEnds,
    longLastingClaimPeriodSource: longLasting?.source ?? null,
    burdenOfProofUntil: addMonths(input.purchaseDate, presumption.months),
    burdenOfProofSource: presumption.source,
    supplierRecourse: recourse && {
      ...recourse,
      until: input.customerSatisfiedOn
        ? addMonths(input.customerSatisfiedOn, recourse.monthsAfterCustomerSatisfied)
        : null,
    },
  };
}

const COUNTRY_OF_LANGUAGE: Record<string, TConsumerLawCountry> = { nr: 'NO', da: 'DK', de: 'DE' };
const COUNTRY_OF_CURRENCY: Record<string, TConsumerLawCountry> = { NOK: 'NO', DKK: 'DK', EUR: 'DE' };

/**
 * The store's country, which the stores table does not keep: the cost-form document's `country`
 * when the store set one; else the store's language (nr Norway, da Denmark, de Germany); else,
 * for an English-speaking store, its default currency (NOK, DKK, EUR); else unknown (null).
 */
export function storeCountry(store: {
  country?: string | null | undefined;
  language: string;
  defaultCurrency?: string | null | undefined;
}): TConsumerLawCountry | null {
  if (isConsumerLawCountry(store.country)) return store.country;
  return (
    COUNTRY_OF_LANGUAGE[store.language] ??
    (store.defaultCurrency ? COUNTRY_OF_CURRENCY[store.defaultCurrency] : undefined) ??
    null
  );
}
