import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TMailbox, TOAuthProvider } from '@claimdesk/contracts';
import { formatTime } from '../lib/format-time';
import { providerOf } from '../lib/provider';

/**
 * How a Google or Microsoft mailbox's sign-in stands, in one line for its details: until when the
 * access token holds and whether it renews by itself. Null for the other kinds.
 */
export function useAuthorizationLine(m: TMailbox): string | null {
  const { t, i18n } = useTranslation('mailConfig');
  const provider = providerOf(m);
  const authorization = m.authorization;
  if (!provider || !authorization) return null;
  const time = formatTime(authorization.accessTokenExpiresAt, i18n.language);
  const hasRunOut =
    authorization.accessTokenExpiresAt !== null &&
    Date.parse(authorization.accessTokenExpiresAt) <= Date.now();
  switch (authorization.state) {
    case 'removed':
      return t('card.tokenRemoved');
    case 'expired':
      return time ? t('card.tokenExpired', { time }) : t('card.tokenUnreadable');
    case 'renewal-failing':
      return t(hasRunOut ? 'card.tokenRenewalFailingRanOut' : 'card.tokenRenewalFailing', { time });
    case 'active':
      if (!time) return t('card.tokenNoExpiry');
      if (!authorization.hasRefreshToken) return t('card.tokenUntil', { time });
      // A disabled mailbox signs in to nothing, so its token is renewed only when it is used again.
      return t(hasRunOut ? 'card.tokenRanOutRenews' : 'card.tokenRenewed', { time });
  }
}

/**
 * A sign-in that a person must renew, said on the card with the button to do it: the provider
 * refused the renewal (its words are in the card's error), or the token ran out with nothing to
 * renew it. A removed authorization has its own notice on the card.
 */
export function AuthorizationAlert({
  mailbox,
  onSignIn,
}: {
  mailbox: TMailbox;
  onSignIn: (provider: TOAuthProvider) => void;
}) {
  const { t } = useTranslation('mailConfig');
  const provider = providerOf(mailbox);
  const state = mailbox.authorization?.state;
  if (!provider || (state !== 'renewal-failing' && state !== 'expired')) return null;
  const providerName = t(`provider.${provider}`);
  return (
    <Alert color="orange" variant="light" data-testid="mailbox-authorization-alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {t(state === 'expired' ? 'card.expired' : 'card.renewalFailing', { provider: providerName })}
        </Text>
        <Button
          size="xs"
          leftSection={<IconLogin2 size={16} aria-hidden />}
          onClick={() => onSignIn(provider)}
        >
          {t('card.signInAgain', { provider: providerName })}
        </Button>
      </Stack>
    </Alert>
  );
}
