import {
  Accordion,
  Autocomplete,
  Button,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  communicationLanguageLabels,
  communicationLanguages,
  cuReasons,
  PhoneLabel,
  paymentPreferenceLabels,
  paymentPreferences,
  phoneLabelLabels,
  shippingMethodLabels,
  shippingMethods,
  withholdingTaxCodes,
} from '@stabile/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useNazioniQuery, useTitoliQuery } from '../../api/lookups-api.ts';
import { firstErrorOf, revealFirstInvalid } from '../../forms/first-error.ts';
import { AddressFields } from './address-fields.tsx';
import classes from './registry-form.module.css';
import {
  type RegistryBody,
  type RegistryFormValues,
  type SectionKey,
  sectionOf,
  toBody,
} from './registry-form-values.ts';

/** What a contact- or provider-only field needs: the values, a setter and the error shown. */
export interface RegistryFieldContext {
  values: RegistryFormValues;
  set: (changes: Partial<RegistryFormValues>) => void;
  errors: Record<string, string>;
}

export interface RegistryFormProps {
  /** The contract's create schema (contact or provider): the same rules as the server. */
  schema: z.ZodType;
  /** Accessible name of the form. */
  label: string;
  initialValues: RegistryFormValues;
  submitting?: boolean;
  submitLabel: string;
  /** Called with the request body once the schema accepts the values. */
  onSubmit: (body: RegistryBody) => void;
  extraActions?: ReactNode;
  /** Shown as "Annulla" beside the submit button (a form in a modal: closes it, asking if changed). */
  onCancel?: () => void;
  /** Focus the name field when the form opens (a new record in a modal, typed into at once). */
  focusFirst?: boolean;
  /** Fields only contacts or only providers have, appended to their section (e.g. the DURC). */
  extraFields?: Partial<Record<SectionKey, (context: RegistryFieldContext) => ReactNode>>;
  /** Told whether the values differ from the initial ones (to ask before discarding them). */
  onDirtyChange?: (dirty: boolean) => void;
}

type TextField = {
  [K in keyof RegistryFormValues]: RegistryFormValues[K] extends string ? K : never;
}[keyof RegistryFormValues];

const phoneLabelOptions = Object.values(PhoneLabel).map((v) => ({ value: v, label: phoneLabelLabels[v] }));

/** The props of a contact's or provider's form, which fixes schema, label and extra fields. */
export type RegistryKindFormProps = Omit<RegistryFormProps, 'schema' | 'label' | 'extraFields'>;

/**
 * Every common field of a contact or provider (spec section 3), grouped in accordion sections so
 * the long form stays usable on a phone. Validates with the contract's schema and shows the first
 * error only, opening its section.
 */
