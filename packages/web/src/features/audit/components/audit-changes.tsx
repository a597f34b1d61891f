import { Code, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TAuditChanges } from '@claimdesk/contracts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value in one cell: text as it is, anything else as JSON. */
const shown = (value: unknown): string =>
  value === undefined ? '' : value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** Fields side by side, before and after, changed ones marked: for settings-like objects. */
function FieldsTable({ before, after }: { before: Record<string, unknown>; after: Record<string, unknown> }) {
  const { t } = useTranslation('audit');
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table withTableBorder withColumnBorders fz="xs" data-testid="audit-fields">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="30%" />
            <Table.Th>{t('details.before')}</Table.Th>
            <Table.Th>{t('details.after')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => {
            const isChanged = shown(before[key]) !== shown(after[key]);
            return (
              <Table.Tr key={key} fw={isChanged ? 600 : undefined}>
                <Table.Td ff="monospace">{key}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{shown(before[key])}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{shown(after[key])}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function JsonBlock({ label, value }: { label: string; value: unknown }) {
  const { t } = useTranslation('audit');
  return (
    <Stack gap={4}>
      <Text size="xs" fw={600} c="dimmed">
        {label}
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {value === null ? t('details.none') : JSON.stringify(value, null, 2)}
      </Code>
    </Stack>
  );
}

/**
 * What an entry says changed. Flat settings (a mailbox's servers) read best as a table of fields
 * before and after; documents and anything nested as JSON. Secrets arrive masked from the server.
 */
export function AuditChanges({ changes }: { changes: TAuditChanges }) {
  const { t } = useTranslation('audit');
  const { before, after, detail } = changes;
  const isFlat = (value: unknown) =>
    value === undefined || (isRecord(value) && Object.values(value).every((v) => !isRecord(v)));
  const hasChange = before !== undefined || after !== undefined;
  if (!hasChange && detail === undefined) {
    return (
      <Text size="sm" c="dimmed">
        {t('details.nothing')}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {hasChange && isFlat(before) && isFlat(after) && (isRecord(before) || isRecord(after)) ? (
        <FieldsTable before={isRecord(before) ? before : {}} after={isRecord(after) ? after : {}} />
      ) : (
        <>
          {before !== undefined && <JsonBlock label={t('details.before')} value={before} />}
          {after !== undefined && <JsonBlock label={t('details.after')} value={after} />}
        </>
      )}
      {detail !== undefined && <JsonBlock label={t('details.detail')} value={detail} />}
    </Stack>
  );
}
