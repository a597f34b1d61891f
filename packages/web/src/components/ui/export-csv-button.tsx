import { Button, type ButtonProps } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv } from '../../lib/csv-download';
import { notifyError } from '../../lib/notify';

interface Props extends Pick<ButtonProps, 'variant' | 'size'> {
  /** The export's path (GET /v2/api/exports/...). */
  path: string;
  /** The list's current filters, as the export takes them. */
  params: Record<string, string | number | boolean | null | undefined>;
  /** The file's name in the browser's downloads. */
  fileName: string;
  label?: string;
}

/** "Export CSV": downloads every row of a list as filtered now, busy while the server writes it. */
export function ExportCsvButton({ path, params, fileName, label, variant = 'default', size }: Props) {
  const { t } = useTranslation('common');
  const [isBusy, setBusy] = useState(false);
  const onExport = () => {
    setBusy(true);
    downloadCsv(path, params, fileName)
      .catch(notifyError)
      .finally(() => setBusy(false));
  };
  return (
    <Button
      variant={variant}
      size={size}
      loading={isBusy}
      leftSection={<IconFileTypeCsv size={18} aria-hidden />}
      onClick={onExport}
    >
      {label ?? t('actions.exportCsv')}
    </Button>
  );
}
