import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TPortalCase } from '@claimdesk/contracts';
import { formatWhen } from '../lib/money';

/** What a supplier needs of the claim: its dates, reference, description and items with their faults. */
export function PortalClaim({ claim }: { claim: TPortalCase }) {
  const { t, i18n } = useTranslation('supplierPortal');
  const fact = (label: string, value: string | null) => (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value ?? '—'}</Text>
    </Stack>
  );
  return (
    <Paper withBorder p="md" data-testid="portal-claim">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={3} size="h4">
          {t('claim.title', { number: claim.caseNumber })}
        </Title>
        {claim.supplierName && (
          <Badge variant="light" tt="none">
            {claim.supplierName}
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mb="md">
        {fact(t('claim.sentAt'), claim.sentToSupplierAt && formatWhen(claim.sentToSupplierAt, i18n.language))}
        {fact(t('claim.createdAt'), formatWhen(claim.createdAt, i18n.language))}
        {fact(t('claim.purchaseDate'), claim.purchaseDate)}
        {fact(t('claim.orderReference'), claim.orderReference)}
      </SimpleGrid>
      {claim.description && (
        <Stack gap={2} mb="md">
          <Text size="xs" c="dimmed">
            {t('claim.description')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {claim.description}
          </Text>
        </Stack>
      )}
      <Table.ScrollContainer minWidth={520}>
        <Table striped data-testid="portal-items">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('item.product')}</Table.Th>
              <Table.Th>{t('item.sku')}</Table.Th>
              <Table.Th>{t('item.serialNumber')}</Table.Th>
              <Table.Th>{t('item.quantity')}</Table.Th>
              <Table.Th>{t('item.fault')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {claim.items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text size="sm" c="dimmed">
                    {t('item.none')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {claim.items.map((item, i) => (
              <Table.Tr key={i}>
                <Table.Td>
                  {item.productName}
                  {item.itemTypeName && (
                    <Text size="xs" c="dimmed">
                      {item.itemTypeName}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{item.sku ?? '—'}</Table.Td>
                <Table.Td>{item.serialNumber ?? '—'}</Table.Td>
                <Table.Td>{item.quantity}</Table.Td>
                <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{item.faultDescription ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" mt="sm">
        {t('claim.filesInMails')}
      </Text>
    </Paper>
  );
}
