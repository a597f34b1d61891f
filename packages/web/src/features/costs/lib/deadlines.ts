import {
  consumerDeadlines,
  storeCountry,
  type TConsumerDeadlines,
  type TCostFormConfig,
} from '@claimdesk/contracts';

/** The deadlines of a purchase in the store's country, or why there are none. */
export function caseDeadlines(
  purchaseDate: string | null,
  store: { language: string | undefined; costForm: TCostFormConfig | undefined },
  /** When the case was closed: taken as the day the store satisfied the customer (BGB § 445b). */
  closedAt: string | null = null,
): { deadlines: TConsumerDeadlines } | { missing: 'purchaseDate' | 'country' } {
  if (!purchaseDate) return { missing: 'purchaseDate' };
  const country = storeCountry({
    country: store.costForm?.country,
    language: store.language ?? '',
    defaultCurrency: store.costForm?.defaultCurrency,
  });
  if (!country) return { missing: 'country' };
  const customerSatisfiedOn = closedAt ? closedAt.slice(0, 10) : null;
  return { deadlines: consumerDeadlines({ purchaseDate, country, customerSatisfiedOn }) };
}
