import { ZUploadAttachmentResponse } from '@claimdesk/contracts';
import { uploadWithProgress } from '../../../lib/http';

/**
 * POST /v2/api/claims/mails/attachments (multipart, one `file` part): stores a file for an
 * outgoing mail and answers its uploadId, with the upload's progress as it goes.
 */
export const uploadAttachment = (
  file: File,
  options: { onProgress?: (share: number) => void; signal?: AbortSignal } = {},
) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress('/v2/api/claims/mails/attachments', form, ZUploadAttachmentResponse, options);
};
