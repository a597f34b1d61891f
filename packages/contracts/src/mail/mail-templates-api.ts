// Mail templates: one file per operation, re-exported here.
export {};
