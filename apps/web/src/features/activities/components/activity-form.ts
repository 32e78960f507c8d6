import {
  type ActivityCreate,
  type ActivityDetail,
  ActivityMessage,
  type ActivityUpdate,
  activityCreateSchema,
  isoDateToday,
  type Priority,
  priorityLabels,
  type ServiceType,
  serviceTypeLabels,
} from '@stabile/contract';
import { firstErrorOf } from '../../../shared/forms/first-error.ts';
import { italianDate } from '../format.ts';

/**
 * The values of the activity form, shared by "Nuova attività", "Nuova attività nascosta" and the edit
 * form of the drawer: one set of rules and messages for creating and changing an activity.
 */
export interface ActivityFormValues {
  condGenID: string | null;
  titolo: string;
  descrizione: string;
  tipoSegnalazID: string | null;
  priorita: string;
  dataApertura: string;
  dataConcludereEntro: string;
  richiedenteID: string | null;
  servizio: string | null;
  nascosta: boolean;
}

/** The fields the edit form changes (the description has its own editor, which records an event). */
export const editableFields = [
  'condGenID',
  'titolo',
  'tipoSegnalazID',
  'priorita',
  'dataConcludereEntro',
  'richiedenteID',
  'servizio',
  'nascosta',
] as const satisfies ReadonlyArray<keyof ActivityFormValues>;
export type EditableField = (typeof editableFields)[number];

export const newActivityValues = (hidden: boolean): ActivityFormValues => ({
  condGenID: null,
  titolo: '',
  descrizione: '',
  tipoSegnalazID: '2',
  priorita: '2',
  dataApertura: isoDateToday(),
  dataConcludereEntro: '',
  richiedenteID: null,
  servizio: null,
  nascosta: hidden,
});

/** The form values of a saved activity. */
export function valuesOf(activity: ActivityDetail): ActivityFormValues {
  return {
    condGenID: String(activity.condGenID),
    titolo: activity.titolo,
    descrizione: activity.descrizione,
    tipoSegnalazID: String(activity.tipoSegnalazID),
    priorita: String(activity.priorita),
    dataApertura: activity.dataApertura.slice(0, 10),
    dataConcludereEntro: activity.dataConcludereEntro?.slice(0, 10) ?? '',
    richiedenteID: activity.richiedenteID > 0 ? String(activity.richiedenteID) : null,
    servizio: activity.servizio === null ? null : String(activity.servizio),
    nascosta: activity.nascosta,
  };
}

export function createBodyOf(values: ActivityFormValues): ActivityCreate {
  return {
    condGenID: Number(values.condGenID ?? 0),
    titolo: values.titolo,
    descrizione: values.descrizione,
    tipoSegnalazID: Number(values.tipoSegnalazID ?? 2),
    priorita: Number(values.priorita),
    dataApertura: values.dataApertura,
    dataConcludereEntro: values.dataConcludereEntro || null,
    richiedenteID: values.richiedenteID ? Number(values.richiedenteID) : -1,
    servizio: values.servizio ? Number(values.servizio) : null,
    nascosta: values.nascosta,
  };
}

/**
 * The PUT body: the form's fields over the version the form started from. PUT replaces the whole
 * activity, so what the form does not show (manager, description, exercise) is sent as it was.
 */
export function updateBodyOf(values: ActivityFormValues, base: ActivityDetail): ActivityUpdate {
  return {
    ...createBodyOf(values),
    descrizione: base.descrizione,
    gestore: base.gestore,
    dataApertura: base.dataApertura.slice(0, 10),
    esercizioID: base.esercizioID,
    objVersion: base.objVersion,
  };
}

/** The contract's rules, then the one that spans two fields: the deadline is not before the opening. */
export function validateActivity(values: ActivityFormValues): Record<string, string> {
  const errors = firstErrorOf(activityCreateSchema, createBodyOf(values));
  if (Object.keys(errors).length > 0) return errors;
  if (values.dataConcludereEntro && values.dataApertura && values.dataConcludereEntro < values.dataApertura) {
    return { dataConcludereEntro: ActivityMessage.DueBeforeOpening };
  }
  return {};
}

/** How a field's value of a saved activity reads to a person (for the conflict notes). */
export function fieldText(field: EditableField, activity: ActivityDetail): string {
  switch (field) {
    case 'condGenID':
      return activity.intestazioneCondominio;
    case 'titolo':
      return activity.titolo;
    case 'tipoSegnalazID':
      return activity.tipoSegnalazDescr;
    case 'priorita':
      return priorityLabels[activity.priorita as Priority] ?? String(activity.priorita);
    case 'dataConcludereEntro':
      return activity.dataConcludereEntro ? italianDate(activity.dataConcludereEntro) : '—';
    case 'richiedenteID':
      return activity.richiedenteDescr ?? '—';
    case 'servizio':
      return activity.servizio === null
        ? '—'
        : (serviceTypeLabels[activity.servizio as ServiceType] ?? String(activity.servizio));
    case 'nascosta':
      return activity.nascosta ? 'sì' : 'no';
  }
}

export interface Rebased {
  values: ActivityFormValues;
  /** Fields the other user changed to something else than what this user typed: their value, readable. */
  theirs: Partial<Record<EditableField, string>>;
}

/**
 * After a conflict: the form over the fresh version. What this user changed stays as typed; what only
 * the other user changed takes their value; where both changed the same field the typed value stays and
 * the other user's value is shown beside it, so nothing is lost without the user seeing it.
 */
export function rebase(mine: ActivityFormValues, base: ActivityDetail, fresh: ActivityDetail): Rebased {
  const before = valuesOf(base);
  const after = valuesOf(fresh);
  const values: ActivityFormValues = { ...after };
  const theirs: Rebased['theirs'] = {};
  for (const field of editableFields) {
    const typed = mine[field] !== before[field];
    if (!typed) continue;
    (values as unknown as Record<string, unknown>)[field] = mine[field];
    if (after[field] !== before[field] && after[field] !== mine[field]) {
      theirs[field] = fieldText(field, fresh);
    }
  }
  return { values, theirs };
}
