import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCircleOff, IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TLanguage, TMailTemplate } from '@claimdesk/contracts';
import { LANGUAGES } from '../../../lib/constants';
import { byWorkflow, type TTemplateGroup } from '../lib/group-templates';
import { stateColor, templateState } from './template-identity-fields';

interface Props {
  groups: TTemplateGroup[] | undefined;
  isLoading: boolean;
  /** Only this language's button per template, when the list is filtered by it. */
  language: TLanguage | null;
  nameOf: (workFlow: string) => string;
  onOpen: (key: string, language: TLanguage) => void;
}

/** The templates under their workflow, one row per key with a button per language. */
export function TemplateList({ groups, isLoading, language, nameOf, onOpen }: Props) {
  const { t } = useTranslation('mailTemplates');
  if (isLoading || !groups)
    return (
      <Stack gap="sm" aria-busy aria-label={t('list.loading')}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={64} />
        ))}
      </Stack>
    );
  return (
    <Stack gap="lg">
      <StateLegend />
      {byWorkflow(groups).map(([workFlow, inWorkflow]) => (
        <section key={workFlow} aria-labelledby={`templates-${workFlow}`}>
          <Title order={2} size="h4" mb="xs" id={`templates-${workFlow}`}>
            {nameOf(workFlow)}{' '}
            <Text span c="dimmed" fz="sm" fw={400}>
              ({inWorkflow.length})
            </Text>
          </Title>
          <Stack gap="xs">
            {inWorkflow.map((group) => (
              <TemplateRow key={group.key} group={group} language={language} onOpen={onOpen} />
            ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}

function TemplateRow({
  group,
  language,
  onOpen,
}: {
  group: TTemplateGroup;
  language: TLanguage | null;
  onOpen: Props['onOpen'];
}) {
  const { t, i18n } = useTranslation('mailTemplates');
  const shown =
    group.byLanguage[i18n.language as TLanguage] ?? group.byLanguage.en ?? Object.values(group.byLanguage)[0];
  const languages = language ? [language] : LANGUAGES;
  return (
    <Paper withBorder px="md" py="sm" data-testid="template-row" data-key={group.key}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2} miw={0} style={{ flex: '1 1 240px' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
              {group.key}
            </Text>
            <Badge variant="light" color="grape" size="sm" tt="none">
              {t(`sendType.${group.sendType}`)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
            {shown?.subject}
          </Text>
        </Stack>
        <Group gap={6} wrap="wrap">
          {languages.map((l) => (
            <LanguageButton
              key={l}
              language={l}
              template={group.byLanguage[l]}
              onClick={() => onOpen(group.key, l)}
              keyName={group.key}
            />
          ))}
        </Group>
      </Group>
    </Paper>
  );
}

function LanguageButton({
  language,
  template,
  keyName,
  onClick,
}: {
  language: TLanguage;
  template: TMailTemplate | undefined;
  keyName: string;
  onClick: () => void;
}) {
  const { t } = useTranslation('mailTemplates');
  const state = template ? templateState(template) : 'missing';
  const name = t(`common:language.names.${language}`);
  const label = t(template ? 'list.open' : 'list.add', {
    key: keyName,
    language: name,
    state: t(`state.${state}`),
  });
  const icon =
    state === 'missing' ? (
      <IconPlus size={14} aria-hidden />
    ) : state === 'disabled' ? (
      <IconCircleOff size={14} aria-hidden />
    ) : state === 'builtIn' ? undefined : (
      <IconPencil size={14} aria-hidden />
    );
  return (
    <Tooltip label={`${name}: ${t(`state.${state}`)}`} withinPortal>
      <Button
        size="compact-sm"
        variant={state === 'missing' ? 'default' : state === 'builtIn' ? 'light' : 'filled'}
        color={template ? stateColor(template) : 'gray'}
        leftSection={icon}
        onClick={onClick}
        aria-label={label}
        miw={52}
        style={state === 'missing' ? { borderStyle: 'dashed' } : undefined}
      >
        {language.toUpperCase()}
      </Button>
    </Tooltip>
  );
}

/** What the language buttons' looks mean. */
function StateLegend() {
  const { t } = useTranslation('mailTemplates');
  const states = [
    { state: 'builtIn', variant: 'light', color: 'gray', icon: undefined },
    { state: 'changed', variant: 'filled', color: 'blue.8', icon: <IconPencil size={12} aria-hidden /> },
    { state: 'own', variant: 'filled', color: 'teal.9', icon: <IconPencil size={12} aria-hidden /> },
    {
      state: 'disabled',
      variant: 'filled',
      color: 'orange.9',
      icon: <IconCircleOff size={12} aria-hidden />,
    },
    { state: 'missing', variant: 'default', color: 'gray.8', icon: <IconPlus size={12} aria-hidden /> },
  ] as const;
  return (
    <Group gap="xs" wrap="wrap" aria-hidden data-testid="state-legend">
      {states.map(({ state, variant, color, icon }) => (
        <Badge
          key={state}
          variant={variant === 'default' ? 'outline' : variant}
          color={color}
          leftSection={icon}
          tt="none"
          fw={500}
          style={variant === 'default' ? { borderStyle: 'dashed' } : undefined}
        >
          {t(`state.${state}`)}
        </Badge>
      ))}
    </Group>
  );
}
