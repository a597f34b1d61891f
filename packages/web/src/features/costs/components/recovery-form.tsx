import { Button, Checkbox, Group, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { COST_LIMITS, type TRecovery } from '@claimdesk/contracts';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateRecovery } from '../api/update-recovery';
import { applyCostErrors, toMinor } from '../lib/money';
import { AmountField, submitOnEnter } from './cost-fields';

interface Values {
  expectedCredit: number | string;
  isWrittenOff: boolean;
  writeOffReason: string;
}

/** The credit expected from the supplier (empty: what the lines the supplier pays add up to) and a write-off. */
export function RecoveryForm({ caseId, recovery }: { caseId: number; recovery: TRecovery }) {
  const { t } = useTranslation('costs');
  const save = useUpdateRecovery();
  const { control, register, handleSubmit, setError, watch, formState } = useForm<Values>({
    values: {
      expectedCredit: recovery.isExpectedSet ? recovery.expectedCreditMinor / 100 : '',
      isWrittenOff: recovery.state === 'writtenOff',
      writeOffReason: recovery.writeOffReason ?? '',
    },
  });
  const submit = handleSubmit(async (values) => {
    if (values.isWrittenOff && !values.writeOffReason.trim()) {
      setError('writeOffReason', { type: 'required', message: t('recovery.reasonRequired') });
      return;
    }
    try {
      await save.mutateAsync({
        caseId,
        recovery: {
          expectedCreditMinor: values.expectedCredit === '' ? null : toMinor(Number(values.expectedCredit)),
          isWrittenOff: values.isWrittenOff,
          writeOffReason: values.isWrittenOff ? values.writeOffReason : null,
        },
      });
      notifySuccess(t('recovery.saved'));
    } catch (error) {
      applyCostErrors(error, setError, ['expectedCredit', 'writeOffReason'], {
        expectedCreditMinor: 'expectedCredit',
      });
    }
  });
  return (
    <div onKeyDown={submitOnEnter(() => void submit())} data-testid="recovery-form">
      <Group align="flex-end" wrap="wrap" gap="sm">
        <AmountField
          control={control}
          name="expectedCredit"
          label={t('recovery.expected')}
          description={t('recovery.expectedHint')}
          w={220}
          error={formState.errors.expectedCredit?.message}
        />
        <Checkbox {...register('isWrittenOff')} label={t('recovery.writeOff')} mb={8} />
        {watch('isWrittenOff') && (
          <TextInput
            {...register('writeOffReason')}
            label={t('recovery.reason')}
            maxLength={COST_LIMITS.writeOffReason}
            error={formState.errors.writeOffReason?.message}
            style={{ flex: 1, minWidth: 220 }}
          />
        )}
        <Button type="button" variant="default" onClick={() => void submit()} loading={save.isPending}>
          {t('recovery.save')}
        </Button>
      </Group>
    </div>
  );
}
