import { isBuiltInField, type TFormConfig, type TFormField, type TLanguage } from '@claimdesk/contracts';
import { filledWords, labelFor, storeWordKey, type TWordChanges, type TWords } from './store-words';

/** A field as the editor holds it: a stable id for dragging, its words, and the words it was read with. */
export interface TDraftField {
  id: string;
  field: TFormField;
  words: TWords;
  /** Null for a field added in this edit. */
  original: TWords | null;
}
export interface TDraftGroup {
  key: string;
  label: string;
  tab: string;
  fields: TDraftField[];
}
export interface TFormDraft {
  header: string[];
  groups: TDraftGroup[];
}

type TWordsOf = (label: string) => TWords;

export const toFormDraft = (form: TFormConfig, wordsOf: TWordsOf): TFormDraft => ({
  header: form.header,
  groups: form.groups.map(({ fields, ...group }) => ({
    ...group,
    fields: fields.map((field) => {
      const words = wordsOf(field.label);
      return { id: field.key, field, words, original: words };
    }),
  })),
});

/** The document a save writes; the store's words it needs are added to `changes`. */
export function fromFormDraft(
  draft: TFormDraft,
  name: string,
  preferred: TLanguage,
  changes: TWordChanges,
): TFormConfig {
  return {
    header: draft.header,
    groups: draft.groups.map(({ fields, ...group }) => ({
      ...group,
      fields: fields.map(({ field: { options, ...field }, words, original }) => ({
        ...field,
        // A choice without options is refused for what it is ("needs options"), not as an empty list.
        ...(options && options.length > 0 && { options }),
        label: labelFor(
          { label: field.label, words, original },
          storeWordKey(name, field.key),
          preferred,
          changes,
        ),
      })),
    })),
  };
}

/** The form as the preview draws it: each label as its words read in the language in use. */
export const previewOf = (draft: TFormDraft, preferred: TLanguage): TFormConfig => ({
  header: draft.header,
  groups: draft.groups.map(({ fields, ...group }) => ({
    ...group,
    fields: fields.map(({ field, words }) => ({
      ...field,
      label: filledWords(words, preferred)[preferred] || field.key,
    })),
  })),
});

export const isCustomField = (field: TFormField) => !isBuiltInField(field.key);
export const isChoiceType = (type: TFormField['type']) => type === 'select' || type === 'multi-select';

/** The types a custom field may have (the item list is the built-in items field's alone). */
export const CUSTOM_FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'number',
  'money',
  'date',
  'select',
  'multi-select',
  'checkbox',
] as const satisfies readonly TFormField['type'][];

/** A custom field's key from its name: `Warranty card` → `custom.warrantyCard`. */
export function customKeyOf(text: string): string {
  const parts = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/æ/gi, 'ae')
    .replace(/ø/gi, 'o')
    .replace(/å/gi, 'a')
    .replace(/ß/g, 'ss')
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean);
  const name = parts
    .map((p, i) => (i === 0 ? p.toLowerCase() : p.charAt(0).toUpperCase() + p.slice(1).toLowerCase()))
    .join('')
    .replace(/^[0-9]+/, '')
    .slice(0, 40);
  return `custom.${name || 'field'}`;
}

/** An option's key from its name: `Not sure` → `not-sure`. */
export const optionKeyOf = (text: string): string => {
  const key = customKeyOf(text).slice('custom.'.length);
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .slice(0, 60);
};

/** The errors under a path (`groups.0.fields.1`), by the rest of their path ('' for the item itself). */
export const errorsUnder = (errors: Record<string, string>, path: string): Record<string, string> =>
  Object.fromEntries(
    Object.entries(errors)
      .filter(([p]) => p === path || p.startsWith(`${path}.`))
      .map(([p, message]) => [p.slice(path.length + 1), message]),
  );
