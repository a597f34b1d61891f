import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ZListSuppliersResponse, type TGetCostRegPdfQuery } from '@claimdesk/contracts';
import { useStoreSetting } from '../../../lib/config-queries';
import { http } from '../../../lib/http';
import { browserTimeZone } from '../../../lib/time-zone';
import type { MutationConfig } from '../../../lib/react-query';

export type TCostPdfRequest = Pick<TGetCostRegPdfQuery, 'fromDate' | 'toDate' | 'supplier'> & {
  lang: string;
};

/**
 * GET /v2/api/reports/get-cost-reg-pdf?fromDate&toDate&supplier: the supplier statement of a
 * period, saved as a PDF file (labels, dates and amounts in `lang`).
 */
export async function downloadCostRegPdf(request: TCostPdfRequest): Promise<string> {
  const query = new URLSearchParams({
    fromDate: request.fromDate,
    toDate: request.toDate,
    lang: request.lang,
    tz: browserTimeZone(),
  });
  if (request.supplier !== undefined) query.set('supplier', String(request.supplier));
  const blob = await http<Blob>(`/v2/api/reports/get-cost-reg-pdf?${query.toString()}`, {
    responseType: 'blob',
  });
  const fileName = `supplier-statement-${request.fromDate}-${request.toDate}.pdf`;
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: the browser starts the download after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}

export const useDownloadCostRegPdf = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof downloadCostRegPdf> } = {}) =>
  useMutation({ ...mutationConfig, mutationFn: downloadCostRegPdf });

/** The suppliers the store uses (its own, or its company's), for the statement's supplier field. */
export const costPdfSuppliersQuery = (base: string | null) =>
  queryOptions({
    queryKey: ['cost-pdf', 'suppliers', base],
    queryFn: () => http(`${base ?? ''}?includeDisabled=true`, {}, ZListSuppliersResponse),
    enabled: base !== null,
  });

export function useCostPdfSuppliers() {
  const setting = useStoreSetting();
  const base = setting.data
    ? setting.data.supplierSource === 'external'
      ? '/v2/shared/suppliers'
      : '/v2/api/suppliers'
    : null;
  return useQuery(costPdfSuppliersQuery(base));
}
