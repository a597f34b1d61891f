// The mail calls of the source (section 7, Mail): one file per operation, re-exported here.
export {};
