export * from './shops-api';
