export * from './audit-actions';
export * from './audit-log-filters';
export * from './list-audit-log';
export * from './export-audit-log';
