import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useEraseCustomerData } from '../api/erase-customer-data';

/**
 * The erasure's confirmation: what goes and what stays, and the address typed again, so that an
 * administrator never erases a customer by a slip of the mouse (it cannot be undone).
 */
export function EraseDialog({
  opened,
  email,
  phone,
  onClose,
  onErased,
}: {
  opened: boolean;
  email: string;
  phone: string;
  onClose: () => void;
  onErased: () => void;
}) {
  const { t } = useTranslation('privacy');
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const erase = useEraseCustomerData({
    mutationConfig: {
      meta: { handlesErrors: true },
      onSuccess: (result) => {
        notifySuccess(t('erased', { mails: result.mails, cases: result.cases }));
        setTyped('');
        onErased();
      },
      onError: (error) => {
        const message = isHttpError(error) ? error.fieldErrors.confirmEmail : undefined;
        if (message) setFieldError(t('confirmMismatch'));
        else notifyError(error);
      },
    },
  });
  const matches = typed.trim().toLowerCase() === email.trim().toLowerCase();
  return (
    <Modal opened={opened} onClose={onClose} title={t('eraseTitle')} size="lg">
      <Stack gap="sm">
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {t('eraseWarning')}
        </Alert>
        <Text fw={600} size="sm">
          {t('goesTitle')}
        </Text>
        <List size="sm" spacing={2}>
          <List.Item>{t('goes.fields')}</List.Item>
          <List.Item>{t('goes.mails')}</List.Item>
          <List.Item>{t('goes.sessions')}</List.Item>
        </List>
        <Text fw={600} size="sm">
          {t('staysTitle')}
        </Text>
        <List size="sm" spacing={2}>
          <List.Item>{t('stays.numbers')}</List.Item>
          <List.Item>{t('stays.costs')}</List.Item>
        </List>
        <TextInput
          label={t('confirmLabel', { email })}
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            setFieldError(null);
          }}
          error={fieldError}
          autoComplete="off"
          data-testid="privacy-confirm-email"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            color="red"
            disabled={!matches}
            loading={erase.isPending}
            onClick={() =>
              erase.mutate({ email, confirmEmail: typed, ...(phone.trim() && { phone: phone.trim() }) })
            }
          >
            {t('eraseConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
