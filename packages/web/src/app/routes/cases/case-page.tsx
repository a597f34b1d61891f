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
import { useSession } from '../../../lib/session';
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
  // The shop's orders are the staff's: a supplier's contact person (one-time code) is not asked.
  const isStaff = useSession().grantType !== 'otp';
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
      orderPanel: isStaff ? renderOrderPanel : null,
      prefetch,
    }),
    [queryClient, prefetch, hasSupplier, isStaff],
  );
  return <CaseDetailRoute parts={parts} />;
}
