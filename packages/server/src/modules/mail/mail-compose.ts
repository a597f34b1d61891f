// The mail module's compose, as other modules use it (send-to-supplier writes a claim mail to a
// supplier): lint lets a module reach another only through its top-level files.
export { composeLanguage, storeSender } from './compose/compose-context.service';
export { findComposeCase } from './compose/compose.repository';
export { escapeHtml, textToHtml } from './compose/compose-text';
export { readUpload } from './compose/outgoing-attachments';
export { queueComposed } from './compose/send-mail.service';
export { signatureBlock } from './signatures/signatures.service';
