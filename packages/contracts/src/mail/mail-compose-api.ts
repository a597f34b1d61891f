// Composing, forwarding, drafts and resending: one file per operation, re-exported here.
export {};
