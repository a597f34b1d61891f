import { useMutation } from '@tanstack/react-query';
import { ZPortalMessageResponse, ZUploadAttachmentResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

/** POST /v2/api/supplier-portal/uploads: one file, answered with the id to attach it by. */
export const uploadPortalFile = (file: File) => {
  const body = new FormData();
  body.append('file', file);
  return http('/v2/api/supplier-portal/uploads', { method: 'POST', body }, ZUploadAttachmentResponse);
};

/** Uploads the files one by one, then POST /v2/api/supplier-portal/cases/{id}/messages. */
export const postPortalMessage = async ({
  caseId,
  text,
  files,
}: {
  caseId: number;
  text: string;
  files: File[];
}) => {
  const uploadIds: string[] = [];
  for (const file of files) uploadIds.push((await uploadPortalFile(file)).uploadId);
  return http(
    `/v2/api/supplier-portal/cases/${caseId}/messages`,
    { method: 'POST', body: { text, uploadIds } },
    ZPortalMessageResponse,
  );
};

/** `onSent` refreshes the case's mails (app/ hands in the mail feature's key). */
export const usePostPortalMessage = (onSent: (caseId: number) => void) =>
  useMutation({ mutationFn: postPortalMessage, onSuccess: (_sent, { caseId }) => onSent(caseId) });
