import { useTranslation } from 'react-i18next';
import { SignatureModal } from '../../../components/ui/signature-modal';
import { notifySuccess } from '../../../lib/notify';
import { useMySignatures, useUpdateMySignatures } from '../api/my-signature';

/** The signed-in person's own signature, added under the mails they write. */
export function MySignatureModal({
  opened,
  fullName,
  onClose,
}: {
  opened: boolean;
  fullName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('users');
  const signatures = useMySignatures(opened);
  // The modal shows a failed save in place.
  const update = useUpdateMySignatures({ mutationConfig: { meta: { handlesErrors: true } } });
  return (
    <SignatureModal
      opened={opened}
      title={t('signature.title')}
      description={t('signature.description', { name: fullName })}
      signatures={signatures.data?.signatures}
      loadError={signatures.error}
      isSaving={update.isPending}
      onSave={async (next) => {
        await update.mutateAsync({ signatures: next });
        notifySuccess(t('common:signature.saved'));
      }}
      onClose={onClose}
    />
  );
}
