// Mail signatures: one file per operation, re-exported here.
export * from './signatures/signatures';
export * from './signatures/my-signatures';
export * from './signatures/mailbox-signatures';
