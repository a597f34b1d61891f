// The whole schema, one import for the app and for drizzle-kit. The tables live by feature in
// schema/, each file importing only columns.ts, tenancy.ts and the features it references, so
// the imports run one way. The column helpers are not re-exported: they are for schema files.
export { accountDirectory, companies, stores } from './schema/tenancy';
export * from './schema/users';
export * from './schema/sign-in';
export * from './schema/properties';
export * from './schema/item-types';
export * from './schema/cases';
export * from './schema/mailboxes';
export * from './schema/mail';
export * from './schema/mail-templates';
export * from './schema/push';
export * from './schema/suppliers';
export * from './schema/costs';
export * from './schema/supplier-claims';
export * from './schema/security';
export * from './schema/shops';
