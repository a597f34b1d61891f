import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { TSearchCustomerDataResponse } from '@claimdesk/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { isHttpError } from '../../../lib/http-error';
import { canOpen } from '../../../lib/menu-rules';
import { notifyError } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { downloadCustomerData } from '../api/export-customer-data';
import { useSearchCustomerData } from '../api/search-customer-data';
import { CustomerCounts } from '../components/customer-counts';
import { EraseDialog } from '../components/erase-dialog';

type Found = { email: string; phone: string; counts: TSearchCustomerDataResponse };

/**
 * /settings/privacy: a customer's data on request (GDPR articles 15, 17 and 20, issue 34.4). An
 * administrator finds what is stored about an address (and phone), downloads it as one archive,
 * or erases it behind a confirmation.
 */
export function PrivacyRoute() {
  const { t } = useTranslation('privacy');
  useDocumentTitle(t('title'));
  const { identity } = useSession();
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [found, setFound] = useState<Found | null>(null);
  const [isExporting, setExporting] = useState(false);
  const [isErasing, setErasing] = useState(false);
  const search = useSearchCustomerData({
    mutationConfig: {
      // Field errors show on their fields; anything else becomes the one toast below.
      meta: { handlesErrors: true },
      onError: (error) => {
        if (isHttpError(error) && Object.keys(error.fieldErrors).length > 0) setErrors(error.fieldErrors);
        else notifyError(error);
      },
    },
  });
  if (!identity || !canOpen('privacy', identity)) return <Navigate to="/access-denied" replace />;

  const query = (f: Found) => ({ email: f.email, ...(f.phone && { phone: f.phone }) });
  const find = (event?: SyntheticEvent) => {
    event?.preventDefault();
    setErrors({});
    const asked = { email: email.trim(), phone: phone.trim() };
    search.mutate(
      { email: asked.email, ...(asked.phone && { phone: asked.phone }) },
      { onSuccess: (counts) => setFound({ ...asked, counts }) },
    );
  };
  const fieldError = (field: string) => (errors[field] ? t(`invalid.${field}`) : null);
  const isEmpty = found !== null && found.counts.cases === 0 && found.counts.mails === 0;

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Stack gap="md" maw={900}>
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <form onSubmit={find} noValidate>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label={t('email')}
                type="email"
                required
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                error={fieldError('email')}
                style={{ flex: '2 1 16rem' }}
                maxLength={254}
                data-testid="privacy-email"
              />
              <TextInput
                label={t('phone')}
                description={t('phoneHint')}
                // The hint under the field, so that both fields line up on one row.
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                value={phone}
                onChange={(e) => setPhone(e.currentTarget.value)}
                error={fieldError('phone')}
                style={{ flex: '1 1 10rem' }}
                maxLength={40}
                data-testid="privacy-phone"
              />
            </Group>
            <Group mt="md">
              <Button
                type="submit"
                leftSection={<IconSearch size={18} aria-hidden />}
                loading={search.isPending}
              >
                {t('find')}
              </Button>
            </Group>
          </form>
        </Paper>
        {found && (
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="privacy-result">
            <Text fw={600} mb="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('foundFor', { email: found.email })}
            </Text>
            {isEmpty ? (
              <Text c="dimmed">{t('nothing')}</Text>
            ) : (
              <>
                <CustomerCounts counts={found.counts} />
                <Group mt="md" gap="sm">
                  <Button
                    variant="default"
                    leftSection={<IconDownload size={18} aria-hidden />}
                    loading={isExporting}
                    onClick={() => {
                      setExporting(true);
                      downloadCustomerData(query(found))
                        .catch(notifyError)
                        .finally(() => setExporting(false));
                    }}
                  >
                    {t('download')}
                  </Button>
                  <Button
                    color="red"
                    variant="light"
                    leftSection={<IconTrash size={18} aria-hidden />}
                    onClick={() => setErasing(true)}
                  >
                    {t('erase')}
                  </Button>
                </Group>
              </>
            )}
          </Paper>
        )}
      </Stack>
      {found && (
        <EraseDialog
          opened={isErasing}
          email={found.email}
          phone={found.phone}
          onClose={() => setErasing(false)}
          onErased={() => {
            setErasing(false);
            find();
          }}
        />
      )}
    </>
  );
}
