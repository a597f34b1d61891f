import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PlaceholderRoute } from '../../features/placeholders/routes/placeholder';
import { FeatureGate } from './feature-gate';

/** cases/{type}/{workFlow}: type is open or archive; the support workflow needs supportClaim. */
export function CasesGate() {
  const { t } = useTranslation('common');
  const { type, workFlow = '' } = useParams();
  if (type !== 'open' && type !== 'archive') return <Navigate to="/not-found" replace />;
  return (
    <FeatureGate feature={workFlow === 'support' ? 'supportClaim' : undefined}>
      <PlaceholderRoute
        screen="cases"
        title={t('screens.casesOf', {
          list: t(type === 'open' ? 'menu.open' : 'menu.archive'),
          workflow: t(`menu.${workFlow}`, { defaultValue: workFlow }),
        })}
      />
    </FeatureGate>
  );
}
