import { Alert, Loader, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  workflowDocumentName,
  type TFormConfig,
  type TMenuConfig,
  type TStatusOptionsConfig,
  type TStoreFormResponse,
} from '@claimdesk/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useStoreForm } from '../api/get-store-form';
import { ColumnsPanel } from '../components/columns-panel';
import { FormEditor } from '../components/form-editor';
import type { TRenderFormPreview } from '../components/form-preview';
import { MenuPanel } from '../components/menu-panel';
import { StatusesPanel } from '../components/statuses-panel';
import { useWords, type TWordsContext } from '../hooks/use-words';

const TABS = ['form', 'columns', 'statuses', 'menu'] as const;
type TTab = (typeof TABS)[number];

/** The workflows the store's menu names, in menu order. */
const workflowsOf = (menu: TMenuConfig): string[] => [
  ...new Set(
    menu
      .flatMap((item) => [item.workFlow, ...(item.sub ?? []).map((s) => s.workFlow)])
      .filter((w) => w !== undefined),
  ),
];

/** A document's editor is made anew for each stored version, so a save or a reload starts from what is stored. */
const versionKey = (doc: TStoreFormResponse) => `${doc.name}:${String(doc.version)}:${String(doc.updatedAt)}`;

/**
 * /settings/forms-and-lists: a store administrator's forms for the everyday configuration documents
 * (issue 35.5): each workflow's case form, list columns and statuses, and the menu.
 */
export function FormsAndListsRoute({ renderPreview }: { renderPreview?: TRenderFormPreview }) {
  const { t } = useTranslation('settings');
  useDocumentTitle(t('storeForms.title'));
  const [params, setParams] = useSearchParams();
  const words = useWords();
  const menu = useStoreForm('menu');
  const workflows = menu.data ? workflowsOf(menu.data.value as TMenuConfig) : [];
  const workFlow = workflows.find((w) => w === params.get('workflow')) ?? workflows[0] ?? 'claim';
  const tab: TTab = TABS.find((x) => x === params.get('tab')) ?? 'form';
  const go = (next: { workflow?: string; tab?: string }) =>
    setParams((current) => {
      const merged = new URLSearchParams(current);
      for (const [k, v] of Object.entries(next)) merged.set(k, v);
      return merged;
    });

  return (
    <>
      <PageHeader title={t('storeForms.title')} description={t('storeForms.description')} />
      <Stack gap="md">
        {tab !== 'menu' && workflows.length > 1 && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="workflow-label">
              {t('storeForms.workflow')}
            </Text>
            <SegmentedControl
              aria-labelledby="workflow-label"
              data={workflows.map((w) => ({ value: w, label: t(`common:menu.${w}`, { defaultValue: w }) }))}
              value={workFlow}
              onChange={(w) => go({ workflow: w })}
              w="fit-content"
            />
          </Stack>
        )}
        <Tabs value={tab} onChange={(v) => v && go({ tab: v })} keepMounted={false}>
          <Tabs.List>
            {TABS.map((x) => (
              <Tabs.Tab key={x} value={x}>
                {t(`storeForms.tabs.${x}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="form" pt="md">
            <FormTab workFlow={workFlow} words={words} renderPreview={renderPreview} />
          </Tabs.Panel>
          <Tabs.Panel value="columns" pt="md">
            <ColumnsTab workFlow={workFlow} words={words} />
          </Tabs.Panel>
          <Tabs.Panel value="statuses" pt="md">
            <StatusesTab workFlow={workFlow} words={words} />
          </Tabs.Panel>
          <Tabs.Panel value="menu" pt="md">
            <Loaded query={menu} words={words}>
              {(doc) => (
                <MenuPanel
                  key={versionKey(doc)}
                  doc={doc}
                  words={words}
                  onReload={() => void menu.refetch()}
                />
              )}
            </Loaded>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </>
  );
}

type TDocQuery = ReturnType<typeof useStoreForm>;

/** Draws its children once the document and the words in every language are loaded. */
function Loaded({
  query,
  words,
  children,
}: {
  query: TDocQuery;
  words: TWordsContext;
  children: (doc: TStoreFormResponse) => ReactNode;
}) {
  const { t } = useTranslation('settings');
  if (query.isError || words.isError)
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />}>
        {t('storeForms.loadFailed')}
      </Alert>
    );
  if (!words.isReady || !query.data) return <Loader size="sm" aria-label={t('storeForms.loading')} />;
  return <>{children(query.data)}</>;
}

function FormTab({
  workFlow,
  words,
  renderPreview,
}: {
  workFlow: string;
  words: TWordsContext;
  renderPreview: TRenderFormPreview | undefined;
}) {
  const form = useStoreForm(workflowDocumentName('form', workFlow));
  const statuses = useStoreForm(workflowDocumentName('status-options', workFlow));
  return (
    <Loaded query={form} words={words}>
      {(doc) => (
        <FormEditor
          key={versionKey(doc)}
          doc={doc}
          words={words}
          statusOptions={statuses.data?.value as TStatusOptionsConfig | undefined}
          onReload={() => void form.refetch()}
          renderPreview={renderPreview}
        />
      )}
    </Loaded>
  );
}

function ColumnsTab({ workFlow, words }: { workFlow: string; words: TWordsContext }) {
  const columns = useStoreForm(workflowDocumentName('list-columns', workFlow));
  const form = useStoreForm(workflowDocumentName('form', workFlow));
  return (
    <Loaded query={columns} words={words}>
      {(doc) => (
        <ColumnsPanel
          key={versionKey(doc)}
          doc={doc}
          form={form.data?.value as TFormConfig | undefined}
          words={words}
          onReload={() => void columns.refetch()}
        />
      )}
    </Loaded>
  );
}

function StatusesTab({ workFlow, words }: { workFlow: string; words: TWordsContext }) {
  const statuses = useStoreForm(workflowDocumentName('status-options', workFlow));
  return (
    <Loaded query={statuses} words={words}>
      {(doc) => (
        <StatusesPanel
          key={versionKey(doc)}
          doc={doc}
          words={words}
          onReload={() => void statuses.refetch()}
        />
      )}
    </Loaded>
  );
}
