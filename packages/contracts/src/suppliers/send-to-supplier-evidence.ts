// The evidence rules of "Send to supplier", in one pure function: the web shows what is missing
// before a person sends, the server refuses the send with the same list (it is the authority).
import type { TSupplierEvidence } from './supplier';

/** What the evidence check reads of a case and of the attachments chosen for the mail. */
export interface TEvidenceFacts {
  purchaseDate?: string | null | undefined;
  orderReference?: string | null | undefined;
  items: readonly { serialNumber?: string | null | undefined }[];
  /** The content types of the attachments chosen to go with the mail. */
  attachmentTypes: readonly string[];
}

const DOCUMENT_TYPES = [
  'application/pdf',
  'application/msword',
  'application/rtf',
  'text/plain',
  'application/vnd.openxmlformats-officedocument.',
  'application/vnd.oasis.opendocument.',
  'application/vnd.ms-excel',
];

/** An image a supplier takes as a photo (any image/* type). */
export const isPhotoType = (contentType: string): boolean => contentType.toLowerCase().startsWith('image/');

/** A document that may carry a receipt: PDF, word-processor, spreadsheet or plain text. */
export const isDocumentType = (contentType: string): boolean => {
  const type = contentType.toLowerCase().split(';')[0]?.trim() ?? '';
  return DOCUMENT_TYPES.some((known) => (known.endsWith('.') ? type.startsWith(known) : type === known));
};

const filled = (value: string | null | undefined) => (value ?? '').trim() !== '';

/**
 * The evidence the supplier requires that the case and the chosen attachments lack, in the
 * order of `required`:
 * - photos: at least one image attachment chosen;
 * - serialNumber: the case has items and every one has a serial number;
 * - receipt: a purchase date on the case, and an order reference or a document attachment chosen.
 */
export function missingEvidence(
  required: readonly TSupplierEvidence[],
  facts: TEvidenceFacts,
): TSupplierEvidence[] {
  const has: Record<TSupplierEvidence, boolean> = {
    photos: facts.attachmentTypes.some(isPhotoType),
    serialNumber: facts.items.length > 0 && facts.items.every((item) => filled(item.serialNumber)),
    receipt:
      filled(facts.purchaseDate) &&
      (filled(facts.orderReference) || facts.attachmentTypes.some(isDocumentType)),
  };
  return [...new Set(required)].filter((kind) => !has[kind]);
}

/** The English text of each missing kind of evidence (the API's fieldErrors; the web translates). */
export const MISSING_EVIDENCE_TEXT: Record<TSupplierEvidence, string> = {
  photos: 'The supplier requires photos: choose at least one image',
  receipt: 'The supplier requires a receipt: a purchase date, and an order reference or a document',
  serialNumber: 'The supplier requires a serial number on every item',
};
