import { Alert, Badge, Button, FileInput, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../../../lib/http-error';
import { errorText } from '../../../lib/notify';
import { useSaveSupplier } from '../api/save-supplier';
import { csvToSuppliers, type TCsvRow } from './supplier-csv';

type TOutcome = { line: number; name: string; state: 'created' | 'failed' | 'invalid'; detail: string };

const problemsText = (problems: Record<string, string>) =>
  Object.entries(problems)
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ');

/**
 * Imports suppliers from a CSV file: each good row is saved on its own, so good rows are kept
 * when others fail; the report says per row what happened.
 */
export function SupplierImportModal({ base, onClose }: { base: string; onClose: () => void }) {
  const { t } = useTranslation(['suppliers', 'common']);
  const save = useSaveSupplier({ mutationConfig: { meta: { handlesErrors: true } } });
  const [rows, setRows] = useState<TCsvRow[] | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<TOutcome[] | null>(null);
  const [isImporting, setImporting] = useState(false);

  const onFile = async (file: File | null) => {
    setOutcomes(null);
    setRows(null);
    setFileError(null);
    if (!file) return;
    const parsed = csvToSuppliers(await file.text());
    if ('error' in parsed) setFileError(t('import.noNameColumn'));
    else if (parsed.length === 0) setFileError(t('import.empty'));
    else setRows(parsed);
  };

  const run = async () => {
    if (!rows) return;
    setImporting(true);
    const done: TOutcome[] = [];
    for (const row of rows) {
      if (row.body === null) {
        done.push({ line: row.line, name: row.name, state: 'invalid', detail: problemsText(row.problems) });
        continue;
      }
      try {
        await save.mutateAsync({ base, id: null, body: row.body });
        done.push({ line: row.line, name: row.name, state: 'created', detail: '' });
      } catch (error) {
        const fields = isHttpError(error) ? problemsText(error.fieldErrors) : '';
        done.push({ line: row.line, name: row.name, state: 'failed', detail: fields || errorText(error) });
      }
    }
    setOutcomes(done);
    setImporting(false);
  };

  const shown: TOutcome[] =
    outcomes ??
    (rows ?? []).map((r) => ({
      line: r.line,
      name: r.name,
      state: r.body ? 'created' : 'invalid',
      detail: r.problems ? problemsText(r.problems) : '',
    }));
  const good = (rows ?? []).filter((r) => r.body !== null).length;

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('import.title')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('import.explain')}</Text>
        <FileInput
          label={t('import.file')}
          accept=".csv,text/csv"
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          onChange={(file) => void onFile(file)}
          error={fileError}
          clearable
        />
        {rows && (
          <Table data-testid="import-report">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>{t('import.line')}</Table.Th>
                <Table.Th>{t('field.name')}</Table.Th>
                <Table.Th w={130}>{t('import.state')}</Table.Th>
                <Table.Th>{t('import.detail')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((o) => (
                <Table.Tr key={o.line} data-testid="import-row" data-state={outcomes ? o.state : 'planned'}>
                  <Table.Td>{o.line}</Table.Td>
                  <Table.Td>{o.name || '–'}</Table.Td>
                  <Table.Td>
                    <Badge
                      color={o.state === 'created' ? (outcomes ? 'teal' : 'blue') : 'red.9'}
                      variant="light"
                    >
                      {t(
                        outcomes
                          ? `import.${o.state}`
                          : o.state === 'created'
                            ? 'import.ready'
                            : 'import.invalid',
                      )}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{o.detail}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {outcomes && (
          <Alert color="blue" role="status">
            {t('import.summary', {
              created: outcomes.filter((o) => o.state === 'created').length,
              failed: outcomes.filter((o) => o.state !== 'created').length,
            })}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t(outcomes ? 'common:actions.close' : 'common:actions.cancel')}
          </Button>
          {!outcomes && (
            <Button onClick={() => void run()} loading={isImporting} disabled={good === 0}>
              {t('import.run', { count: good })}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
