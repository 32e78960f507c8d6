import {
  type ActivityState,
  activityStateLabels,
  type FieldChange,
  formatEuro,
  type HistoryKind,
  type Priority,
  priorityLabels,
} from '@stabile/contract';
import type { TFunction } from 'i18next';

// Made on first use: a page's first Intl format loads the browser's locale data (tens of ms on a phone).
let dateTimeMade: Intl.DateTimeFormat | undefined;
const dateTime = () =>
  (dateTimeMade ??= new Intl.DateTimeFormat('it-IT', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }));

/** dd/mm/yyyy HH:mm of an ISO time, in the browser's time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime().format(date).replace(',', '');
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Yes/no fields stored as 0/1. */
const FLAGS = new Set([
  'nascosta',
  'gestito',
  'portale_attivo',
  'esporta_rubrica',
  'includi_ac_k730',
  'chiuso',
]);

type Value = FieldChange['before'];

/** A value as the user reads it: dates dd/mm/yyyy, money in euros, flags Sì/No, nothing as "—". */
export function formatValue(t: TFunction, kind: HistoryKind, field: string, value: Value): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? t('history:yes') : t('history:no');
  if (FLAGS.has(field.slice(field.indexOf('.') + 1)) && (value === 0 || value === 1))
    return value ? t('history:yes') : t('history:no');
  if (field.endsWith('_cents') && typeof value === 'number') return formatEuro(value);
  if (kind === 'attivita' && field === 'stato') {
    return activityStateLabels[Number(value) as ActivityState] ?? String(value);
  }
  if (kind === 'attivita' && field === 'priorita') {
    return priorityLabels[Number(value) as Priority] ?? String(value);
  }
  if (typeof value === 'string') {
    const date = ISO_DATE.exec(value);
    if (date) return `${date[3]}/${date[2]}/${date[1]}`;
    if (ISO_TIME.test(value)) return formatDateTime(value);
  }
  return String(value);
}

const GROUP: Record<HistoryKind, string> = {
  attivita: 'attivita',
  contatto: 'registry',
  fornitore: 'registry',
  condominio: 'condominio',
  parteComune: 'parteComune',
  rata: 'rata',
  allegato: 'allegato',
};

/**
 * The Italian label of a field: the kind's own, else a common one, else the field's name. A field of
 * a part of the record (`assicurazione.compagnia`) reads "Assicurazione: compagnia"; the part's own
 * name (`assicurazione`, which one changed) reads "Assicurazione".
 */
export function fieldLabel(t: TFunction, kind: HistoryKind, field: string): string {
  const dot = field.indexOf('.');
  if (dot > 0) {
    const part = field.slice(0, dot);
    const column = field.slice(dot + 1);
    const partLabel = t(`history:parts.${part}`, { defaultValue: part });
    return `${partLabel}: ${t(`history:partFields.${column}`, { defaultValue: column })}`;
  }
  return t(
    [`history:fields.${GROUP[kind]}.${field}`, `history:fields.common.${field}`, `history:parts.${field}`],
    {
      defaultValue: field,
    },
  );
}
