import { LANGUAGES, type TLanguage, type TTranslationsConfig } from '@claimdesk/contracts';

/** A label's text in each language the product speaks. */
export type TWords = Record<TLanguage, string>;
type TTranslate = (label: string, lng: TLanguage) => string;

/**
 * The store's own words live in its `translations` document under `store`; a label written by
 * the forms is `store.<id>`, so the shell's merge of that document (into common) makes it
 * readable wherever labels are shown, in every language.
 */
const PREFIX = 'store.';
export const isStoreWord = (label: string) => label.startsWith(PREFIX);

/** The store's key for an item's label: `store.status-options-claim-new`. */
export const storeWordKey = (documentName: string, itemKey: string): string =>
  `${PREFIX}${`${documentName}-${itemKey}`.replace(/[^a-zA-Z0-9-]/g, '-')}`;

const storedWord = (translations: TTranslationsConfig | undefined, lng: TLanguage, label: string) => {
  if (!isStoreWord(label)) return undefined;
  const bag = translations?.[lng]?.store;
  const word = typeof bag === 'object' ? bag[label.slice(PREFIX.length)] : undefined;
  return typeof word === 'string' ? word : undefined;
};

/** What a label reads in each language: the store's word, else the built-in text, else the label itself. */
export const wordsOf = (
  label: string,
  translations: TTranslationsConfig | undefined,
  translate: TTranslate,
): TWords =>
  Object.fromEntries(
    LANGUAGES.map((lng) => [lng, storedWord(translations, lng, label) ?? translate(label, lng)]),
  ) as TWords;

export const emptyWords = (): TWords => Object.fromEntries(LANGUAGES.map((l) => [l, ''])) as TWords;

/** Languages left empty read like the first one filled in (the preferred language first). */
export const filledWords = (words: TWords, preferred: TLanguage): TWords => {
  const first = [preferred, ...LANGUAGES].map((l) => words[l].trim()).find((w) => w !== '') ?? '';
  return Object.fromEntries(LANGUAGES.map((l) => [l, words[l].trim() || first])) as TWords;
};

export const hasWords = (words: TWords) => LANGUAGES.some((l) => words[l].trim() !== '');

const sameWords = (a: TWords, b: TWords) => LANGUAGES.every((l) => a[l] === b[l]);

/** The store's words a save writes, per language, by id under `store`. */
export type TWordChanges = Partial<Record<TLanguage, Record<string, string>>>;

/**
 * The label an item is saved with: its own when its words are unchanged, else the store's key
 * (its existing one, or `newKey`) with the words noted in `changes`.
 */
export function labelFor(
  item: { label: string; original: TWords | null; words: TWords },
  newKey: string,
  preferred: TLanguage,
  changes: TWordChanges,
): string {
  const words = filledWords(item.words, preferred);
  if (item.original && sameWords(filledWords(item.original, preferred), words)) return item.label;
  const key = isStoreWord(item.label) ? item.label : newKey;
  for (const lng of LANGUAGES) (changes[lng] ??= {})[key.slice(PREFIX.length)] = words[lng];
  return key;
}

export const hasChanges = (changes: TWordChanges) => Object.keys(changes).length > 0;

/** The translations document with the store's changed words merged in. */
export function withWords(translations: TTranslationsConfig, changes: TWordChanges): TTranslationsConfig {
  const next: TTranslationsConfig = { ...translations };
  for (const lng of LANGUAGES) {
    const words = changes[lng];
    if (!words) continue;
    const texts = next[lng] ?? {};
    const bag = typeof texts.store === 'object' ? texts.store : {};
    next[lng] = { ...texts, store: { ...bag, ...words } };
  }
  return next;
}
