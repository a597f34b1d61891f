// The mail module's compose, as other modules use it (send-to-supplier writes a claim mail to a
// supplier): lint lets a module reach another only through its top-level files.
export { composeLanguage, storeSender } from './writing/compose-context.service';
export { findComposeCase } from './writing/compose.repository';
export { escapeHtml, textToHtml } from './writing/compose-text';
export { readUpload } from './writing/outgoing-attachments';
export { queueComposed } from './writing/send-mail.service';
export { signatureBlock } from './writing/signatures/signatures.service';
