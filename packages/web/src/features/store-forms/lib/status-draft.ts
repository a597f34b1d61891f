import type { TLanguage, TStatusOption, TStatusOptionsConfig } from '@claimdesk/contracts';
import { labelFor, storeWordKey, type TWordChanges, type TWords } from './store-words';

export interface TDraftStatus {
  id: string;
  status: TStatusOption;
  words: TWords;
  /** Null for a status added in this edit. */
  original: TWords | null;
}
export interface TStatusDraft {
  statuses: TDraftStatus[];
  initial: string;
  /** The status dimensions' options, kept as they are. */
  rest: Omit<TStatusOptionsConfig, 'statuses' | 'initial'>;
}

export const STATUS_COLORS = ['gray', 'blue', 'orange', 'yellow', 'green', 'red', 'violet', 'teal'] as const;

export const toStatusDraft = (
  config: TStatusOptionsConfig,
  wordsOf: (label: string) => TWords,
): TStatusDraft => {
  const { statuses, initial, ...rest } = config;
  return {
    statuses: statuses.map((status) => {
      const words = wordsOf(status.label);
      return { id: status.value, status, words, original: words };
    }),
    initial,
    rest,
  };
};

export const fromStatusDraft = (
  draft: TStatusDraft,
  name: string,
  preferred: TLanguage,
  changes: TWordChanges,
): TStatusOptionsConfig => ({
  statuses: draft.statuses.map(({ status, words, original }) => ({
    ...status,
    label: labelFor(
      { label: status.label, words, original },
      storeWordKey(name, status.value),
      preferred,
      changes,
    ),
  })),
  initial: draft.initial,
  ...draft.rest,
});
