// The push events of the live socket are in live/live-events.ts.
/** Draft events exchanged inside the browser between the mail screens and the draft pop-up. */
export const DRAFT_EVENTS = ['SET_DRAFT', 'SAVE_DRAFT', 'DELETE_DRAFT'] as const;
export type TDraftEvent = (typeof DRAFT_EVENTS)[number];
export const DRAFT_TYPES = ['claim-field', 'claim-chat', 'unmapped-compose', 'unmapped-chat'] as const;
export type TDraftType = (typeof DRAFT_TYPES)[number];
