import { Loader } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { useOAuthExchange } from '../api/oauth-exchange';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const MAIL_CONFIG_PATH = '/settings/mail-config';

/** external/{provider}/oauth: exchanges the returned code, then goes to the mail settings. */
export function OAuthReturnRoute() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('oauth.connecting'));
  const { provider = '' } = useParams();
  const [params] = useSearchParams();
  const code = params.get('code');
  const navigate = useNavigate();
  const exchange = useOAuthExchange();
  const started = useRef(false);

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    exchange.mutate(
      { provider, code, shop: params.get('shop') },
      { onSuccess: (ok) => ok && void navigate(MAIL_CONFIG_PATH, { replace: true }) },
    );
  }, [code, provider, params, exchange, navigate]);

  if (!code) return <Navigate to={MAIL_CONFIG_PATH} replace />;
  if (exchange.data === false) {
    return (
      <EmptyState
        icon={<IconPlugConnectedX size={32} />}
        title={t('oauth.failedTitle')}
        description={t('oauth.failed')}
      />
    );
  }
  return <EmptyState icon={<Loader size="sm" />} title={t('oauth.connecting')} />;
}
