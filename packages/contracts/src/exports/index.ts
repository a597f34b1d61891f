export * from './export-common';
export * from './export-cases';
export * from './export-suppliers';
export * from './export-costs';
