import { z } from 'zod';
import { ZDateOnly } from '../cases/case';
import { COST_LIMITS, ZCurrency } from './cost-common';

/**
 * The store's exchange rates, kept by an administrator (nothing is fetched from the internet):
 * 1 unit of `currency` in the store's currency from `rateDate` on, until the currency's next date.
 * GET /v2/api/settings/exchange-rates (staff), PUT (administrators; the same currency and date
 * replace the rate), DELETE /v2/api/settings/exchange-rates/{id} (administrators). A line already
 * registered keeps the rate it was converted at.
 */
export const ZPutExchangeRateRequest = z.object({
  currency: ZCurrency,
  rateDate: ZDateOnly,
  rate: z
    .number('Must be a number')
    .positive('Must be more than 0')
    .max(COST_LIMITS.rate, `At most ${String(COST_LIMITS.rate)}`)
    .refine((rate) => Math.round(rate * 1e6) / 1e6 === rate, 'At most 6 decimals'),
});
export type TPutExchangeRateRequest = z.input<typeof ZPutExchangeRateRequest>;

export const ZExchangeRate = z.object({
  id: z.number().int(),
  currency: z.string(),
  rateDate: z.string(),
  rate: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type TExchangeRate = z.infer<typeof ZExchangeRate>;

export const ZExchangeRatesResponse = z.object({
  /** The store's currency (its cost form's default currency): the one every rate converts into. */
  storeCurrency: z.string(),
  rates: z.array(ZExchangeRate),
});
export type TExchangeRatesResponse = z.infer<typeof ZExchangeRatesResponse>;
