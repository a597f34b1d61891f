import type { z } from 'zod';
import { ZCustomerDataQuery } from './customer-data-query';

/**
 * GET /v2/api/privacy/customer-data/export?email=&phone= (administrators): everything stored
 * about the customer as one zip (GDPR articles 15 and 20): `data.json` (cases with items,
 * timeline entries, cost lines; mails with headers, bodies and attachment names), each mail's
 * attachments under `mails/<id>/`, its raw message as `mails/<id>/message.eml`, and
 * `summary.html` for a person to read. Recorded as `customer.exported` with the counts.
 */
export const ZExportCustomerDataQuery = ZCustomerDataQuery;
export type TExportCustomerDataQuery = z.input<typeof ZExportCustomerDataQuery>;
