export * from './supplier-answer';
export * from './portal-case';
