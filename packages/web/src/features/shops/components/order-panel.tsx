import { Alert, Anchor, Badge, Button, Checkbox, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink, IconShoppingBag } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TShopOrder, TShopOrdersQuery } from '@claimdesk/contracts';
import { intlLocale } from '../../../lib/i18n';
import { errorText } from '../../../lib/notify';
import { useShops } from '../api/list-shops';
import { useShopOrders } from '../api/look-up-orders';

export interface TOrderPanelProps {
  lookFor: { number: string; email: string; phone: string };
  readOnly: boolean;
  onUse: (order: TShopOrder, lines: TShopOrder['lines']) => void;
}

function OrderCard({
  order,
  readOnly,
  onUse,
}: { order: TShopOrder } & Pick<TOrderPanelProps, 'readOnly' | 'onUse'>) {
  const { t, i18n } = useTranslation('shops');
  const [chosen, setChosen] = useState(() => new Set(order.lines.map((_, i) => i)));
  const locale = intlLocale(i18n.language);
  const placed = new Date(order.placedAt).toLocaleDateString(locale, { dateStyle: 'medium' });
  const total =
    order.total === null
      ? null
      : new Intl.NumberFormat(locale, { style: 'currency', currency: order.currency }).format(
          Number(order.total),
        );
  const toggle = (index: number) =>
    setChosen((before) => {
      const next = new Set(before);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="shop-order">
      <Group justify="space-between" wrap="wrap" gap="xs" mb={6}>
        <Group gap="xs" wrap="wrap">
          <Anchor href={order.adminUrl} target="_blank" rel="noreferrer" fw={600}>
            <Group gap={4} wrap="nowrap" component="span">
              {t('order.number', { number: order.number.replace(/^#/, '') })}
              <IconExternalLink size={14} aria-label={t('order.openInShop')} />
            </Group>
          </Anchor>
          <Text size="sm" c="dimmed">
            {t('order.placed', { date: placed })}
          </Text>
          {order.deliveredAt && (
            <Badge size="sm" variant="light" color="teal">
              {t('order.delivered', {
                date: new Date(order.deliveredAt).toLocaleDateString(locale, { dateStyle: 'medium' }),
              })}
            </Badge>
          )}
          {total && <Text size="sm">{total}</Text>}
        </Group>
        <Button
          size="xs"
          disabled={readOnly}
          onClick={() =>
            onUse(
              order,
              order.lines.filter((_, i) => chosen.has(i)),
            )
          }
        >
          {t('order.use')}
        </Button>
      </Group>
      <Text size="sm">
        {[order.customer.name, order.customer.email, order.customer.phone].filter(Boolean).join(' · ')}
      </Text>
      <Stack gap={4} mt={6}>
        {order.lines.map((line, index) => (
          <Checkbox
            key={index}
            size="xs"
            checked={chosen.has(index)}
            onChange={() => toggle(index)}
            disabled={readOnly}
            label={`${String(line.quantity)} × ${line.product}${line.sku ? ` (${line.sku})` : ''}`}
          />
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * The customer's order in the store's web shop, on the case (issue 37): finds the order the case
 * names, or the customer's newest orders, and takes the chosen one into the form. It asks the shop
 * only when told to, and draws its own waiting and failures: the case never waits for the shop, and
 * nothing typed in the case is touched until an order is used. No shop connected: nothing drawn.
 */
export function OrderPanel({ lookFor, readOnly, onUse }: TOrderPanelProps) {
  const { t } = useTranslation('shops');
  const shops = useShops();
  const [asked, setAsked] = useState<TShopOrdersQuery | null>(null);
  const orders = useShopOrders(asked);
  const shop = shops.data?.shops[0];
  if (!shop) return null;
  const number = lookFor.number.trim();
  const email = lookFor.email.trim();
  const phone = lookFor.phone.trim();
  return (
    <Paper withBorder p="sm" mb="md" radius="md" aria-labelledby="order-panel-title" component="section">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <IconShoppingBag size={18} aria-hidden />
          <Text fw={600} id="order-panel-title">
            {t('panel.title')}
          </Text>
          <Text size="sm" c="dimmed">
            {shop.shop}
          </Text>
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="light" disabled={number === ''} onClick={() => setAsked({ number })}>
            {number === '' ? t('panel.findOrder') : t('panel.findNumber', { number })}
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={email === '' && phone === ''}
            onClick={() => setAsked(email !== '' ? { email } : { phone })}
          >
            {t('panel.customerOrders')}
          </Button>
        </Group>
      </Group>
      {asked !== null && (
        <Stack gap="xs" mt="sm" aria-live="polite">
          {orders.isFetching && (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm">{t('panel.asking')}</Text>
            </Group>
          )}
          {orders.isError && !orders.isFetching && (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm">{errorText(orders.error)}</Text>
                <Button size="xs" variant="default" onClick={() => void orders.refetch()}>
                  {t('panel.tryAgain')}
                </Button>
              </Group>
            </Alert>
          )}
          {orders.isSuccess && !orders.isFetching && orders.data.orders.length === 0 && (
            <Text size="sm" c="dimmed">
              {asked.number ? t('panel.noOrder', { number: asked.number }) : t('panel.noOrders')}
            </Text>
          )}
          {orders.isSuccess &&
            orders.data.orders.map((order) => (
              <OrderCard key={order.id} order={order} readOnly={readOnly} onUse={onUse} />
            ))}
        </Stack>
      )}
    </Paper>
  );
}

export const renderOrderPanel = (props: TOrderPanelProps) => <OrderPanel {...props} />;
