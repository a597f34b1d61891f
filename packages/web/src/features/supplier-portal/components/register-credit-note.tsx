import { Button } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TSupplierAnswer } from '@claimdesk/contracts';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useShell } from '../../../lib/shell-context';
import { useCaseCreditNoteNumbers, useRegisterCreditNote } from '../api/register-credit-note';

/**
 * Offers staff to register the supplier's credit note (number and amount of its answer) on the
 * case's costs, when cost registration is on and it is not registered yet.
 */
export function RegisterCreditNote({ caseId, answer }: { caseId: number; answer: TSupplierAnswer }) {
  const { t } = useTranslation('supplierPortal');
  const { features, grantType } = useShell();
  const isOffered =
    grantType !== 'otp' &&
    features.costReg &&
    Boolean(answer.creditNoteNumber) &&
    answer.amountMinor !== null &&
    answer.amountMinor > 0 &&
    answer.currency !== null;
  const registered = useCaseCreditNoteNumbers(caseId, isOffered);
  const register = useRegisterCreditNote();
  if (!isOffered || !registered.data || registered.data.includes(answer.creditNoteNumber ?? '')) return null;
  return (
    <Button
      size="xs"
      variant="light"
      w="fit-content"
      leftSection={<IconReceipt size={14} aria-hidden />}
      loading={register.isPending}
      onClick={() =>
        void register
          .mutateAsync({ caseId, answer })
          .then(() => notifySuccess(t('card.registered', { number: answer.creditNoteNumber })), notifyError)
      }
    >
      {t('card.register')}
    </Button>
  );
}
