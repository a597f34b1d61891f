import type { TItemType } from '@claimdesk/contracts';

/** An item type's name in the language shown, else English, else any name it has, else its key. */
export const itemTypeName = (type: Pick<TItemType, 'names' | 'key'>, language: string): string => {
  const names = type.names as Record<string, string | undefined>;
  return names[language] || names.en || Object.values(names).find(Boolean) || type.key;
};
