export * from './customer-data-query';
export * from './search-customer-data';
export * from './export-customer-data';
export * from './erase-customer-data';
