import { Button, Group, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { firstError } from '../../../shared/forms/first-error.ts';
import { DateField } from '../../../shared/ui/date-field.tsx';
import { centsToText, textToCents } from '../format.ts';

/** One field of a record form: how it is typed and where its value goes in the body. */
export type FieldSpec =
  | { name: string; label: string; kind: 'text' | 'textarea'; required?: boolean; wide?: boolean }
  | { name: string; label: string; kind: 'date'; required?: boolean }
  | { name: string; label: string; kind: 'money'; required?: boolean }
  | { name: string; label: string; kind: 'switch' }
  | { name: string; label: string; kind: 'integer'; required?: boolean }
  | {
      name: string;
      label: string;
      kind: 'select';
      required?: boolean;
      options: Array<{ value: string; label: string }>;
    };

export type FormValues = Record<string, string | boolean>;

/** The form's values of a record (API object) or of nothing (a new record). */
export function valuesOf(fields: FieldSpec[], record?: Record<string, unknown> | null): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = record?.[field.name];
    if (field.kind === 'switch') values[field.name] = value === true;
    else if (field.kind === 'money') values[field.name] = centsToText(value as number | null | undefined);
    else values[field.name] = value === null || value === undefined ? '' : String(value);
  }
  return values;
}

/** The request body of the form's values: '' -> null, money -> cents, numbers -> numbers. */
export function bodyOf(fields: FieldSpec[], values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'switch') body[field.name] = value === true;
    else if (typeof value !== 'string' || value.trim() === '')
      body[field.name] = field.kind === 'text' || field.kind === 'textarea' ? value : null;
    else if (field.kind === 'money') body[field.name] = textToCents(value);
    else if (field.kind === 'select' || field.kind === 'integer')
      body[field.name] = /^-?\d+$/.test(value) ? Number(value) : value;
    else body[field.name] = value;
  }
  // Texts left empty are sent as null, except where the schema needs a text (it says what is missing).
  for (const field of fields)
    if ((field.kind === 'text' || field.kind === 'textarea') && body[field.name] === '' && !field.required)
      body[field.name] = null;
  return body;
}

export interface RecordFormProps {
  fields: FieldSpec[];
  /** The contract's schema of the body: the same rules as the server, first error shown. */
  schema: z.ZodType;
  initialValues: FormValues;
  /** Added to the body before it is checked (e.g. objVersion). */
  extraBody?: Record<string, unknown>;
  submitLabel: string;
  submitting?: boolean;
  /** Accessible name of the form. */
  label: string;
  onSubmit: (body: Record<string, unknown>) => void;
  /** Tells the owner whether the values differ from the initial ones (to confirm a discard). */
  onDirtyChange?: (dirty: boolean) => void;
  extraActions?: ReactNode;
  /** Shown as "Annulla" beside the submit button (a form in a modal: closes it, asking if changed). */
  onCancel?: () => void;
  /** Focus the first field when the form opens (a form in a modal, typed into at once). */
  focusFirst?: boolean;
  cols?: number;
}

/**
 * A record's form (@mantine/form): validated with the contract's schema on submit, the first error
 * shown under its field, which is scrolled into view and focused; required fields are marked.
 */
export function RecordForm({
  fields,
  schema,
  initialValues,
  extraBody,
  submitLabel,
  submitting,
  label,
  onSubmit,
  onDirtyChange,
  extraActions,
  onCancel,
  focusFirst = false,
  cols = 2,
}: RecordFormProps) {
  const { t } = useTranslation('common');
  const idPrefix = useId();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => {
      const problem = firstError(schema, { ...bodyOf(fields, values), ...extraBody });
      if (!problem) return {};
      // A refinement on the whole object names no field: show it under the first one.
      const field = fields.some((f) => f.name === problem.field) ? problem.field : (fields[0]?.name ?? '');
      return { [field]: problem.message };
    },
  });
  const dirty = form.isDirty();
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const fieldId = (name: string) => `${idPrefix}-${name}`;
  const submit = form.onSubmit(
    (values) => onSubmit({ ...bodyOf(fields, values), ...extraBody }),
    (errors) => {
      const first = Object.keys(errors)[0];
      const element = first ? document.getElementById(fieldId(first)) : null;
      element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      element?.focus();
    },
  );

  return (
    <form onSubmit={submit} aria-label={label} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: cols }} spacing="sm">
          {fields.map((field, index) => {
            const props = form.getInputProps(field.name, field.kind === 'switch' ? { type: 'checkbox' } : {});
            const common = {
              id: fieldId(field.name),
              label: field.label,
              required: 'required' in field ? field.required : false,
              // The modal's focus trap focuses the element that carries it.
              'data-autofocus': (focusFirst && index === 0) || undefined,
            };
            const key = form.key(field.name);
            switch (field.kind) {
              case 'switch':
                return <Switch key={key} {...props} {...common} mt="lg" />;
              case 'textarea':
                return (
                  <Textarea
                    key={key}
                    {...props}
                    {...common}
                    autosize
                    minRows={2}
                    style={{ gridColumn: '1 / -1' }}
                  />
                );
              case 'date':
                return (
                  <DateField
                    key={key}
                    label={field.label}
                    required={common.required}
                    aria-describedby={undefined}
                    value={String(form.values[field.name] ?? '')}
                    onChange={(value) => form.setFieldValue(field.name, value)}
                    error={form.errors[field.name]}
                    clearable
                  />
                );
              case 'select':
                return (
                  <Select
                    key={key}
                    {...props}
                    {...common}
                    data={field.options}
                    value={String(form.values[field.name] || '') || null}
                    onChange={(value) => form.setFieldValue(field.name, value ?? '')}
                    allowDeselect={!common.required}
                  />
                );
              case 'money':
                return <TextInput key={key} {...props} {...common} inputMode="decimal" rightSection="€" />;
              case 'integer':
                return <TextInput key={key} {...props} {...common} inputMode="numeric" />;
              default:
                return <TextInput key={key} {...props} {...common} />;
            }
          })}
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          {extraActions}
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('cancel')}
            </Button>
          )}
          <Button type="submit" loading={submitting}>
            {submitLabel || t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
