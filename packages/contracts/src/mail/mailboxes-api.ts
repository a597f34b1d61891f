// Mailboxes, their setup status and OAuth sign-in: one file per operation, re-exported here.
export * from './mailboxes/mailbox';
export * from './mailboxes/list-mailboxes';
export * from './mailboxes/create-mailbox';
export * from './mailboxes/update-mailbox';
export * from './mailboxes/set-mailbox-enabled';
export * from './mailboxes/delete-mailbox';
export * from './mailboxes/test-mailbox';
export * from './mailboxes/send-mailbox-verification';
export * from './mailboxes/verify-mailbox';
export * from './mailboxes/mail-setup-status';
export * from './mailboxes/oauth';
