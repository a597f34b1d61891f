import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../../components/ui/brand-mark';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The error pages of source section 2: the code, the message and a Home button to /. */
export function ErrorRoute({ status }: { status: 403 | 404 | 500 }) {
  const { t } = useTranslation('common');
  useDocumentTitle(t(`errorPage.${status}.title`));
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Stack align="center" gap="md" maw={520} ta="center">
        <BrandMark />
        <Text
          component="p"
          fw={800}
          c="orange.7"
          style={{ fontSize: 'clamp(4rem, 12vw, 7rem)', lineHeight: 1, margin: 0 }}
          data-testid="error-code"
        >
          {status}
        </Text>
        <Title order={1} size="h2">
          {t(`errorPage.${status}.title`)}
        </Title>
        <Text c="dimmed" data-testid="error-message">
          {t(`errorPage.${status}.message`)}
        </Text>
        <Button component={Link} to="/" leftSection={<IconHome size={18} aria-hidden />} size="md">
          {t('errorPage.home')}
        </Button>
      </Stack>
    </Center>
  );
}
