import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TCase, TSupplierComposeResponse } from '@claimdesk/contracts';
import { json, mockFetch } from '../../../lib/testing/fetch-mock';
import { addLanguageTexts } from '../../../lib/testing/language-texts';
import { renderWithProviders } from '../../../lib/testing/render';
import { SendToSupplierModal } from '../components/send-to-supplier-modal';

beforeAll(() => addLanguageTexts(['en'], 'suppliers'));
afterEach(() => vi.unstubAllGlobals());

const item = { id: 1, itemTypeId: null, itemTypeName: null, productName: 'Kettle', sku: 'K-1', quantity: 1 };
const theCase = (serialNumber: string | null): TCase => ({
  id: 7,
  caseNumber: 10007,
  workFlow: 'claim',
  isArchived: false,
  status: 'new',
  assignee: null,
  customer: { name: 'Ola Hidden' },
  orderReference: null,
  purchaseDate: '2026-09-01',
  supplierName: 'Parts AS',
  supplierId: 3,
  customFields: {},
  items: [{ ...item, faultDescription: 'Broken', serialNumber }],
  version: 2,
  createdBy: 'admin',
  createdAt: '2026-09-02T10:00:00.000Z',
  updatedAt: '2026-09-02T10:00:00.000Z',
  closedAt: null,
  unreadMailCount: 0,
  sendPendingMailCount: 0,
});

const compose: TSupplierComposeResponse = {
  caseId: 7,
  caseNumber: 10007,
  workFlow: 'claim',
  sendType: 'supplier',
  mailLogType: 'supplier',
  mailLogId: null,
  from: null,
  to: ['claims@parts.test'],
  cc: [],
  bcc: [],
  subject: 'Claim 10007',
  html: '<p>We send you the following claim.</p>',
  text: 'We send you the following claim.',
  inReplyTo: null,
  references: [],
  attachments: [],
  templateKey: null,
  answeredAutoKind: null,
  customerEmail: null,
  maxAttachmentBytes: 1000,
  supplier: {
    id: 3,
    source: 'internal',
    name: 'Parts AS',
    claimAddress: 'claims@parts.test',
    requiredEvidence: ['photos', 'receipt', 'serialNumber'],
    answerDays: 5,
    isDisabled: false,
  },
  files: [
    {
      filePath: 'mails/5/1',
      fileName: 'kettle.jpg',
      fileType: 'image/jpeg',
      size: 2048,
      kind: 'photo',
      isChosen: true,
    },
    {
      filePath: 'mails/5/2',
      fileName: 'receipt.pdf',
      fileType: 'application/pdf',
      size: 4096,
      kind: 'document',
      isChosen: false,
    },
  ],
  requiredEvidence: ['photos', 'receipt', 'serialNumber'],
  sentAt: null,
};

const sendButton = () => screen.getByRole('button', { name: 'Send' });

// The dialog's rich text editor is slow to draw under jsdom on a busy machine.
const SLOW = 20_000;

describe('Send to supplier', () => {
  it(
    'lists what the supplier requires and the case lacks, and sends only when nothing is missing',
    async () => {
      const user = userEvent.setup();
      const calls = mockFetch({ '/v2/api/claims/7/supplier-compose': () => json(200, compose) });
      renderWithProviders(<SendToSupplierModal current={theCase(null)} onClose={() => undefined} />);
      // The dialog's editor is slow to draw on a busy machine.
      const missing = await screen.findByTestId('send-missing', {}, { timeout: 5000 });
      // The photo is chosen; no serial number, and no order reference or document for the receipt.
      expect(missing).toHaveTextContent('Serial numbers');
      expect(missing).toHaveTextContent('Receipt');
      expect(missing).not.toHaveTextContent('Photos');
      expect(sendButton()).toBeDisabled();
      // Choosing the PDF gives the receipt; leaving the photo out takes the photos away.
      await user.click(screen.getByRole('checkbox', { name: /receipt\.pdf/ }));
      await user.click(screen.getByRole('checkbox', { name: /kettle\.jpg/ }));
      expect(within(missing).queryByText(/Receipt/)).toBeNull();
      expect(missing).toHaveTextContent('Photos');
      expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'sends the chosen files, and shows what the server still finds missing',
    async () => {
      const user = userEvent.setup();
      const calls = mockFetch({
        '/v2/api/claims/7/supplier-compose': () => json(200, compose),
        'POST /v2/api/claims/7/send-to-supplier': () =>
          json(400, {
            code: 'VALIDATION_FAILED',
            message: 'Evidence the supplier requires is missing: serialNumber',
            fieldErrors: { 'evidence.serialNumber': 'The supplier requires a serial number on every item' },
            fieldIssues: { 'evidence.serialNumber': { code: 'required' } },
          }),
      });
      renderWithProviders(<SendToSupplierModal current={theCase('SN-1')} onClose={() => undefined} />);
      await screen.findByRole('checkbox', { name: /receipt\.pdf/ }, { timeout: 5000 });
      await user.click(screen.getByRole('checkbox', { name: /receipt\.pdf/ }));
      await waitFor(() => expect(sendButton()).toBeEnabled());
      await user.click(sendButton());
      // Someone removed the serial number meanwhile: the server is the authority.
      expect(await screen.findByTestId('send-missing', {}, { timeout: 5000 })).toHaveTextContent(
        'Serial numbers',
      );
      const post = calls.find((c) => c.method === 'POST');
      expect(JSON.parse(String(post?.body))).toMatchObject({
        to: ['claims@parts.test'],
        subject: 'Claim 10007',
        attachments: [{ filePath: 'mails/5/1' }, { filePath: 'mails/5/2' }],
      });
    },
    SLOW,
  );
});
