export * from './supplier';
export * from './list-suppliers';
export * from './get-supplier';
export * from './create-supplier';
export * from './update-supplier';
export * from './delete-supplier';
export * from './list-supplier-cases';
