import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconPlugConnected, IconTrash } from '@tabler/icons-react';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TShopConnection } from '@claimdesk/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { isHttpError } from '../../../lib/http-error';
import { notifySuccess } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useConnectWooCommerce } from '../api/connect-woocommerce';
import { useDisconnectShop } from '../api/disconnect-shop';
import { useQuery } from '@tanstack/react-query';
import { shopsQuery } from '../api/list-shops';
import { shopifyAuthorizeUrl } from '../api/shopify-authorize-url';

function ShopRow({ shop }: { shop: TShopConnection }) {
  const { t } = useTranslation('shops');
  const disconnect = useDisconnectShop({
    mutationConfig: { onSuccess: () => notifySuccess(t('settings.disconnected', { shop: shop.shop })) },
  });
  const confirm = () =>
    modals.openConfirmModal({
      title: t('settings.disconnectTitle'),
      children: <Text size="sm">{t('settings.disconnectText', { shop: shop.shop })}</Text>,
      labels: { confirm: t('settings.disconnect'), cancel: t('settings.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => disconnect.mutate(shop.id),
    });
  return (
    <Paper withBorder p="sm" data-testid="shop-connection">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="wrap">
          <Badge variant="light">{t(`kinds.${shop.kind}`)}</Badge>
          <Text fw={600}>{shop.shop}</Text>
          {shop.state === 'failing' ? (
            <Badge color="red" variant="light">
              {t('settings.failing')}
            </Badge>
          ) : (
            <Badge color="teal" variant="light">
              {t('settings.connected')}
            </Badge>
          )}
        </Group>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          loading={disconnect.isPending}
          onClick={confirm}
        >
          {t('settings.disconnect')}
        </Button>
      </Group>
      {shop.state === 'failing' && shop.lastError && (
        <Alert mt="xs" color="red" variant="light" icon={<IconAlertTriangle size={16} aria-hidden />}>
          {t('settings.failingText', { error: shop.lastError })}
        </Alert>
      )}
    </Paper>
  );
}

function WooCommerceForm() {
  const { t } = useTranslation('shops');
  const [values, setValues] = useState({ url: '', consumerKey: '', consumerSecret: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const connect = useConnectWooCommerce({
    mutationConfig: {
      meta: { handlesErrors: true },
      onSuccess: (shop) => {
        setValues({ url: '', consumerKey: '', consumerSecret: '' });
        notifySuccess(t('settings.connectedShop', { shop: shop.shop }));
      },
      onError: (error) => {
        if (isHttpError(error) && Object.keys(error.fieldErrors).length > 0) setErrors(error.fieldErrors);
        else setErrors({ url: isHttpError(error) ? error.message : String(error) });
      },
    },
  });
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setErrors({});
    connect.mutate(values);
  };
  const field = (name: keyof typeof values) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      // Read now: React reuses the event once the handler returns.
      const value = event.currentTarget.value;
      setValues((before) => ({ ...before, [name]: value }));
    },
  });
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} noValidate>
      <Title order={3} size="h5" mb="xs">
        {t('settings.wooTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('settings.wooHelp')}
      </Text>
      <Stack gap="sm" maw={520}>
        <TextInput
          label={t('settings.url')}
          placeholder="https://shop.example.com"
          required
          {...field('url')}
        />
        <TextInput label={t('settings.consumerKey')} placeholder="ck_…" required {...field('consumerKey')} />
        <PasswordInput
          label={t('settings.consumerSecret')}
          placeholder="cs_…"
          required
          {...field('consumerSecret')}
        />
        <Group>
          <Button
            type="submit"
            loading={connect.isPending}
            leftSection={<IconPlugConnected size={16} aria-hidden />}
          >
            {t('settings.connect')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function ShopifyForm() {
  const { t } = useTranslation('shops');
  const [shop, setShop] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isGoing, setGoing] = useState(false);
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setError(undefined);
    const name = shop.trim().toLowerCase();
    setGoing(true);
    try {
      // Shopify's grant screen; it returns to external/shopify/oauth.
      window.location.assign(await shopifyAuthorizeUrl(name.includes('.') ? name : `${name}.myshopify.com`));
    } catch (failure) {
      setGoing(false);
      setError(isHttpError(failure) ? (failure.fieldErrors.shop ?? failure.message) : String(failure));
    }
  };
  return (
    <Paper withBorder p="md" component="form" onSubmit={(event) => void submit(event)} noValidate>
      <Title order={3} size="h5" mb="xs">
        {t('settings.shopifyTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('settings.shopifyHelp')}
      </Text>
      <Group align="flex-start" gap="sm" maw={520} wrap="wrap">
        <TextInput
          label={t('settings.shopifyShop')}
          placeholder="my-shop.myshopify.com"
          value={shop}
          error={error}
          onChange={(event) => setShop(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 220 }}
        />
        <Button type="submit" mt={25} loading={isGoing} disabled={shop.trim() === ''}>
          {t('settings.connectShopify')}
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * /settings/shops: the store's web shops (issue 37). A WooCommerce shop connects with REST API keys
 * the shop grants (tried before they are kept); a Shopify shop connects from Shopify's app install.
 */
export function ShopsSettingsRoute() {
  const { t } = useTranslation('shops');
  useDocumentTitle(t('settings.title'));
  // A shop just connected from Shopify's return page is shown at once.
  const shops = useQuery({ ...shopsQuery(), refetchOnMount: 'always' });
  return (
    <Stack gap="md">
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      {shops.isError && (
        <Alert color="red" variant="light">
          {t('settings.loadFailed')}
        </Alert>
      )}
      {shops.isSuccess && shops.data.shops.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('settings.none')}
        </Text>
      )}
      {shops.data?.shops.map((shop) => (
        <ShopRow key={shop.id} shop={shop} />
      ))}
      <ShopifyForm />
      <WooCommerceForm />
    </Stack>
  );
}
