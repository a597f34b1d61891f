import { useTranslation } from 'react-i18next';
import { SignatureModal } from '../../../components/ui/signature-modal';
import { notifySuccess } from '../../../lib/notify';
import { useMailboxSignatures, useUpdateMailboxSignatures } from '../api/mailbox-signatures';

/** The signature under every mail sent from a mailbox, in each language of the mail. */
export function MailboxSignatureModal({
  mailbox,
  onClose,
}: {
  /** The mailbox edited; null: closed. */
  mailbox: { id: number; address: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('mailConfig');
  const list = useMailboxSignatures(mailbox !== null);
  // The modal shows a failed save in place.
  const update = useUpdateMailboxSignatures({ mutationConfig: { meta: { handlesErrors: true } } });
  const current = list.data?.find((m) => m.mailboxId === mailbox?.id);
  return (
    <SignatureModal
      opened={mailbox !== null}
      title={t('signature.title')}
      description={t('signature.description', { address: mailbox?.address ?? '' })}
      signatures={current?.signatures}
      loadError={list.error}
      isSaving={update.isPending}
      onSave={async (signatures) => {
        if (!mailbox) return;
        await update.mutateAsync({ mailboxId: mailbox.id, body: { signatures } });
        notifySuccess(t('common:signature.saved'));
      }}
      onClose={onClose}
    />
  );
}
