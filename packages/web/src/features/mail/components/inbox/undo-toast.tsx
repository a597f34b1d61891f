import { Affix, Button, Group, Notification, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long an action can be undone from its toast (issue 21: 10 seconds). */
export const UNDO_MS = 10_000;

interface TOffer {
  id: number;
  message: string;
  undo: () => Promise<unknown>;
}

/**
 * The undo toast of the triage screens: one at a time (a newer action replaces it), with an
 * Undo button for UNDO_MS. Kept on the screen rather than in the shared toasts so that it lives
 * and dies with the screen whose action it undoes.
 */
export const useUndoToast = () => {
  const { t } = useTranslation('inbox');
  const [offer, setOffer] = useState<TOffer | null>(null);
  const [isUndoing, setIsUndoing] = useState(false);
  const nextId = useRef(1);

  useEffect(() => {
    if (!offer || isUndoing) return undefined;
    const timer = window.setTimeout(() => setOffer((o) => (o?.id === offer.id ? null : o)), UNDO_MS);
    return () => window.clearTimeout(timer);
  }, [offer, isUndoing]);

  const show = useCallback((message: string, undo: () => Promise<unknown>) => {
    nextId.current += 1;
    setOffer({ id: nextId.current, message, undo });
  }, []);

  const onUndo = async () => {
    if (!offer) return;
    setIsUndoing(true);
    try {
      await offer.undo();
      setOffer(null);
    } catch {
      // The call's own toast says what went wrong; the offer stays for another try.
    } finally {
      setIsUndoing(false);
    }
  };

  const element = offer ? (
    <Affix position={{ bottom: 24, left: '50%' }} style={{ transform: 'translateX(-50%)' }} zIndex={300}>
      <Notification
        role="status"
        aria-live="polite"
        withBorder
        color="teal"
        miw={320}
        maw="calc(100vw - 32px)"
        closeButtonProps={{ 'aria-label': t('actions.dismiss') }}
        onClose={() => setOffer(null)}
        data-testid="undo-toast"
      >
        <Group justify="space-between" wrap="nowrap" gap="md">
          <Text size="sm">{offer.message}</Text>
          <Button size="compact-sm" variant="light" loading={isUndoing} onClick={() => void onUndo()}>
            {t('actions.undo')}
          </Button>
        </Group>
      </Notification>
    </Affix>
  ) : null;

  return { show, element };
};
