import type { TCaseListRow } from '@claimdesk/contracts';

/** A row of a case list as the server answers it, with the given fields changed. */
export const caseListRow = (overrides: Partial<TCaseListRow> = {}): TCaseListRow => ({
  id: 1,
  caseNumber: 10001,
  workFlow: 'claim',
  isArchived: false,
  customerName: 'Ola Nordmann',
  customerEmail: 'ola@example.no',
  orderReference: 'WEB-1',
  status: 'waiting-supplier',
  assignee: 'agent@demo-store.test',
  itemsSummary: 'Kettle',
  supplierName: null,
  statusClaim: 'sent',
  statusCreditNote: null,
  statusCustomer: null,
  statusWareHouse: null,
  customFields: {},
  unreadMailCount: 0,
  sendPendingMailCount: 0,
  createdAt: '2026-05-01T10:00:00Z',
  updatedAt: '2026-05-02T10:00:00Z',
  ...overrides,
});
