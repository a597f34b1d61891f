import { Button, Group, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A reply goes to whoever wrote the mail. When that is not the case's customer (a relative, a
 * colleague, another address), the customer is offered here, never added by itself: one person's
 * answer must not reach another unasked.
 */
export function CustomerOffer({
  customerEmail,
  recipients,
  onAdd,
}: {
  customerEmail: string | null | undefined;
  recipients: readonly string[];
  onAdd: (address: string) => void;
}) {
  const { t } = useTranslation('compose');
  if (!customerEmail || recipients.length === 0) return null;
  const key = customerEmail.toLowerCase();
  if (recipients.some((a) => a.toLowerCase() === key)) return null;
  return (
    <Group gap="xs" wrap="wrap" data-testid="customer-offer">
      <Text size="sm" c="dimmed">
        {t('customerOffer.note')}
      </Text>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconUserPlus size={14} aria-hidden />}
        onClick={() => onAdd(customerEmail)}
      >
        {t('customerOffer.add', { address: customerEmail })}
      </Button>
    </Group>
  );
}
