import {
  Alert,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Loader,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  type ApiError,
  AssignmentMessageText,
  type AssignmentState,
  assignmentStateLabels,
  ErrorCode,
  isoDateToday,
  type Priority,
  pathOf,
  priorityLabels,
  type SupplierAction,
  SupplierPortalApi,
  supplierActions,
} from '@stabile/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withoutFieldName } from '../../../shared/api/error-message.ts';
import { DateField } from '../../../shared/ui/date-field.tsx';
import { useSupplierAnswerMutation, useSupplierRequestQuery } from '../supplier-api.ts';

function italianDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/**
 * What an outside supplier reads when the link does not open a request: a truncated or mistyped link
 * is refused by its shape (113) or not found (122); both are "the link is not valid, ask the studio".
 */
function linkProblem(error: ApiError | undefined): string {
  if (!error || error.code === ErrorCode.Validation || error.code === ErrorCode.NotFound) {
    return AssignmentMessageText.LinkInvalid;
  }
  return error.message;
}

/** Actions that need a form before they are sent. */
const NEEDS_FORM: ReadonlySet<SupplierAction> = new Set([
  'rifiuta',
  'rinvia',
  'messaggio',
  'chiudiSuccesso',
  'chiudiInsuccesso',
]);

/** The request as the provider sees it on a phone, with the answers its state allows. */
export function SupplierRequest({ token }: { token: string }) {
  const { t } = useTranslation('supplier');
  const { data, isLoading, error, refetch } = useSupplierRequestQuery(token);
  const [answer, answerState] = useSupplierAnswerMutation();
  const [form, setForm] = useState<SupplierAction | null>(null);
  const [nuovaData, setNuovaData] = useState('');
  const [testo, setTesto] = useState('');
  const [motivazione, setMotivazione] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  if (isLoading) return <Loader role="status" aria-label={t('loading')} />;
  if (error || !data) {
    return (
      <Alert color="red" title={t('errorTitle')} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{linkProblem(error as ApiError | undefined)}</Text>
          {(error as ApiError | undefined)?.status === 0 && (
            <Button size="xs" variant="light" onClick={() => void refetch()}>
              {t('retry')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }

  const submit = async (action: SupplierAction, event?: FormEvent) => {
    event?.preventDefault();
    setFormError(null);
    try {
      await answer({
        token,
        azione: action,
        body: {
          ...(motivazione.trim() ? { motivazione: motivazione.trim() } : {}),
          ...(nuovaData ? { nuovaData } : {}),
          ...(testo.trim() ? { testo: testo.trim() } : {}),
        },
      }).unwrap();
      setForm(null);
      setTesto('');
      setMotivazione('');
      setNuovaData('');
      setSent(true);
    } catch (e) {
      setFormError(withoutFieldName((e as ApiError).message));
    }
  };

  const a = data.attivita;
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1} fz="h3">
          {t('title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('from', { studio: data.studio, fornitore: data.fornitore })}
        </Text>
      </Stack>
      <Card withBorder padding="md">
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="gray.7">
              {t('practice', { numero: a.numeroPratica })}
            </Text>
            <Badge variant="light">{assignmentStateLabels[data.stato as AssignmentState]}</Badge>
          </Group>
          <Title order={2} fz="h4">
            {a.titolo}
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {a.descrizione}
          </Text>
          <Divider />
          <Text size="sm">
            <b>{t('condominium')}:</b> {a.condominio}
            {a.indirizzo ? ` — ${a.indirizzo}` : ''}
          </Text>
          <Text size="sm">
            <b>{t('priority')}:</b> {priorityLabels[a.priorita as Priority]}
          </Text>
          <Text size="sm">
            <b>{t('expected')}:</b>{' '}
            {data.intervento.dataPrevista ? italianDate(data.intervento.dataPrevista) : t('notDefined')}
          </Text>
          {a.dataConcludereEntro && (
            <Text size="sm">
              <b>{t('dueBy')}:</b> {italianDate(a.dataConcludereEntro)}
            </Text>
          )}
          {data.intervento.descrizione && (
            <Text size="sm">
              <b>{t('work')}:</b> {data.intervento.descrizione}
            </Text>
          )}
        </Stack>
      </Card>

      {sent && (
        <Alert color="green" role="status">
          {t('done')}
        </Alert>
      )}
      {formError && (
        <Alert color="red" role="alert">
          {formError}
        </Alert>
      )}

      <Stack gap="xs" component="section" aria-label={t('actionsTitle')}>
        <Title order={2} fz="h5">
          {t('actionsTitle')}
        </Title>
        {data.azioni.length === 0 && <Text size="sm">{t('noActions')}</Text>}
        {form === null ? (
          <Stack gap="xs">
            {data.azioni.map((action) => (
              <Button
                key={action}
                size="md"
                fullWidth
                variant={action === 'accetta' || action === 'chiudiSuccesso' ? 'filled' : 'light'}
                color={action === 'rifiuta' || action === 'chiudiInsuccesso' ? 'red' : undefined}
                loading={answerState.isLoading && !NEEDS_FORM.has(action)}
                onClick={() => (NEEDS_FORM.has(action) ? setForm(action) : submit(action))}
              >
                {t(action)}
              </Button>
            ))}
          </Stack>
        ) : (
          <form onSubmit={(e) => submit(form, e)} noValidate>
            <Stack gap="sm">
              <Text fw={600}>{t(form)}</Text>
              {form === 'rinvia' && (
                <DateField
                  label={t('newDate')}
                  min={isoDateToday()}
                  value={nuovaData}
                  onChange={setNuovaData}
                  required
                />
              )}
              {form === 'messaggio' ? (
                <Textarea
                  label={t('text')}
                  value={testo}
                  onChange={(e) => setTesto(e.currentTarget.value)}
                  required
                  autosize
                  minRows={3}
                />
              ) : (
                <Textarea
                  label={form === 'rinvia' ? t('reason') : t('reasonOptional')}
                  value={motivazione}
                  onChange={(e) => setMotivazione(e.currentTarget.value)}
                  required={form === 'rinvia'}
                  autosize
                  minRows={2}
                />
              )}
              <Group grow>
                <Button variant="default" onClick={() => setForm(null)}>
                  {t('cancel')}
                </Button>
                <Button type="submit" loading={answerState.isLoading}>
                  {t('send')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>

      {data.messaggi.length > 0 && (
        <Stack gap="xs" component="section" aria-label={t('messages')}>
          <Title order={2} fz="h5">
            {t('messages')}
          </Title>
          {data.messaggi.map((m) => (
            <Card key={m.id} withBorder padding="xs">
              <Text size="xs" c="gray.7">
                {t(`authors.${m.autore}`)} ·{' '}
                {new Date(m.data).toLocaleString('it-IT', { timeZone: 'Europe/Rome' })}
              </Text>
              <Text size="sm">
                {m.testo || ((supplierActions as readonly string[]).includes(m.azione) ? t(m.azione) : '')}
              </Text>
              {m.allegato && (
                <a href={pathOf(SupplierPortalApi.file, { token, messaggioId: m.id })} download>
                  {t('download', { name: m.allegato.nomeFile })}
                </a>
              )}
            </Card>
          ))}
        </Stack>
      )}
      <Text size="xs" c="gray.7">
        {t('linkValid', { date: italianDate(data.scadenzaLink) })}
      </Text>
    </Stack>
  );
}
