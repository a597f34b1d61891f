import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TLanguage } from '@claimdesk/contracts';
import { BrandMark } from '../../../components/ui/brand-mark';
import { LanguagePicker } from '../../../components/ui/language-picker';
import { changeLanguage } from '../../../lib/i18n';
import classes from '../routes/login.module.css';

/** The page around the sign-in steps and the set-password page: brand, language, one card. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  const { i18n } = useTranslation();
  return (
    <Box className={classes.page}>
      <Group justify="space-between" p="md" className={classes.top}>
        <BrandMark />
        <LanguagePicker value={i18n.language as TLanguage} onChange={(lng) => void changeLanguage(lng)} />
      </Group>
      <Center component="main" className={classes.main}>
        <Paper withBorder shadow="md" radius="lg" p="xl" className={classes.card}>
          <Stack gap="lg">
            <div>
              <Title order={1} size="h2">
                {title}
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                {subtitle}
              </Text>
            </div>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
