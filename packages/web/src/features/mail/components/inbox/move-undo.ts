import type { TMovedMail } from '@claimdesk/contracts';
import { moveMails } from '../../api/move-mails';

/** The undo of a move: each moved mail back to the case it came from (null: unmapped), one call per case. */
export const undoMove = async (moved: TMovedMail[]): Promise<void> => {
  const byCase = new Map<number | null, number[]>();
  for (const mail of moved) byCase.set(mail.fromCaseId, [...(byCase.get(mail.fromCaseId) ?? []), mail.id]);
  for (const [caseId, mailIds] of byCase) await moveMails({ mailIds, caseId });
};
