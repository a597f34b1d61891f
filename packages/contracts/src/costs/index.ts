export * from './consumer-law';
export * from './cost-common';
export * from './cost-line';
export * from './recovery';
export * from './case-costs';
export * from './exchange-rates';
