// Mail templates: one file per operation, re-exported here.
export * from './templates/placeholders';
export * from './templates/mail-template';
export * from './templates/list-mail-templates';
export * from './templates/create-mail-template';
export * from './templates/update-mail-template';
export * from './templates/delete-mail-template';
export * from './templates/preview-mail-template';
