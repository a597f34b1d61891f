import type { TUploadAttachmentResponse } from '@claimdesk/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps';
import { receiveUpload, uploadOwner } from '../../../lib/read-upload';
import type { AuthContext } from '../../../auth-context';
import { megabytes, signUpload } from './outgoing-attachments';

const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** The name a browser sent, without any folder, control characters or quotes; never empty. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex -- control characters are what we take out
    .replace(/[\u0000-\u001f\u007f"]+/g, '')
    .trim()
    .slice(0, 200);
  return clean === '' || clean === '.' || clean === '..' ? 'attachment' : clean;
}

/** The declared type when it reads as a MIME type, else the neutral binary type. */
const cleanFileType = (type: string | undefined) => {
  const lower = (type ?? '').trim().toLowerCase();
  return MIME_TYPE.test(lower) ? lower : 'application/octet-stream';
};

/**
 * Streams the multipart `file` part into the file store (content-addressed) and answers a receipt
 * to attach it with. A file over the attachment limit is refused while it streams in (413).
 */
export async function uploadAttachment(
  deps: AppDeps,
  auth: AuthContext,
  request: FastifyRequest,
): Promise<TUploadAttachmentResponse> {
  const maxBytes = deps.config.MAIL_MAX_ATTACHMENT_BYTES;
  const upload = await receiveUpload(request, deps.files, {
    owner: uploadOwner(auth),
    maxBytes,
    tooLargeMessage: `The file is larger than ${megabytes(maxBytes)}, the most one mail may carry`,
  });
  const receipt = {
    tenantId: auth.tenantId,
    fileHash: upload.key,
    fileName: cleanFileName(upload.fileName),
    fileType: cleanFileType(upload.mimeType),
    size: upload.size,
    issuedAt: Date.now(),
  };
  return {
    uploadId: signUpload(deps.hashKey, receipt),
    fileName: receipt.fileName,
    fileType: receipt.fileType,
    size: receipt.size,
  };
}
