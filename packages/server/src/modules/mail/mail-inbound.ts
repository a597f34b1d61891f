// The mail module's inbound side, as other modules use it (the supplier portal writes a contact
// person's message onto a case as a mail in): lint lets a module reach another only through its
// top-level files.
export { assertWithinLimit, readUpload, type UploadReceipt } from './writing/outgoing-attachments';
export { uploadAttachment } from './writing/upload-attachment.service';
export { insertAttachmentRows } from './intake/ingest.repository';
export { takeMailsOnCases } from './intake/mails-on-cases.service';
