import {
  ZEmail,
  type TCase,
  type TCreateCaseFromMailRequest,
  type TCreateCaseRequest,
  type TCustomer,
} from '@claimdesk/contracts';
import type { AppDeps } from '../../../../app-deps';
import type { StoredAddress } from '../../../../db/schema';
import { AppError, notFound } from '../../../../lib/app-error';
import type { AuthContext } from '../../../../auth-context';
import { createCase } from '../../../cases/cases.service';
import { mapMailOntoCase, type MailRow } from './map-mail.service';
import { findLiveMail } from './unmapped-mail.repository';

const DESCRIPTION_MAX = 10_000;

/**
 * The customer a mail suggests: its sender, or for one of our own outbound mails its first
 * recipient. The name falls back to the address; an address that is not a valid email is left out.
 */
export function customerOf(mail: MailRow): TCustomer {
  const person: StoredAddress | null =
    mail.direction === 'out'
      ? (mail.to[0] ?? null)
      : mail.fromAddress
        ? { address: mail.fromAddress, ...(mail.fromName && { name: mail.fromName }) }
        : null;
  const email = person ? ZEmail.safeParse(person.address) : null;
  const name = (person?.name?.trim() || person?.address.trim() || 'Unknown sender').slice(0, 200);
  return { name, email: email?.success ? email.data : null };
}

/** The subject, then the text: what the customer wrote, as the case's description. */
export function descriptionOf(mail: MailRow): string {
  const subject = mail.subject.trim() || '(no subject)';
  const text = mail.text?.trim() ?? '';
  return (text ? `${subject}\n\n${text}` : subject).slice(0, DESCRIPTION_MAX);
}

/**
 * POST /v2/api/unmapped-mails/{id}/create-case: the cases service's own create (numbering,
 * validation against the workflow's form, timeline), with the mail mapped onto the new case in
 * the same transaction. Fields given in the body replace what the mail suggests.
 */
export async function createCaseFromMail(
  deps: AppDeps,
  auth: AuthContext,
  mailId: number,
  body: TCreateCaseFromMailRequest,
): Promise<TCase> {
  const mail = await findLiveMail(auth.db, mailId);
  if (!mail) throw notFound('Mail');
  if (mail.caseId !== null) throw new AppError('CONFLICT', 'This mail is already on a case');
  const input: TCreateCaseRequest = {
    ...body,
    customer: body.customer ?? customerOf(mail),
    description: body.description ?? descriptionOf(mail),
  };
  // The mail is locked and checked again inside: a colleague may have mapped it meanwhile.
  return createCase(deps, auth, input, async (tx, caseId) => {
    await mapMailOntoCase(tx, mailId, caseId, auth.username);
  });
}
