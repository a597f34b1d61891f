import type { TExportCustomerDataQuery } from '@claimdesk/contracts';
import { csvQuery, saveFile } from '../../../lib/csv-download';
import { http } from '../../../lib/http';

/** GET /v2/api/privacy/customer-data/export: the customer's data as a zip, saved by the browser. */
export async function downloadCustomerData(query: TExportCustomerDataQuery): Promise<void> {
  const blob = await http<Blob>(`/v2/api/privacy/customer-data/export?${csvQuery({ ...query })}`, {
    responseType: 'blob',
  });
  saveFile(blob, `customer-data-${new Date().toISOString().slice(0, 10)}.zip`);
}
