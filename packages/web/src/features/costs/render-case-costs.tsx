import type { TCase } from '@claimdesk/contracts';
import { CaseCostsPanel } from './components/case-costs-panel';
import { ConsumerDeadlines } from './components/consumer-deadlines';

/** The case page's costs tab, composed into the case page by app/routes/cases. */
export const renderCaseCosts = (current: TCase) => (
  <CaseCostsPanel caseId={current.id} caseNumber={current.caseNumber} />
);

/** The case page's consumer-law deadlines, handed in the same way. */
export const renderCaseDeadlines = (current: TCase) =>
  current.workFlow === 'support' ? null : (
    <ConsumerDeadlines purchaseDate={current.purchaseDate ?? null} closedAt={current.closedAt} />
  );
