export * from './report-period';
export * from './get-mail-report';
export * from './get-case-report';
export * from './get-supplier-report';
