import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TProblem } from '../lib/check-document';
import { errorTextClass } from '../../../components/ui/error-text';

interface Props {
  problems: TProblem[];
  /** Puts the cursor on a line of the editor. */
  onGoToLine: (line: number) => void;
}

/** Where the document does not fit its schema: line, path inside the document, and the message. */
export function ProblemList({ problems, onGoToLine }: Props) {
  const { t } = useTranslation('settings');
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t('storeConfigs.problemsTitle', { count: problems.length })}
      data-testid="config-problems"
    >
      <List size="sm" spacing={4}>
        {problems.map((p) => (
          <List.Item key={p.path} data-path={p.path}>
            {p.line !== null && (
              <>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  fw={600}
                  className={errorTextClass}
                  onClick={() => onGoToLine(p.line ?? 1)}
                >
                  {t('storeConfigs.line', { line: p.line })}
                </Anchor>
                {' · '}
              </>
            )}
            <Text span size="sm" fw={600} ff="monospace">
              {p.path || t('storeConfigs.wholeDocument')}
            </Text>
            <Text span size="sm">
              {': '}
              {p.message}
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** Selects a line of a textarea and scrolls it into view. */
export function goToLine(textarea: HTMLTextAreaElement | null, line: number): void {
  if (!textarea) return;
  const lines = textarea.value.split('\n');
  const start = lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0);
  const end = start + (lines[line - 1]?.length ?? 0);
  textarea.focus();
  textarea.setSelectionRange(start, end);
  const lineHeight = parseFloat(getComputedStyle(textarea).lineHeight) || 20;
  textarea.scrollTop = Math.max(0, (line - 4) * lineHeight);
  textarea.scrollIntoView({ block: 'nearest' });
}
