import { SimpleGrid, Paper, Text } from '@mantine/core';
import type { TSearchCustomerDataResponse } from '@claimdesk/contracts';
import { useTranslation } from 'react-i18next';

const KINDS = ['cases', 'mails', 'attachments', 'timelineEntries', 'costLines', 'items'] as const;

/** What a search found: one tile per kind of item, and the case numbers. */
export function CustomerCounts({ counts }: { counts: TSearchCustomerDataResponse }) {
  const { t } = useTranslation('privacy');
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm" data-testid="privacy-counts">
        {KINDS.map((kind) => (
          <Paper key={kind} withBorder radius="md" p="sm">
            <Text size="xs" c="dimmed">
              {t(`counts.${kind}`)}
            </Text>
            <Text fw={700} size="xl" data-testid={`privacy-count-${kind}`}>
              {counts[kind]}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {counts.caseNumbers.length > 0 && (
        <Text size="sm" mt="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('caseNumbers', { numbers: counts.caseNumbers.join(', ') })}
        </Text>
      )}
    </>
  );
}
