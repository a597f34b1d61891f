import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { canOpen } from '../../../lib/menu-rules';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSupplier } from '../api/get-supplier';
import { useSupplierCases } from '../api/list-supplier-cases';
import { useSuppliersBase } from '../api/supplier-source';
import { SupplierCases } from '../components/supplier-cases';
import { SupplierFormModal } from '../components/supplier-form-modal';
import { daysText } from '../components/suppliers-table';

function Figure({ label, value, isAlert = false }: { label: string; value: string; isAlert?: boolean }) {
  return (
    <Paper withBorder p="sm" data-testid="supplier-figure">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" c={isAlert ? 'red.9' : undefined}>
        {value}
      </Text>
    </Paper>
  );
}

/** /suppliers/:id: a supplier's details, contact persons and figures. */
export function SupplierDetailRoute() {
  const { t } = useTranslation(['suppliers', 'common']);
  const { identity, grantType } = useSession();
  const id = Number(useParams().id);
  const base = useSuppliersBase();
  const supplier = useSupplier(base, id);
  const cases = useSupplierCases(base, id);
  const [isEditing, setEditing] = useState(false);
  useDocumentTitle(supplier.data?.name);
  if (!identity || !canOpen('suppliers', { authorities: identity.authorities, grantType: grantType ?? '' }))
    return <Navigate to="/access-denied" replace />;
  if (!Number.isInteger(id) || id < 1 || supplier.isError) return <Navigate to="/not-found" replace />;
  const s = supplier.data;
  const f = s?.figures;
  const rate = f?.acceptanceRate;

  return (
    <>
      <Anchor
        component={Link}
        to="/suppliers"
        size="sm"
        mb="xs"
        display="inline-flex"
        style={{ alignItems: 'center', gap: 4 }}
      >
        <IconArrowLeft size={14} aria-hidden /> {t('title')}
      </Anchor>
      <PageHeader
        title={s?.name ?? '…'}
        description={[s?.organisationNumber, s?.isDisabled ? t('disabled') : null]
          .filter(Boolean)
          .join(' · ')}
        actions={
          s && (
            <Button leftSection={<IconPencil size={18} aria-hidden />} onClick={() => setEditing(true)}>
              {t('edit')}
            </Button>
          )
        }
      />
      {s && f && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
            <Figure label={t('figures.sent')} value={String(f.casesSent)} />
            <Figure
              label={t('figures.acceptance')}
              value={rate === null || rate === undefined ? '–' : `${Math.round(rate * 100)} %`}
            />
            <Figure label={t('figures.firstAnswer')} value={daysText(f.medianDaysToFirstAnswer, t)} />
            <Figure label={t('figures.resolution')} value={daysText(f.medianDaysToResolution, t)} />
            <Figure
              label={t('figures.overdue')}
              value={String(f.openPastAnswerTime)}
              isAlert={f.openPastAnswerTime > 0}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="sm">
                {t('details')}
              </Title>
              <Table variant="vertical" layout="fixed">
                <Table.Tbody>
                  {(
                    [
                      ['field.email', s.email],
                      ['field.phone', s.phone],
                      ['field.claimAddress', s.claimAddress ?? s.email],
                      ['field.address', s.address],
                      ['field.answerDays', s.answerDays === null ? null : t('days', { count: s.answerDays })],
                    ] as const
                  ).map(([label, value]) => (
                    <Table.Tr key={label}>
                      <Table.Th w={170}>{t(label)}</Table.Th>
                      <Table.Td style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                        {value ?? '–'}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                  <Table.Tr>
                    <Table.Th>{t('field.compensationModes')}</Table.Th>
                    <Table.Td>
                      <Group gap={4}>
                        {s.compensationModes.length === 0 && '–'}
                        {s.compensationModes.map((m) => (
                          <Badge key={m} variant="light">
                            {t(`mode.${m}`, { defaultValue: m })}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('field.requiredEvidence')}</Table.Th>
                    <Table.Td>{s.requiredEvidence.map((e) => t(`evidence.${e}`)).join(', ') || '–'}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('figures.cases')}</Table.Th>
                    <Table.Td>{s.caseCount}</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            </Paper>
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="sm">
                {t('contactPersons')}
              </Title>
              {s.contactPersons.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('noPersons')}
                </Text>
              )}
              <Stack gap="xs">
                {s.contactPersons.map((p) => (
                  <Group key={p.id} justify="space-between" data-testid="contact-person" wrap="nowrap">
                    <Stack gap={0} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      <Text size="sm" fw={600}>
                        {p.fullName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {[p.email, p.phone].filter(Boolean).join(' · ')}
                      </Text>
                    </Stack>
                    <Badge variant="light" color={p.isDisabled ? 'gray' : 'teal'} style={{ flexShrink: 0 }}>
                      {t(p.isDisabled ? 'disabled' : 'signsInWithCode')}
                    </Badge>
                  </Group>
                ))}
              </Stack>
            </Paper>
          </SimpleGrid>
          <SupplierCases cases={cases.data} isLoading={cases.isLoading} />
        </Stack>
      )}
      {isEditing && s && base && (
        <SupplierFormModal base={base} supplier={s} onClose={() => setEditing(false)} />
      )}
    </>
  );
}
