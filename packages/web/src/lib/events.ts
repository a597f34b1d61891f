import type { TDraftEvent, TDraftType } from '@claimdesk/contracts';

/** A small typed event bus: each event name has one payload type. */
export class EventBus<TMap extends Record<string, unknown>> {
  private readonly handlers = new Map<keyof TMap, Set<(payload: never) => void>>();

  on<K extends keyof TMap>(event: K, handler: (payload: TMap[K]) => void): () => void {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler);
    this.handlers.set(event, set);
    return () => set.delete(handler);
  }

  emit<K extends keyof TMap>(event: K, payload: TMap[K]): void {
    this.handlers.get(event)?.forEach((handler) => (handler as (p: TMap[K]) => void)(payload));
  }
}

/** One draft of a mail screen: claim fields, a claim chat, an unmapped compose or chat. */
export interface TDraft {
  type: TDraftType;
  /** The stored mail log id of the draft, when it was already saved. */
  mailId?: number | null;
  subject?: string;
  body?: string;
  data?: Record<string, unknown>;
}

export interface TSaveDraftPayload extends TDraft {
  /** Called by the draft pop-up when the user keeps the draft (or the countdown ends). */
  save?: (draft: TDraft) => Promise<void> | void;
  /** Called when the user deletes a draft that has a mail id. */
  remove?: (mailId: number) => Promise<void> | void;
}

/** Draft events of the source (section 4): SET_DRAFT, SAVE_DRAFT, DELETE_DRAFT. */
export type TDraftEventMap = {
  SET_DRAFT: TDraft;
  SAVE_DRAFT: TSaveDraftPayload;
  DELETE_DRAFT: { type: TDraftType; mailId?: number | null };
};
/** Compile-time check: the bus carries exactly the draft events of the contracts. */
export const DRAFT_EVENT_NAMES = [
  'SET_DRAFT',
  'SAVE_DRAFT',
  'DELETE_DRAFT',
] as const satisfies readonly (keyof TDraftEventMap & TDraftEvent)[];

export const draftEvents = new EventBus<TDraftEventMap>();

/** The current draft per type, kept by SET_DRAFT and cleared by DELETE_DRAFT. */
const drafts = new Map<TDraftType, TDraft>();
draftEvents.on('SET_DRAFT', (draft) => drafts.set(draft.type, draft));
draftEvents.on('DELETE_DRAFT', ({ type }) => drafts.delete(type));
export const getDraft = (type: TDraftType): TDraft | undefined => drafts.get(type);

/** Preference changes that wait for confirmation in the preferences pop-up. */
export type TPreferenceEventMap = {
  PREFERENCE_CHANGED: { key: string; value: unknown };
};
export const preferenceEvents = new EventBus<TPreferenceEventMap>();
