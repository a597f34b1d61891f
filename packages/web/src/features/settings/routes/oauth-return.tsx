import { Loader } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { useOAuthExchange } from '../api/oauth-exchange';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const MAIL_CONFIG_PATH = '/settings/mail-config';
/** Where a shop's sign-in returns the person (a mailbox's goes to the mail settings). */
const SHOPS_PATH = '/settings/shops';

/** external/{provider}/oauth: exchanges the returned code, then goes to the mail (or shops) settings. */
export function OAuthReturnRoute() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('oauth.connecting'));
  const { provider = '' } = useParams();
  const [params] = useSearchParams();
  const code = params.get('code');
  const navigate = useNavigate();
  const exchange = useOAuthExchange();
  const done = provider === 'shopify' ? SHOPS_PATH : MAIL_CONFIG_PATH;
  const started = useRef(false);

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    exchange.mutate(
      { provider, code, shop: params.get('shop'), returned: params },
      { onSuccess: (ok) => ok && void navigate(done, { replace: true }) },
    );
  }, [code, provider, params, exchange, navigate, done]);

  if (!code) return <Navigate to={done} replace />;
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