export function RegistryForm({
  schema,
  label,
  initialValues,
  submitting,
  submitLabel,
  onSubmit,
  extraActions,
  onCancel,
  focusFirst = false,
  extraFields = {},
  onDirtyChange,
}: RegistryFormProps) {
  const { t } = useTranslation(['contacts', 'common']);
  const form = useForm<RegistryFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => firstErrorOf(schema, toBody(values)),
  });
  const values = form.getValues();
  const [open, setOpen] = useState<string[]>(['anagrafica', 'indirizzo', 'contatti']);
  const nazioni = useNazioniQuery();
  const titoli = useTitoliQuery();
  const formRef = useRef<HTMLFormElement>(null);

  const dirty = form.isDirty();
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const set = (changes: Partial<RegistryFormValues>) => {
    form.setValues(changes);
    for (const field of Object.keys(changes)) if (form.errors[field]) form.clearFieldError(field);
  };
  const errors = form.errors as Record<string, string>;

  const text = (
    name: TextField,
    props: {
      label?: string;
      type?: string;
      inputMode?: 'tel' | 'email' | 'url';
      required?: boolean;
      autoFocus?: boolean;
    } = {},
  ) => (
    <TextInput
      data-autofocus={props.autoFocus || undefined}
      label={props.label ?? t(`fields.${name}`)}
      withAsterisk={props.required}
      aria-required={props.required || undefined}
      type={props.type}
      inputMode={props.inputMode}
      value={values[name]}
      error={errors[name]}
      onChange={(e) => set({ [name]: e.currentTarget.value } as Partial<RegistryFormValues>)}
    />
  );

  const submit = form.onSubmit(
    (valid) => onSubmit(toBody(valid)),
    (problems) => {
      const field = Object.keys(problems)[0];
      if (!field) return;
      const section: SectionKey = sectionOf(field);
      setOpen((current) => (current.includes(section) ? current : [...current, section]));
      revealFirstInvalid(formRef.current);
    },
  );

  const context: RegistryFieldContext = { values, set, errors };
  const section = (key: SectionKey, children: ReactNode) => (
    <Accordion.Item value={key}>
      <Accordion.Control>{t(`sections.${key}`)}</Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          {children}
          {extraFields[key]?.(context)}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );

  const shipping = (name: 'spedizioneGenerale' | 'spedizioneGuasti' | 'spedizioneAssemblee') => (
    <Select
      label={t(`fields.${name}`)}
      value={String(values[name])}
      allowDeselect={false}
      data={shippingMethods.map((v) => ({ value: String(v), label: shippingMethodLabels[v] }))}
      onChange={(v) => set({ [name]: Number(v ?? 0) } as Partial<RegistryFormValues>)}
    />
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="md">
        <Accordion multiple value={open} onChange={setOpen} variant="separated">
          {section(
            'anagrafica',
            <>
              {text('descr', { label: t('fields.descr'), required: true, autoFocus: focusFirst })}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Autocomplete
                  label={t('fields.titolo')}
                  value={values.titolo}
                  data={(titoli.data ?? []).map((x) => x.testo)}
                  error={errors.titolo}
                  onChange={(v) => set({ titolo: v })}
                />
                {text('ragioneSociale')}
                {text('codiceFiscale')}
                {text('partitaIva')}
              </SimpleGrid>
              {text('rappresentanteLegale')}
            </>,
          )}
          {section(
            'indirizzo',
            <>
              {text('indirizzo')}
              <AddressFields
                prefix=""
                cap={values.cap}
                citta={values.citta}
                provincia={values.provincia}
                errors={errors}
                onChange={(c) => set(c)}
              />
              <Autocomplete
                label={t('fields.nazione')}
                value={values.nazione}
                data={(nazioni.data ?? []).map((x) => x.testo)}
                error={errors.nazione}
                onChange={(v) => set({ nazione: v })}
              />
            </>,
          )}
          {section(
            'contatti',
            <>
              {([1, 2, 3] as const).map((n) => (
                <Group key={n} grow align="flex-start" gap="sm" wrap="wrap">
                  {text(`telefono${n}`, { type: 'tel', inputMode: 'tel' })}
                  <Select
                    label={t('fields.etichetta', { n })}
                    clearable
                    miw={140}
                    value={values[`telefono${n}Etichetta`] || null}
                    data={phoneLabelOptions}
                    onChange={(v) =>
                      set({ [`telefono${n}Etichetta`]: v ?? '' } as Partial<RegistryFormValues>)
                    }
                  />
                </Group>
              ))}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {text('email', { type: 'email', inputMode: 'email' })}
                {text('pec', { type: 'email', inputMode: 'email' })}
                {text('sitoWeb', { inputMode: 'url' })}
                {text('fax', { type: 'tel', inputMode: 'tel' })}
              </SimpleGrid>
              <Select
                label={t('fields.lingua')}
                value={values.lingua || null}
                data={communicationLanguages.map((v) => ({
                  value: v,
                  label: communicationLanguageLabels[v],
                }))}
                onChange={(v) => set({ lingua: (v ?? '') as RegistryFormValues['lingua'] })}
              />
            </>,
          )}
          {section(
            'recapito',
            <>
              {text('recapitoDescr')}
              {text('recapitoIndirizzo')}
              <AddressFields
                prefix="recapito"
                cap={values.recapitoCap}
                citta={values.recapitoCitta}
                provincia={values.recapitoProvincia}
                errors={errors}
                onChange={(c) =>
                  set({
                    ...(c.cap !== undefined ? { recapitoCap: c.cap } : {}),
                    ...(c.citta !== undefined ? { recapitoCitta: c.citta } : {}),
                    ...(c.provincia !== undefined ? { recapitoProvincia: c.provincia } : {}),
                  })
                }
              />
              {text('recapitoNazione')}
            </>,
          )}
          {section(
            'invii',
            <>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                {shipping('spedizioneGenerale')}
                {shipping('spedizioneGuasti')}
                {shipping('spedizioneAssemblee')}
              </SimpleGrid>
              <Select
                label={t('fields.preferenzaPagamento')}
                value={String(values.preferenzaPagamento)}
                allowDeselect={false}
                data={paymentPreferences.map((v) => ({
                  value: String(v),
                  label: paymentPreferenceLabels[v],
                }))}
                onChange={(v) =>
                  set({ preferenzaPagamento: Number(v ?? 0) as RegistryFormValues['preferenzaPagamento'] })
                }
              />
              <Checkbox
                label={t('fields.esportaRubrica')}
                checked={values.esportaRubrica}
                onChange={(e) => set({ esportaRubrica: e.currentTarget.checked })}
              />
              <Checkbox
                label={t('fields.portaleAttivo')}
                checked={values.portaleAttivo}
                onChange={(e) => set({ portaleAttivo: e.currentTarget.checked })}
              />
            </>,
          )}
          {section(
            'banca',
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {text('iban')}
              {text('bic')}
              {text('banca')}
            </SimpleGrid>,
          )}
          {section(
            'fiscale',
            <>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Select
                  label={t('fields.codiceTributo')}
                  clearable
                  value={values.codiceTributo || null}
                  data={withholdingTaxCodes.map((c) => ({ value: c.value, label: c.label }))}
                  onChange={(v) => set({ codiceTributo: v ?? '' })}
                />
                <Select
                  label={t('fields.causaleCu')}
                  clearable
                  value={values.causaleCu || null}
                  data={cuReasons.map((c) => ({ value: c.value, label: c.label }))}
                  onChange={(v) => set({ causaleCu: v ?? '' })}
                />
                {text('terminiPagamento')}
                {text('domicilioFiscale')}
              </SimpleGrid>
              <Checkbox
                label={t('fields.includiAcK730')}
                checked={values.includiAcK730}
                onChange={(e) => set({ includiAcK730: e.currentTarget.checked })}
              />
            </>,
          )}
          {section(
            'note',
            <>
              <Textarea
                label={t('fields.note')}
                autosize
                minRows={2}
                value={values.note}
                error={errors.note}
                onChange={(e) => set({ note: e.currentTarget.value })}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {text('campoLibero1')}
                {text('campoLibero2')}
                {text('campoLibero3')}
                {text('campoLibero4')}
              </SimpleGrid>
            </>,
          )}
        </Accordion>
        <Group justify="flex-end" gap="sm" className={classes.footer}>
          {extraActions}
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('common:cancel')}
            </Button>
          )}
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
