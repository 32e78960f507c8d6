import { Button, FileButton, Group, Image, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type StampaImpostazioniData, stampaImpostazioniSchema } from '@stabile/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firstError } from '../../../shared/forms/first-error.ts';
import { isQueuedError } from '../../../shared/offline/queued-error.ts';
import { useSaveStampaImpostazioniMutation, useStampaImpostazioniQuery } from '../instalments-api.ts';

export interface PrintSettingsModalProps {
  opened: boolean;
  onClose: () => void;
}

type Values = { [K in keyof StampaImpostazioniData]: string };

const LOGO_MAX_BYTES = 200 * 1024;
const toValues = (data?: StampaImpostazioniData): Values => ({
  intestazione: data?.intestazione ?? '',
  indirizzo: data?.indirizzo ?? '',
  codiceFiscale: data?.codiceFiscale ?? '',
  logo: data?.logo ?? '',
  rigaFirma: data?.rigaFirma ?? '',
  piePagina: data?.piePagina ?? '',
});

/** The studio's print settings, applied to instalment statements and receipts. */
export function PrintSettingsModal({ opened, onClose }: PrintSettingsModalProps) {
  const { t } = useTranslation(['instalments', 'common']);
  const settings = useStampaImpostazioniQuery(undefined, { skip: !opened });
  const [save, saving] = useSaveStampaImpostazioniMutation();
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: toValues(),
    validate: (values) => {
      const error = firstError(stampaImpostazioniSchema, { ...values, logo: values.logo || null });
      return error ? { [error.field]: error.message } : {};
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is set once per loaded answer
  useEffect(() => {
    if (settings.data && opened) {
      form.setInitialValues(toValues(settings.data));
      form.setValues(toValues(settings.data));
    }
  }, [settings.data, opened]);

  const close = () => {
    setConfirmDiscard(false);
    form.reset();
    onClose();
  };
  const requestClose = () => (form.isDirty() ? setConfirmDiscard(true) : close());

  const pickLogo = (file: File | null) => {
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) {
      form.setFieldError('logo', t('psLogoTooBig'));
      return;
    }
    const reader = new FileReader();
    reader.onload = () => form.setFieldValue('logo', String(reader.result));
    reader.readAsDataURL(file);
  };

  const submit = form.onSubmit(
    async (values) => {
      const result = await save({ ...values, logo: values.logo || null });
      if ('error' in result) return isQueuedError(result.error) ? close() : undefined;
      notifications.show({ color: 'green', message: t('psSaved') });
      close();
    },
    (errors) => {
      const field = Object.keys(errors)[0];
      const node = field ? form.getInputNode(field) : null;
      node?.scrollIntoView({ block: 'center' });
      node?.focus();
    },
  );

  return (
    <>
      <Modal
        closeButtonProps={{ 'aria-label': t('common:close') }}
        opened={opened && !confirmDiscard}
        onClose={requestClose}
        title={t('printSettingsTitle')}
        size="lg"
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="gray.7">
              {t('printSettingsText')}
            </Text>
            <TextInput label={t('psIntestazione')} maxLength={120} {...form.getInputProps('intestazione')} />
            <TextInput label={t('psIndirizzo')} maxLength={200} {...form.getInputProps('indirizzo')} />
            <TextInput label={t('psCodiceFiscale')} maxLength={16} {...form.getInputProps('codiceFiscale')} />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('psLogo')}
              </Text>
              <Group>
                {form.values.logo && (
                  <Image src={form.values.logo} alt={t('psLogo')} h={48} w="auto" fit="contain" />
                )}
                <FileButton onChange={pickLogo} accept="image/png,image/jpeg">
                  {(props) => (
                    <Button variant="default" size="xs" {...props}>
                      {t('psLogo')}
                    </Button>
                  )}
                </FileButton>
                {form.values.logo && (
                  <Button
                    variant="subtle"
                    size="xs"
                    color="red"
                    onClick={() => form.setFieldValue('logo', '')}
                  >
                    {t('psLogoRemove')}
                  </Button>
                )}
              </Group>
              {form.errors.logo && (
                <Text size="xs" c="red.9" role="alert">
                  {form.errors.logo}
                </Text>
              )}
            </Stack>
            <TextInput label={t('psRigaFirma')} maxLength={120} {...form.getInputProps('rigaFirma')} />
            <Textarea
              label={t('psPiePagina')}
              maxLength={300}
              autosize
              minRows={2}
              {...form.getInputProps('piePagina')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={requestClose}>
                {t('common:cancel')}
              </Button>
              <Button type="submit" loading={saving.isLoading}>
                {t('common:save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal
        closeButtonProps={{ 'aria-label': t('common:close') }}
        opened={confirmDiscard}
        onClose={() => setConfirmDiscard(false)}
        title={t('discardTitle')}
      >
        <Text mb="md">{t('discardText')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmDiscard(false)}>
            {t('keepEditing')}
          </Button>
          <Button color="red" onClick={close}>
            {t('discard')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
