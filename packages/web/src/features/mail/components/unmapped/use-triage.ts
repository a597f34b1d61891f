import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../../lib/notify';
import { undoCaseFromMail, useCreateCaseFromMail } from '../../api/create-case-from-mail';
import { binMails, useBinMails } from '../../api/delete-mail';
import { useEmptyBin } from '../../api/empty-bin';
import { onMailsChanged } from '../../api/list-mails';
import { useMapMails } from '../../api/map-mail';
import { moveMails } from '../../api/move-mails';
import { restoreMails, useRestoreMails } from '../../api/restore-mail';

type TShowUndo = (message: string, undo: () => Promise<unknown>) => void;

/**
 * The unmapped screen's actions, each followed by a toast whose Undo reverses it: a map moves
 * the mapped mails (threads included) back to unmapped, a new case moves its mails back and is
 * deleted again (the server refuses once the case has changed), a delete
 * restores, a restore bins again. Emptying the bin cannot be undone and asks first instead.
 */
export const useTriage = (showUndo: TShowUndo, onDone: () => void) => {
  const { t } = useTranslation('inbox');
  const client = useQueryClient();
  const map = useMapMails();
  const create = useCreateCaseFromMail();
  const bin = useBinMails();
  const restore = useRestoreMails();
  const empty = useEmptyBin();

  const backToUnmapped = async (mailIds: number[]) => {
    await moveMails({ mailIds, caseId: null });
    onMailsChanged(client);
  };

  const mapTo = (mailIds: number[], caseId: number, caseNumber: number) =>
    map.mutate(
      { mailIds, caseId },
      {
        onSuccess: (answer) => {
          onDone();
          if (answer.mailIds.length === 0) return;
          showUndo(
            t('toast.mapped', { count: mailIds.length, caseNumber: answer.caseNumber ?? caseNumber }),
            () => backToUnmapped(answer.mailIds),
          );
        },
      },
    );

  const newCase = (mailId: number, workFlow: string, onCreated: () => void) =>
    create.mutate(
      { mailId, workFlow },
      {
        onSuccess: (created) => {
          onCreated();
          onDone();
          showUndo(t('toast.created', { caseNumber: created.caseNumber }), async () => {
            await undoCaseFromMail({ mailId, caseId: created.id });
            onMailsChanged(client);
          });
        },
      },
    );

  const remove = (mailIds: number[]) =>
    bin.mutate(mailIds, {
      onSuccess: (binned) => {
        onDone();
        showUndo(t('toast.deleted', { count: binned.length }), async () => {
          await restoreMails(binned);
          onMailsChanged(client);
        });
      },
    });

  const putBack = (mailIds: number[]) =>
    restore.mutate(mailIds, {
      onSuccess: () => {
        onDone();
        showUndo(t('toast.restored', { count: mailIds.length }), async () => {
          await binMails(mailIds);
          onMailsChanged(client);
        });
      },
    });

  const emptyBin = (onEmptied: () => void) =>
    empty.mutate(undefined, {
      onSuccess: ({ purged }) => {
        onEmptied();
        onDone();
        notifySuccess(t('toast.binEmptied', { count: purged }));
      },
    });

  return {
    mapTo,
    newCase,
    remove,
    putBack,
    emptyBin,
    isBusy: map.isPending || create.isPending || bin.isPending || restore.isPending,
    isCreating: create.isPending,
    isEmptying: empty.isPending,
  };
};
