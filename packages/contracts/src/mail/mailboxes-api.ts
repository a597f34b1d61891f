// Mailboxes, their setup status and OAuth sign-in: one file per operation, re-exported here.
export {};
