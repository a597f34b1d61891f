import { Badge, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatStoredDate } from '../../../components/ui/date-field';
import { useJsonConfig } from '../../../lib/config-queries';
import { useShell } from '../../../lib/shell-context';
import { caseDeadlines } from '../lib/deadlines';

const today = () => new Date().toISOString().slice(0, 10);

/** One date of the block, with the rule behind it on hover and a mark once it has passed. */
function Deadline({ label, date, source }: { label: string; date: string; source: string }) {
  const { t, i18n } = useTranslation('costs');
  const hasPassed = date < today();
  return (
    <Tooltip label={source} multiline maw={360} withArrow>
      <Text size="sm" component="span" tabIndex={0}>
        {label}:{' '}
        <Text span fw={600} c={hasPassed ? 'dimmed' : undefined}>
          {formatStoredDate(date, i18n.language)}
        </Text>
        {hasPassed && (
          <Badge ml={6} size="xs" color="gray" variant="light">
            {t('deadlines.passed')}
          </Badge>
        )}
      </Text>
    </Tooltip>
  );
}

/**
 * The consumer-law deadlines of a claim (read-only): when its claim period ends and until when
 * the burden of proof lies with the store, from its purchase date and the store's country.
 */
export function ConsumerDeadlines({
  purchaseDate,
  closedAt,
}: {
  purchaseDate: string | null;
  closedAt: string | null;
}) {
  const { t } = useTranslation('costs');
  const { settings, grantType } = useShell();
  const costForm = useJsonConfig('cost-form', grantType);
  const result = caseDeadlines(
    purchaseDate,
    { language: settings?.language, costForm: costForm.data },
    closedAt,
  );
  return (
    <Paper withBorder p="xs" px="sm" mb="md" data-testid="consumer-deadlines">
      <Group gap="lg" wrap="wrap">
        <Group gap={6}>
          <IconScale size={18} aria-hidden />
          <Text size="sm" fw={600}>
            {'deadlines' in result
              ? t('deadlines.title', { country: t(`deadlines.country.${result.deadlines.country}`) })
              : t('deadlines.titlePlain')}
          </Text>
        </Group>
        {'missing' in result ? (
          <Text size="sm" c="dimmed">
            {t(`deadlines.missing.${result.missing}`)}
          </Text>
        ) : (
          <>
            <Deadline
              label={t('deadlines.claimPeriodEnds')}
              date={result.deadlines.claimPeriodEnds}
              source={result.deadlines.claimPeriodSource}
            />
            {result.deadlines.longLastingClaimPeriodEnds && (
              <Deadline
                label={t('deadlines.longLasting')}
                date={result.deadlines.longLastingClaimPeriodEnds}
                source={result.deadlines.longLastingClaimPeriodSource ?? ''}
              />
            )}
            <Deadline
              label={t('deadlines.burdenOfProof')}
              date={result.deadlines.burdenOfProofUntil}
              source={result.deadlines.burdenOfProofSource}
            />
            {result.deadlines.supplierRecourse?.until ? (
              <Deadline
                label={t('deadlines.supplierRecourseUntil')}
                date={result.deadlines.supplierRecourse.until}
                source={result.deadlines.supplierRecourse.source}
              />
            ) : (
              result.deadlines.supplierRecourse && (
                <Tooltip label={result.deadlines.supplierRecourse.source} multiline maw={360} withArrow>
                  <Text size="sm" c="dimmed" tabIndex={0}>
                    {t('deadlines.supplierRecourse', {
                      months: result.deadlines.supplierRecourse.monthsAfterCustomerSatisfied,
                    })}
                  </Text>
                </Tooltip>
              )
            )}
          </>
        )}
      </Group>
    </Paper>
  );
}
