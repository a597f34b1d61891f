import { Button, Code, Menu, Stack, Text } from '@mantine/core';
import { IconBraces, IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAIL_TEMPLATE_PLACEHOLDERS, type TMailTemplatePlaceholder } from '@claimdesk/contracts';

/** How a placeholder is written into a template. */
export const placeholderToken = (name: TMailTemplatePlaceholder) => `{{${name}}}`;

interface Props {
  /** The id of the text that says where the placeholder goes. */
  describedBy: string;
  onInsert: (token: string) => void;
}

/** The placeholders a template may hold, each with what it stands for; a click puts it at the cursor. */
export function PlaceholderPicker({ describedBy, onInsert }: Props) {
  const { t } = useTranslation('mailTemplates');
  return (
    <Menu position="bottom-start" withinPortal shadow="md" width={300} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconBraces size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-describedby={describedBy}
        >
          {t('placeholders.insert')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {MAIL_TEMPLATE_PLACEHOLDERS.map((name) => (
          <Menu.Item key={name} onClick={() => onInsert(placeholderToken(name))}>
            <Stack gap={0}>
              <Code bg="transparent" p={0} fz="sm">
                {placeholderToken(name)}
              </Code>
              <Text size="xs" c="dimmed">
                {t(`placeholders.${name}`)}
              </Text>
            </Stack>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
