import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconFileText, IconPhoto, IconShieldLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SUPPLIER_EVIDENCE,
  missingEvidence,
  type TCase,
  type TSupplierComposeResponse,
  type TSupplierEvidence,
} from '@claimdesk/contracts';
import { RichTextField } from '../../../components/ui/rich-text-editor';
import { isValidEmail } from '../../../lib/email';
import { isHttpError } from '../../../lib/http-error';
import { notifyError, notifyFailure, notifySuccess } from '../../../lib/notify';
import { supplierComposeQuery, useSendToSupplier } from '../api/send-to-supplier';

interface Props {
  current: TCase;
  onClose: () => void;
}

/** The kinds of evidence a refused send names (`evidence.photos`, …), in the contract's order. */
const refusedEvidence = (error: unknown): TSupplierEvidence[] =>
  isHttpError(error) ? SUPPLIER_EVIDENCE.filter((kind) => `evidence.${kind}` in error.fieldErrors) : [];

const kilobytes = (size: number) => `${String(Math.max(1, Math.round(size / 1024)))} kB`;

/** "Send to supplier": the claim mail, prefilled, and the case's files to choose from. */
export function SendToSupplierModal({ current, onClose }: Props) {
  const { t } = useTranslation('suppliers');
  const isMobile = useMediaQuery('(max-width: 48em)');
  const compose = useQuery(supplierComposeQuery(current.id, true));
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      fullScreen={isMobile}
      title={
        compose.data
          ? t('send.modalTitle', { number: current.caseNumber, supplier: compose.data.supplier.name })
          : t('send.button')
      }
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {compose.data ? (
        <SendForm current={current} compose={compose.data} onClose={onClose} />
      ) : compose.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {compose.error.message}
        </Alert>
      ) : (
        <Group justify="center" p="xl">
          <Loader />
        </Group>
      )}
    </Modal>
  );
}

function SendForm({ current, compose, onClose }: Props & { compose: TSupplierComposeResponse }) {
  const { t } = useTranslation('suppliers');
  const [to, setTo] = useState(compose.to);
  const [cc, setCc] = useState<string[]>([]);
  const [subject, setSubject] = useState(compose.subject);
  const [body, setBody] = useState({ html: compose.html, text: compose.text });
  const [chosen, setChosen] = useState(
    () => new Set(compose.files.filter((f) => f.isChosen).map((f) => f.filePath)),
  );
  const [refused, setRefused] = useState<TSupplierEvidence[]>([]);
  const send = useSendToSupplier({ mutationConfig: { meta: { handlesErrors: true } } });

  const attachments = compose.files.filter((f) => chosen.has(f.filePath));
  const missing = [
    ...new Set([
      ...missingEvidence(compose.requiredEvidence, {
        ...current,
        attachmentTypes: attachments.map((f) => f.fileType),
      }),
      ...refused,
    ]),
  ];
  const badAddress = [...to, ...cc].find((address) => !isValidEmail(address));
  const canSend = missing.length === 0 && to.length > 0 && !badAddress && subject.trim() !== '';

  const toggle = (filePath: string) =>
    setChosen((before) => {
      const next = new Set(before);
      if (!next.delete(filePath)) next.add(filePath);
      setRefused([]);
      return next;
    });

  const onSend = () =>
    send.mutate(
      {
        caseId: current.id,
        body: {
          to,
          cc,
          bcc: [],
          subject,
          html: body.html,
          text: body.text,
          attachments: attachments.map((f) => ({ filePath: f.filePath })),
        },
      },
      {
        onSuccess: () => {
          notifySuccess(t('send.sent', { number: current.caseNumber, supplier: compose.supplier.name }));
          onClose();
        },
        onError: (error) => {
          const kinds = refusedEvidence(error);
          if (kinds.length > 0) setRefused(kinds);
          else notifyError(error);
        },
      },
    );

  const required = compose.requiredEvidence.map((kind) => t(`evidence.${kind}`)).join(', ');
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {required
          ? t('send.requires', { supplier: compose.supplier.name, list: required })
          : t('send.requiresNothing', { supplier: compose.supplier.name })}
      </Text>
      <TagsInput
        label={t('send.to')}
        description={t('send.recipientsHint')}
        value={to}
        onChange={setTo}
        required
        splitChars={[',', ' ', ';']}
        error={
          to.length === 0
            ? t('send.noAddress')
            : badAddress
              ? t('send.invalidAddress', { address: badAddress })
              : undefined
        }
        data-testid="send-to"
      />
      <TagsInput label={t('send.cc')} value={cc} onChange={setCc} splitChars={[',', ' ', ';']} />
      <TextInput
        label={t('send.subject')}
        value={subject}
        onChange={(e) => setSubject(e.currentTarget.value)}
        required
      />
      <Alert color="blue" variant="light" icon={<IconShieldLock size={18} aria-hidden />} p="xs">
        <Text size="sm">{t('send.privacy')}</Text>
      </Alert>
      <RichTextField
        initialHtml={compose.html}
        onChange={(html, text) => setBody({ html, text })}
        onPictureTooBig={() => notifyFailure(t('send.body'))}
        label={t('send.body')}
        placeholder={t('send.body')}
        minHeight={200}
        testId="send-body"
      />
      <Text size="sm" fw={500}>
        {t('send.files')}
      </Text>
      {compose.files.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('send.noFiles')}
        </Text>
      ) : (
        <Stack gap={6} data-testid="send-files">
          {compose.files.map((file) => (
            <Checkbox
              key={file.filePath}
              checked={chosen.has(file.filePath)}
              onChange={() => toggle(file.filePath)}
              label={
                <Group gap={6} wrap="nowrap">
                  {file.kind === 'photo' ? (
                    <IconPhoto size={16} aria-hidden />
                  ) : (
                    <IconFileText size={16} aria-hidden />
                  )}
                  <Text size="sm" truncate maw={360}>
                    {file.fileName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`send.kind.${file.kind}`)} · {kilobytes(file.size)}
                  </Text>
                </Group>
              }
            />
          ))}
        </Stack>
      )}
      {missing.length > 0 && (
        <Alert
          color="red"
          title={t('send.missingTitle')}
          icon={<IconAlertTriangle size={18} aria-hidden />}
          data-testid="send-missing"
        >
          <Stack gap={2}>
            {missing.map((kind) => (
              <Text size="sm" key={kind}>
                {t(`send.missing.${kind}`)}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button onClick={onSend} disabled={!canSend} loading={send.isPending}>
          {t('send.send')}
        </Button>
      </Group>
    </Stack>
  );
}
