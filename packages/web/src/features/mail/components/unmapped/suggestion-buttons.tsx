import { Button, Group, Loader, Text, Tooltip } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TCaseSuggestion } from '@claimdesk/contracts';

interface Props {
  suggestions: TCaseSuggestion[] | undefined;
  isLoading: boolean;
  workflowName: (workFlow: string) => string;
  onMap: (suggestion: TCaseSuggestion) => void;
  disabled?: boolean;
}

/** "Map to #10023 (customer email)": one click maps the mail to a likely case. */
export function SuggestionButtons({ suggestions, isLoading, workflowName, onMap, disabled }: Props) {
  const { t } = useTranslation('inbox');
  if (isLoading) return <Loader size="xs" aria-label={t('unmapped.suggestions')} />;
  if (!suggestions || suggestions.length === 0)
    return (
      <Text size="xs" c="dimmed">
        {t('unmapped.noSuggestions')}
      </Text>
    );
  return (
    <Group gap={6} aria-label={t('unmapped.suggestions')} role="group">
      {suggestions.map((s) => (
        <Tooltip
          key={s.caseId}
          label={t('unmapped.mapToTitle', {
            customer: s.customerName,
            workflow: workflowName(s.workFlow),
            status: s.status,
          })}
          openDelay={300}
        >
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconLink size={12} aria-hidden />}
            disabled={disabled}
            onClick={() => onMap(s)}
            data-testid={`suggestion-${String(s.caseId)}`}
          >
            {t('unmapped.mapTo', {
              caseNumber: s.caseNumber,
              reason: s.reasons[0] ? t(`reason.${s.reasons[0]}`) : '',
            })}
          </Button>
        </Tooltip>
      ))}
    </Group>
  );
}
