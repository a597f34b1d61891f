// The mail calls of the source (section 7, Mail): one file per operation, re-exported here.
export * from './api/mail-id';
export * from './api/list-case-mails';
export * from './api/get-mail';
export * from './api/mail-attachment';
export * from './api/zip-attachments';
export * from './api/delete-mail';
export * from './api/mark-read-status';
export * from './api/contact-persons';
export * from './api/mail-count';
export * from './api/list-unmapped-mails';
export * from './api/map-mail';
export * from './api/create-case-from-mail';
export * from './api/reparse-mail';
export * from './api/list-mails';
export * from './api/mail-suggestions';
export * from './api/move-mails';
export * from './api/mail-bin';
