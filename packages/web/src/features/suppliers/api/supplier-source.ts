import { useStoreSetting } from '../../../lib/config-queries';

/** Where the store's suppliers live: its own, or its company's with an external supplier source. */
export const suppliersBase = (isExternal: boolean) =>
  isExternal ? '/v2/shared/suppliers' : '/v2/api/suppliers';

/** The base path of the suppliers the store uses; null until its settings are read. */
export function useSuppliersBase(): string | null {
  const setting = useStoreSetting();
  return setting.data ? suppliersBase(setting.data.supplierSource === 'external') : null;
}

export const SUPPLIERS_KEY = ['suppliers'] as const;
