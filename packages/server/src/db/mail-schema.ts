// The mail tables, for the files that import them from here. New code imports from './schema'.
export * from './schema/mailboxes';
export * from './schema/mail';
export * from './schema/mail-templates';
