import { z } from 'zod';
import { ZText } from '../text';
import { CONSUMER_LAW_COUNTRIES } from '../costs/consumer-law';
import { ZOption, uniqueBy } from './config-common';

/** json-config `cost-form`: the choices of the cost registration form. */
export const ZCostFormConfig = z.object({
  costTypes: z
    .array(ZOption)
    .min(1)
    .superRefine(uniqueBy((o) => o.value, 'cost type')),
  currencies: z.array(ZText.regex(/^[A-Z]{3}$/, 'An ISO 4217 code such as NOK')).min(1),
  defaultCurrency: ZText.regex(/^[A-Z]{3}$/),
  /** VAT rates in percent. */
  vatRates: z.array(z.number().min(0).max(100)).min(1),
  /**
   * The store's country for consumer-law deadlines (costs/consumer-law.ts); without it the
   * store's language decides (nr Norway, da Denmark, de Germany).
   */
  country: z.enum(CONSUMER_LAW_COUNTRIES).optional(),
});
export type TCostFormConfig = z.infer<typeof ZCostFormConfig>;

export const DEFAULT_COST_FORM: TCostFormConfig = {
  costTypes: [
    { value: 'shipping', label: 'cost.type.shipping' },
    { value: 'repair', label: 'cost.type.repair' },
    { value: 'replacement', label: 'cost.type.replacement' },
    { value: 'refund', label: 'cost.type.refund' },
    { value: 'other', label: 'cost.type.other' },
  ],
  currencies: ['NOK', 'SEK', 'DKK', 'EUR'],
  defaultCurrency: 'NOK',
  vatRates: [25, 15, 12, 0],
};
