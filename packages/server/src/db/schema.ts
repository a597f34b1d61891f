// The whole schema, one import for the app and for drizzle-kit. The tables live in files that
// import one way (mail-schema imports core-schema), so that no schema file imports itself back.
export * from './core-schema';
export * from './mail-schema';
