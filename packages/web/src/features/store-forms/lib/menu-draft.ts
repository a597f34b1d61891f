import type { TLanguage, TMenuConfig, TMenuItem } from '@claimdesk/contracts';
import { labelFor, storeWordKey, type TWordChanges, type TWords } from './store-words';

interface TWordsOfEntry {
  words: TWords;
  original: TWords;
}
export interface TDraftMenuEntry extends TWordsOfEntry {
  id: string;
  item: TMenuItem;
  /** The words of the entry's sub-items, by their index. */
  sub: TWordsOfEntry[];
}

export const toMenuDraft = (menu: TMenuConfig, wordsOf: (label: string) => TWords): TDraftMenuEntry[] =>
  menu.map((item) => {
    const words = wordsOf(item.label);
    return {
      id: item.key,
      item,
      words,
      original: words,
      sub: (item.sub ?? []).map((s) => {
        const subWords = wordsOf(s.label);
        return { words: subWords, original: subWords };
      }),
    };
  });

export const fromMenuDraft = (
  draft: TDraftMenuEntry[],
  preferred: TLanguage,
  changes: TWordChanges,
): TMenuConfig =>
  draft.map(({ item, words, original, sub }) => ({
    ...item,
    label: labelFor(
      { label: item.label, words, original },
      storeWordKey('menu', item.key),
      preferred,
      changes,
    ),
    ...(item.sub && {
      sub: item.sub.map((s, i) => {
        const own = sub[i];
        return own
          ? {
              ...s,
              label: labelFor({ label: s.label, ...own }, storeWordKey('menu', s.key), preferred, changes),
            }
          : s;
      }),
    }),
  }));
