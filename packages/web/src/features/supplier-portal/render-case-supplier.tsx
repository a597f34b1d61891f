import type { TCase } from '@claimdesk/contracts';
import { useShell } from '../../lib/shell-context';
import { useCaseSupplierAnswers } from './api/get-case-supplier-answers';
import { PortalTab } from './components/portal-tab';
import { SupplierAnswersCard } from './components/supplier-answers';

/** Staff's card beside the case's fields: only once the supplier answered or looked at the case. */
function StaffCard({ current }: { current: TCase }) {
  const { grantType } = useShell();
  const isStaff = grantType !== 'otp';
  const answers = useCaseSupplierAnswers(current.id, isStaff);
  if (!isStaff || !answers.data) return null;
  if (answers.data.answers.length === 0 && answers.data.views.count === 0) return null;
  return <SupplierAnswersCard caseId={current.id} data={answers.data} isLoading={false} />;
}

/** The supplier tab: the portal for a contact person, the answers and views for staff. */
function SupplierTab({
  current,
  onMailsChanged,
}: {
  current: TCase;
  onMailsChanged: (caseId: number) => void;
}) {
  const { grantType } = useShell();
  const answers = useCaseSupplierAnswers(current.id, grantType !== 'otp');
  if (grantType === 'otp') return <PortalTab caseId={current.id} onMailsChanged={onMailsChanged} />;
  return <SupplierAnswersCard caseId={current.id} data={answers.data} isLoading={answers.isLoading} />;
}

/** The case page's supplier tab (app/routes/cases composes it in), refreshing the mails after a message. */
export const renderSupplierTab = (onMailsChanged: (caseId: number) => void) => (current: TCase) => (
  <SupplierTab current={current} onMailsChanged={onMailsChanged} />
);

/** Staff's card of the supplier's answer above the case's tabs. */
export const renderSupplierCard = (current: TCase) => <StaffCard current={current} />;
