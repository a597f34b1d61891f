import { Badge, Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TCaseCosts, TRecoveryState } from '@claimdesk/contracts';
import { formatMinor } from '../lib/money';

const STATE_COLOURS: Record<TRecoveryState, string> = {
  open: 'orange',
  partlySettled: 'yellow',
  settled: 'teal',
  writtenOff: 'gray',
};

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** The case's totals in the store's currency and where its recovery from the supplier stands. */
export function CostsSummary({ costs }: { costs: TCaseCosts }) {
  const { t, i18n } = useTranslation('costs');
  const money = (minor: number) => formatMinor(minor, costs.storeCurrency, i18n.language);
  const { recovery, totals } = costs;
  return (
    <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm" mb="md">
      <Figure label={t('totals.gross')} value={money(totals.grossMinor)} testId="total-gross" />
      <Figure
        label={t('totals.supplierPays')}
        value={money(recovery.expectedCreditMinor)}
        testId="total-expected"
      />
      <Figure label={t('totals.credited')} value={money(recovery.creditedMinor)} testId="total-credited" />
      <Figure
        label={t('totals.unrecovered')}
        value={money(recovery.unrecoveredMinor)}
        testId="total-unrecovered"
      />
      <Paper withBorder p="sm">
        <Text size="xs" c="dimmed">
          {recovery.supplierName ?? t('recovery.noSupplier')}
        </Text>
        <Badge mt={6} color={STATE_COLOURS[recovery.state]} variant="light" data-testid="recovery-state">
          {t(`recovery.state.${recovery.state}`)}
        </Badge>
      </Paper>
    </SimpleGrid>
  );
}
