import { ModalsProvider } from '@mantine/modals';
import { DEFAULT_FEATURES, type TCaseListRow, type TMailTemplate } from '@claimdesk/contracts';
import { ShellContext, type TShellContext } from '../../../lib/shell-context';
import { renderRoutes } from '../../../lib/testing/render';
import { MailTemplatesRoute } from '../routes/mail-templates';

const shell: TShellContext = {
  grantType: 'password',
  features: DEFAULT_FEATURES,
  menu: [
    { key: 'claims', label: 'menu.claim', workFlow: 'claim', icon: 'claim' },
    { key: 'support', label: 'menu.support', workFlow: 'support', icon: 'support' },
  ],
  settings: null,
  preference: {},
  currentUser: null,
};

/** A template as the API lists it: built-in unless changed. */
export const template = (overrides: Partial<TMailTemplate> = {}): TMailTemplate => ({
  id: null,
  key: 'claim-received',
  workFlow: 'claim',
  sendType: 'customer',
  language: 'en',
  subject: 'We have received your claim – case {{case.number}}',
  body: '<p>Dear {{customer.name}},</p>',
  isBuiltIn: true,
  hasBuiltIn: true,
  isDisabled: false,
  version: 0,
  updatedBy: null,
  updatedAt: null,
  ...overrides,
});

export const caseRow = (overrides: Partial<TCaseListRow> = {}): TCaseListRow => ({
  id: 41,
  caseNumber: 10041,
  workFlow: 'claim',
  isArchived: false,
  customerName: 'Kari Nordmann',
  customerEmail: 'kari@example.test',
  orderReference: 'ORD-1',
  status: 'new',
  assignee: null,
  itemsSummary: 'Kettle',
  supplierName: null,
  statusClaim: null,
  statusCreditNote: null,
  statusCustomer: null,
  statusWareHouse: null,
  customFields: {},
  unreadMailCount: 0,
  sendPendingMailCount: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

/** The screen at a path, inside the shell's context, with the confirm dialogs' host. */
export const renderScreen = (path = '/settings/mail-templates') =>
  renderRoutes(
    [
      {
        path: '/settings/mail-templates',
        element: (
          <ShellContext.Provider value={shell}>
            <ModalsProvider>
              <MailTemplatesRoute />
            </ModalsProvider>
          </ShellContext.Provider>
        ),
      },
      { path: '/access-denied', element: <p>Access denied page</p> },
    ],
    path,
  );
