/** Push events sent to signed-in browsers as `{ EVENT, meta }`. */
export const PUSH_EVENTS = ['MAIL_COUNT_UPDATED', 'CLAIM_MAIL_COUNT_UPDATED'] as const;
export type TPushEvent = (typeof PUSH_EVENTS)[number];

/** Draft events exchanged inside the browser between the mail screens and the draft pop-up. */
export const DRAFT_EVENTS = ['SET_DRAFT', 'SAVE_DRAFT', 'DELETE_DRAFT'] as const;
export type TDraftEvent = (typeof DRAFT_EVENTS)[number];
export const DRAFT_TYPES = ['claim-field', 'claim-chat', 'unmapped-compose', 'unmapped-chat'] as const;
export type TDraftType = (typeof DRAFT_TYPES)[number];
