import { http } from '../../../lib/http';

/** GET /v2/api/claims/mails/{id}/source: the raw mail (message/rfc822), to save as .eml. */
export const getMailSource = (id: number) =>
  http<Blob>(`/v2/api/claims/mails/${id}/source`, { responseType: 'blob' });
