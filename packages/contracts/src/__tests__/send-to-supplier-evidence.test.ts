import { describe, expect, it } from 'vitest';
import { isDocumentType, missingEvidence, type TEvidenceFacts } from '../suppliers/send-to-supplier-evidence';

const full: TEvidenceFacts = {
  purchaseDate: '2026-10-01',
  orderReference: 'ORD-1',
  items: [{ serialNumber: 'SN-1' }, { serialNumber: 'SN-2' }],
  attachmentTypes: ['image/jpeg'],
};
const ALL = ['photos', 'receipt', 'serialNumber'] as const;

describe('missingEvidence', () => {
  it('asks for nothing the supplier does not require', () => {
    expect(
      missingEvidence([], { purchaseDate: null, orderReference: null, items: [], attachmentTypes: [] }),
    ).toEqual([]);
  });

  it('is satisfied by a case with everything', () => {
    expect(missingEvidence(ALL, full)).toEqual([]);
  });

  it('wants an image among the chosen attachments for photos', () => {
    expect(missingEvidence(['photos'], { ...full, attachmentTypes: [] })).toEqual(['photos']);
    expect(missingEvidence(['photos'], { ...full, attachmentTypes: ['application/pdf'] })).toEqual([
      'photos',
    ]);
    expect(missingEvidence(['photos'], { ...full, attachmentTypes: ['IMAGE/PNG'] })).toEqual([]);
  });

  it('wants a serial number on every item, and an item at all', () => {
    expect(
      missingEvidence(['serialNumber'], { ...full, items: [{ serialNumber: 'A' }, { serialNumber: ' ' }] }),
    ).toEqual(['serialNumber']);
    expect(missingEvidence(['serialNumber'], { ...full, items: [{}] })).toEqual(['serialNumber']);
    expect(missingEvidence(['serialNumber'], { ...full, items: [] })).toEqual(['serialNumber']);
  });

  it('takes a receipt as a purchase date with an order reference or a document', () => {
    expect(missingEvidence(['receipt'], { ...full, purchaseDate: null })).toEqual(['receipt']);
    expect(missingEvidence(['receipt'], { ...full, orderReference: '' })).toEqual(['receipt']);
    expect(
      missingEvidence(['receipt'], { ...full, orderReference: null, attachmentTypes: ['application/pdf'] }),
    ).toEqual([]);
    expect(
      missingEvidence(['receipt'], { ...full, orderReference: null, attachmentTypes: ['image/png'] }),
    ).toEqual(['receipt']);
  });

  it('lists each missing kind once, in the order required', () => {
    const none = { purchaseDate: null, orderReference: null, items: [], attachmentTypes: [] };
    expect(missingEvidence(['serialNumber', 'photos', 'photos', 'receipt'], none)).toEqual([
      'serialNumber',
      'photos',
      'receipt',
    ]);
  });
});

describe('isDocumentType', () => {
  it('knows PDFs and office documents, not images or archives', () => {
    expect(isDocumentType('application/pdf')).toBe(true);
    expect(isDocumentType('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(
      true,
    );
    expect(isDocumentType('text/plain; charset=utf-8')).toBe(true);
    expect(isDocumentType('image/jpeg')).toBe(false);
    expect(isDocumentType('application/zip')).toBe(false);
  });
});
