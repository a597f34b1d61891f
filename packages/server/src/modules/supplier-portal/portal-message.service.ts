// A contact person's message on a case in the portal, with its files: a supplier mail in on the
// case's thread (portal-mail.ts).
import {
  fieldProblem,
  type TFieldProblem,
  type TPortalMessageRequest,
  type TPortalMessageResponse,
} from '@claimdesk/contracts';
import type { AppDeps } from '../../app-deps';
import { invalidFields, notFound } from '../../lib/app-error';
import type { AuthContext } from '../../auth-context';
import { lockCase } from '../cases/cases.repository';
import { assertWithinLimit, readUpload, type UploadReceipt } from '../mail/mail-inbound';
import { findPortalContact } from './portal-cases.repository';
import { postContactMail } from './portal-mail';
import { answerableCase, portalEmail } from './supplier-portal.service';

/** The receipts of the uploads named; 400 on each one that is not this store's, or expired. */
function receiptsOf(deps: AppDeps, tenantId: string, uploadIds: string[]): UploadReceipt[] {
  const problems: Record<string, TFieldProblem> = {};
  const receipts = uploadIds.flatMap((uploadId, i) => {
    const receipt = readUpload(deps.hashKey, tenantId, uploadId);
    if (!receipt) problems[`uploadIds.${String(i)}`] = fieldProblem('invalid', 'Upload the file again');
    return receipt ? [receipt] : [];
  });
  if (Object.keys(problems).length > 0) throw invalidFields('A file is not uploaded', problems);
  return receipts;
}

export async function postPortalMessage(
  deps: AppDeps,
  auth: AuthContext,
  caseId: number,
  body: TPortalMessageRequest,
): Promise<TPortalMessageResponse> {
  const email = portalEmail(auth);
  const found = await answerableCase(deps, auth.db, caseId, email);
  const receipts = receiptsOf(deps, auth.tenantId, body.uploadIds ?? []);
  assertWithinLimit(
    receipts.reduce((sum, r) => sum + r.size, 0),
    deps.config.MAIL_MAX_ATTACHMENT_BYTES,
  );
  const contact = await findPortalContact(auth.db, email);
  return auth.db.transaction(async (tx) => {
    if (!(await lockCase(tx, caseId))) throw notFound('Case');
    const mailLogId = await postContactMail(tx, {
      caseId,
      caseNumber: found.caseNumber,
      email,
      fullName: contact.fullName,
      text: body.text,
      files: receipts,
    });
    return { mailLogId };
  });
}
