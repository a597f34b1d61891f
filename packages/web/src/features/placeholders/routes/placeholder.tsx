import { IconHourglassEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Screens that later issues build: an honest statement that there is nothing here yet. */
export function PlaceholderRoute({ screen, title }: { screen: string; title?: string }) {
  const { t } = useTranslation('common');
  useDocumentTitle(title ?? t(`screens.${screen}`));
  return (
    <>
      <PageHeader title={title ?? t(`screens.${screen}`)} />
      <EmptyState
        icon={<IconHourglassEmpty size={32} />}
        title={t('placeholder.title')}
        description={t('placeholder.description')}
      />
    </>
  );
}
