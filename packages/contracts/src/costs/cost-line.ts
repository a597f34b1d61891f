import { z } from 'zod';
import { ZVersion } from '../common';
import { ZText } from '../text';
import { COST_LIMITS, COST_PAYERS, ZAmountMinor, ZCostDate, ZCurrency, ZOptionalNote } from './cost-common';

/**
 * A cost line as the form sends it. `amountMinor` is net, or gross when `amountIncludesVat`; the
 * server works out the other two with the VAT rate, and the store-currency amounts with the
 * exchange rate of `costDate`. Cost type, currency and VAT rate must be the store's cost form's.
 */
export const ZCostLineInput = z.object({
  costType: ZText.trim().min(1, 'Required').max(COST_LIMITS.costType),
  amountMinor: ZAmountMinor(),
  amountIncludesVat: z.boolean().default(false),
  currency: ZCurrency,
  /** Percent, one of the store's cost form's rates. */
  vatRate: z.number('Must be a number').min(0, 'Must not be negative').max(100, 'At most 100'),
  costDate: ZCostDate,
  note: ZOptionalNote(COST_LIMITS.note),
  paidBy: z.enum(COST_PAYERS),
});
export type TCostLineInput = z.input<typeof ZCostLineInput>;

/** POST /v2/api/claims/{id}/costs: adds a line; answers the case's costs (201). */
export const ZCreateCostLineRequest = ZCostLineInput;
export type TCreateCostLineRequest = z.input<typeof ZCreateCostLineRequest>;

/** PUT /v2/api/claims/{id}/costs/{costId}: replaces a line, naming the version it was read at. */
export const ZUpdateCostLineRequest = ZCostLineInput.extend({ version: ZVersion });
export type TUpdateCostLineRequest = z.input<typeof ZUpdateCostLineRequest>;

/** One cost line as answered. Amounts in minor units; `*StoreMinor` in the store's currency. */
export const ZCostLine = z.object({
  id: z.number().int(),
  costType: z.string(),
  currency: z.string(),
  /** 1 unit of `currency` in the store's currency on the line's date, as decimal text. */
  exchangeRate: z.string(),
  vatRate: z.number(),
  netMinor: z.number().int(),
  vatMinor: z.number().int(),
  grossMinor: z.number().int(),
  netStoreMinor: z.number().int(),
  grossStoreMinor: z.number().int(),
  costDate: z.string(),
  note: z.string().nullable(),
  paidBy: z.enum(COST_PAYERS),
  createdBy: z.string(),
  /** The name of who registered the line (their email when no name is known). */
  createdByName: z.string(),
  createdAt: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type TCostLine = z.infer<typeof ZCostLine>;
