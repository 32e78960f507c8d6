import {
  cadastralTypeLabels,
  ExerciseStatusFilter,
  exerciseTypeLabels,
  paymentAccountStatusLabels,
} from '@stabile/contract';
import type { TFunction } from 'i18next';
import type { FieldSpec } from './record-form.tsx';

/*
 * The fields of each form of the condominium drawer, in the order they are shown. Labels come from
 * the `condominiums` namespace; the body keys are the contract's.
 */

const options = (labels: Record<number, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

export const exerciseTypeOptions = options(exerciseTypeLabels);
export const exerciseFilterOptions = [
  { value: String(ExerciseStatusFilter.All), label: 'Tutti' },
  { value: String(ExerciseStatusFilter.Open), label: 'Aperti' },
  { value: String(ExerciseStatusFilter.Closed), label: 'Chiusi' },
];
export { cadastralTypeLabels };

type T = TFunction<'condominiums'>;

export function condominiumFields(t: T): FieldSpec[] {
  const f = (name: string) => t(`fields.${name}` as 'fields.codice');
  return [
    { name: 'intestazione', label: f('intestazione'), kind: 'text', required: true },
    { name: 'codice', label: f('codice'), kind: 'text' },
    { name: 'indirizzo', label: f('indirizzo'), kind: 'text' },
    { name: 'cap', label: f('cap'), kind: 'text' },
    { name: 'citta', label: f('citta'), kind: 'text' },
    { name: 'provincia', label: f('provincia'), kind: 'text' },
    { name: 'codiceFiscale', label: f('codiceFiscale'), kind: 'text' },
    { name: 'email', label: f('email'), kind: 'text' },
    { name: 'pec', label: f('pec'), kind: 'text' },
    { name: 'iban', label: f('iban'), kind: 'text' },
    { name: 'bic', label: f('bic'), kind: 'text' },
    { name: 'banca', label: f('banca'), kind: 'text' },
    { name: 'dataInizioGestione', label: f('dataInizioGestione'), kind: 'date' },
    { name: 'dataFineGestione', label: f('dataFineGestione'), kind: 'date' },
    { name: 'pid', label: f('pid'), kind: 'text' },
    {
      name: 'statoContoPagamenti',
      label: f('statoContoPagamenti'),
      kind: 'select',
      required: true,
      options: options(paymentAccountStatusLabels),
    },
    { name: 'gestito', label: f('gestito'), kind: 'switch' },
    { name: 'portaleAttivo', label: f('portaleAttivo'), kind: 'switch' },
    { name: 'note', label: f('note'), kind: 'textarea' },
  ];
}

export function exerciseFields(t: T): FieldSpec[] {
  return [
    { name: 'descrizione', label: t('fields.descrizione'), kind: 'text', required: true },
    { name: 'tipo', label: t('fields.tipo'), kind: 'select', required: true, options: exerciseTypeOptions },
    { name: 'dataInizio', label: t('fields.dataInizio'), kind: 'date', required: true },
    { name: 'dataFine', label: t('fields.dataFine'), kind: 'date', required: true },
    { name: 'chiuso', label: t('fields.chiuso'), kind: 'switch' },
  ];
}

export function unitSetFields(t: T): FieldSpec[] {
  return [
    { name: 'descrizione', label: t('fields.descrizione'), kind: 'text', required: true },
    { name: 'indirizzo', label: t('fields.indirizzo'), kind: 'text' },
    { name: 'note', label: t('fields.note'), kind: 'textarea' },
  ];
}

export function insuranceFields(t: T): FieldSpec[] {
  return [
    { name: 'compagnia', label: t('fields.compagnia'), kind: 'text', required: true },
    { name: 'numeroPolizza', label: t('fields.numeroPolizza'), kind: 'text', required: true },
    { name: 'agenzia', label: t('fields.agenzia'), kind: 'text' },
    { name: 'tipoPolizza', label: t('fields.tipoPolizza'), kind: 'text' },
    { name: 'dataDecorrenza', label: t('fields.dataDecorrenza'), kind: 'date' },
    { name: 'dataScadenza', label: t('fields.dataScadenza'), kind: 'date' },
    { name: 'premioCents', label: t('fields.premioCents'), kind: 'money' },
    { name: 'massimaleCents', label: t('fields.massimaleCents'), kind: 'money' },
    { name: 'franchigiaCents', label: t('fields.franchigiaCents'), kind: 'money' },
    { name: 'note', label: t('fields.note'), kind: 'textarea' },
  ];
}

export function propertyFields(t: T): FieldSpec[] {
  return [
    { name: 'codiceComune', label: t('fields.codiceComune'), kind: 'text' },
    { name: 'tipoCatasto', label: t('fields.tipoCatasto'), kind: 'text' },
    { name: 'sezione', label: t('fields.sezione'), kind: 'text' },
    { name: 'foglio', label: t('fields.foglio'), kind: 'text', required: true },
    { name: 'particella', label: t('fields.particella'), kind: 'text', required: true },
    { name: 'subalterno', label: t('fields.subalterno'), kind: 'text' },
    { name: 'categoria', label: t('fields.categoria'), kind: 'text' },
    { name: 'classe', label: t('fields.classe'), kind: 'text' },
    { name: 'consistenza', label: t('fields.consistenza'), kind: 'text' },
    { name: 'renditaCents', label: t('fields.renditaCents'), kind: 'money' },
    { name: 'note', label: t('fields.note'), kind: 'textarea' },
  ];
}

export function requestFields(t: T): FieldSpec[] {
  return [
    { name: 'numeroProtocollo', label: t('fields.numeroProtocollo'), kind: 'text', required: true },
    { name: 'dataDomanda', label: t('fields.dataDomanda'), kind: 'date' },
    { name: 'codiceComune', label: t('fields.codiceComune'), kind: 'text' },
    { name: 'ufficioProvinciale', label: t('fields.ufficioProvinciale'), kind: 'text' },
    { name: 'foglio', label: t('fields.foglio'), kind: 'text' },
    { name: 'particella', label: t('fields.particella'), kind: 'text' },
    { name: 'note', label: t('fields.note'), kind: 'textarea' },
  ];
}

export function registerFields(t: T, events: Array<{ id: number; testo: string }>): FieldSpec[] {
  return [
    {
      name: 'eventoID',
      label: t('fields.eventoID'),
      kind: 'select',
      required: true,
      options: events.map((e) => ({ value: String(e.id), label: e.testo })),
    },
    { name: 'dataEvento', label: t('fields.dataEvento'), kind: 'date', required: true },
    { name: 'amministratore', label: t('fields.amministratore'), kind: 'text', required: true },
    { name: 'codiceFiscale', label: t('fields.codiceFiscale'), kind: 'text' },
    { name: 'dataDelibera', label: t('fields.dataDelibera'), kind: 'date' },
    { name: 'dataInizio', label: t('fields.dataInizio'), kind: 'date' },
    { name: 'dataFine', label: t('fields.dataFine'), kind: 'date' },
    { name: 'note', label: t('fields.note'), kind: 'textarea' },
  ];
}

export function resourceFields(t: T, types: Array<{ id: number; testo: string }>): FieldSpec[] {
  return [
    { name: 'descrizione', label: t('fields.descrizione'), kind: 'text', required: true },
    {
      name: 'tipoRisorsaID',
      label: t('fields.tipoRisorsaID'),
      kind: 'select',
      required: true,
      options: types.map((e) => ({ value: String(e.id), label: e.testo })),
    },
    {
      name: 'versione',
      label: t('fields.versione'),
      kind: 'select',
      required: true,
      options: [
        { value: '1', label: t('classic') },
        { value: '2', label: t('paymentAccount') },
      ],
    },
    { name: 'iban', label: t('fields.iban'), kind: 'text' },
    { name: 'banca', label: t('fields.banca'), kind: 'text' },
    { name: 'saldoInizialeCents', label: t('fields.saldoInizialeCents'), kind: 'money' },
  ];
}

export function fundFields(t: T, resources: Array<{ id: number; descrizione: string }>): FieldSpec[] {
  return [
    { name: 'descrizione', label: t('fields.descrizione'), kind: 'text', required: true },
    { name: 'importoCents', label: t('fields.importoCents'), kind: 'money' },
    {
      name: 'risorsaID',
      label: t('fields.risorsaID'),
      kind: 'select',
      options: resources.map((r) => ({ value: String(r.id), label: r.descrizione })),
    },
    { name: 'note', label: t('fields.note'), kind: 'textarea' },
  ];
}
