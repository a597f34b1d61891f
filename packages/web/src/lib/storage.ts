/** Everything the browser keeps between visits (source, section 9), under one prefix. */
export const STORAGE_KEYS = {
  token: 'cd.token',
  storeName: 'cd.storeName',
  grantType: 'cd.grantType',
  language: 'cd.language',
  identity: 'cd.identity',
  featureConfig: 'cd.featureConfig',
  pushToken: 'cd.pushToken',
} as const;
export type TStorageKey = keyof typeof STORAGE_KEYS;

export const readStored = (key: TStorageKey): string | null => {
  try {
    return localStorage.getItem(STORAGE_KEYS[key]);
  } catch {
    return null;
  }
};

export const writeStored = (key: TStorageKey, value: string | null): void => {
  try {
    if (value === null) localStorage.removeItem(STORAGE_KEYS[key]);
    else localStorage.setItem(STORAGE_KEYS[key], value);
  } catch {
    // Private mode or a full quota: the session simply lasts for this page only.
  }
};
