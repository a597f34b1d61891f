// Composing, forwarding, drafts and resending: one file per operation, re-exported here.
export * from './compose/compose-common';
export * from './compose/get-mail-compose';
export * from './compose/send-mail';
export * from './compose/get-forward-compose';
export * from './compose/upload-attachment';
export * from './compose/save-draft';
export * from './compose/resend-mail';
export * from './compose/compose-new-mail';
export * from './compose/send-timing';
