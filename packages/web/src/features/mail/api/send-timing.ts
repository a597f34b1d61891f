import { ZMailLog } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

/**
 * PUT /v2/api/claims/mails/{id}/cancel-send: a mail still waiting in the outbox (its undo window
 * or its chosen time) goes back to being a draft; answers the draft. 409 once it is on its way.
 */
export const cancelSend = (id: number) =>
  http(`/v2/api/claims/mails/${String(id)}/cancel-send`, { method: 'PUT' }, ZMailLog);

/** PUT /v2/api/claims/mails/{id}/send-now: a mail waiting for its time leaves at once; answers it. */
export const sendNow = (id: number) =>
  http(`/v2/api/claims/mails/${String(id)}/send-now`, { method: 'PUT' }, ZMailLog);
