import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { renderCaseCosts, renderCaseDeadlines } from '../../../features/costs/render-case-costs';
import { CaseDetailRoute } from '../../../features/cases/routes/case-detail';
import type { TCaseParts } from '../../../features/cases/lib/case-parts';
import { CASE_MAILS_KEY } from '../../../features/mail/api/list-case-mails';
import {
  renderCaseMails,
  usePrefetchCaseMails,
} from '../../../features/mail/components/thread/render-case-mails';
import {
  renderSupplierCard,
  renderSupplierTab,
} from '../../../features/supplier-portal/render-case-supplier';
import {
  renderSendToSupplierBar,
  renderSupplierPicker,
} from '../../../features/suppliers/components/render-send-to-supplier';
import { renderOrderPanel } from '../../../features/shops/components/order-panel';
import { useHasSupplierParts } from './supplier-parts';

/**
 * One case's page: the cases feature's editor with the other features' parts. A new tab is its
 * feature's render function and one line in `tabs`. This module and what it imports load only when
 * a case is opened, not with the list.
 */
export function CasePage() {
  const { workFlow = 'claim' } = useParams();
  const queryClient = useQueryClient();
  const prefetch = usePrefetchCaseMails();
  const hasSupplier = useHasSupplierParts(workFlow);
  const parts = useMemo<TCaseParts>(
    () => ({
      tabs: {
        mails: renderCaseMails,
        costs: renderCaseCosts,
        // A supplier's message from the portal lands on the case's mails: shown at once.
        supplier: renderSupplierTab(
          (caseId) => void queryClient.invalidateQueries({ queryKey: [...CASE_MAILS_KEY, caseId] }),
        ),
      },
      banners: [...(hasSupplier ? [renderSendToSupplierBar] : []), renderCaseDeadlines, renderSupplierCard],
      supplierPicker: hasSupplier ? renderSupplierPicker : null,
      orderPanel: renderOrderPanel,
      prefetch,
    }),
    [queryClient, prefetch, hasSupplier],
  );
  return <CaseDetailRoute parts={parts} />;
}
