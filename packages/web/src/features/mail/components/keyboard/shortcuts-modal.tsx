import { Kbd, Modal, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TListKey } from './use-list-keys';

const LABELS: Record<TListKey, string> = {
  next: 'j',
  previous: 'k',
  open: 'Enter',
  unread: 'u',
  map: 'm',
  newCase: 'n',
  delete: '#',
  search: '/',
  help: '?',
  reply: 'r',
  replyAll: 'a',
  forward: 'f',
  compose: 'c',
};

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The shortcuts this screen offers, in the order shown. */
  keys: TListKey[];
}

/** The `?` list of the screen's keyboard shortcuts. */
export function ShortcutsModal({ opened, onClose, keys }: Props) {
  const { t } = useTranslation('inbox');
  return (
    <Modal opened={opened} onClose={onClose} title={t('keys.title')} centered>
      <Table verticalSpacing={6} data-testid="shortcuts">
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key}>
              <Table.Td w={90}>
                <Kbd>{LABELS[key]}</Kbd>
              </Table.Td>
              <Table.Td>{t(`keys.${key}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
