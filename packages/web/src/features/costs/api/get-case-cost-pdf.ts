import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { MutationConfig } from '../../../lib/react-query';

/**
 * GET /v2/api/reports/get-cost-reg-pdf/{id}: the case's cost report, saved as a PDF file
 * (labels, dates and amounts in `lang`).
 */
export async function downloadCaseCostPdf(request: {
  caseId: number;
  caseNumber: number;
  lang: string;
}): Promise<void> {
  const query = new URLSearchParams({
    lang: request.lang,
    tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
  const blob = await http<Blob>(
    `/v2/api/reports/get-cost-reg-pdf/${String(request.caseId)}?${query.toString()}`,
    { responseType: 'blob' },
  );
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), {
    href: url,
    download: `cost-report-${String(request.caseNumber)}.pdf`,
  });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: the browser starts the download after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const useDownloadCaseCostPdf = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof downloadCaseCostPdf> } = {}) =>
  useMutation({ ...mutationConfig, mutationFn: downloadCaseCostPdf });
