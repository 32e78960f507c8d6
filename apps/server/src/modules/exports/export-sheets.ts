// The labels alone, without the schemas: an export's worker thread loads this module.

import type { RataGroup } from '@stabile/contract';
import {
  activityStateLabels,
  commonPartCategoryLabels,
  commonPartTypeLabel,
  durcStateLabels,
  instalmentTypeLabels,
  paymentAccountStatusLabels,
  priorityLabels,
  serviceTypeLabels,
} from '@stabile/contract/enums';
import type { ActivityRowWithNames } from '../activities/activity.mapper.ts';
import type { CondominiumListRow } from '../condominiums/condominium.mapper.ts';
import type { RegistryListRow } from '../people/people.mapper.ts';
import type { ExportSheet } from './export-columns.ts';

/** A label of a numeric code, or the code itself when the catalogue has none. */
function labelOf(labels: Record<number, string>, code: number | null | undefined): string | null {
  if (code === null || code === undefined) return null;
  return labels[code] ?? String(code);
}

const yesNo = (value: number | boolean) => (value ? 'Sì' : 'No');

/** The columns of the activities list, plus the full description and the dates. */
export const activitiesSheet: ExportSheet<ActivityRowWithNames> = {
  name: 'attivita',
  title: 'Attività',
  columns: [
    { header: 'Numero pratica', kind: 'integer', width: 10, value: (r) => r.numero_pratica },
    { header: 'Condominio', kind: 'text', width: 30, value: (r) => r.intestazione },
    { header: 'Titolo', kind: 'text', width: 36, value: (r) => r.titolo },
    { header: 'Descrizione', kind: 'text', width: 60, value: (r) => r.descrizione },
    { header: 'Stato', kind: 'text', width: 10, value: (r) => labelOf(activityStateLabels, r.stato) },
    { header: 'Tipo segnalazione', kind: 'text', width: 18, value: (r) => r.tipo_descr },
    { header: 'Priorità', kind: 'text', width: 10, value: (r) => labelOf(priorityLabels, r.priorita) },
    { header: 'Gestore', kind: 'text', width: 18, value: (r) => r.gestore },
    { header: 'Richiedente', kind: 'text', width: 28, value: (r) => r.richiedente_descr },
    { header: 'Servizio', kind: 'text', width: 16, value: (r) => labelOf(serviceTypeLabels, r.servizio) },
    { header: 'Data apertura', kind: 'date', width: 12, value: (r) => r.data_apertura },
    { header: 'Da concludere entro', kind: 'date', width: 12, value: (r) => r.data_concludere_entro },
    { header: 'Data chiusura', kind: 'date', width: 12, value: (r) => r.data_chiusura },
    { header: 'Interventi in corso', kind: 'integer', width: 10, value: (r) => r.interventi_in_corso },
    { header: 'Ultimo aggiornamento', kind: 'datetime', width: 17, value: (r) => r.ultimo_aggiornamento },
  ],
};

type RegistryExportRow = RegistryListRow & { tipo_attivita_descr: string | null };

const registryColumns: ExportSheet<RegistryExportRow>['columns'] = [
  { header: 'Descrizione', kind: 'text', width: 34, value: (r) => r.descr },
  { header: 'Codice fiscale', kind: 'text', width: 18, value: (r) => r.codice_fiscale },
  { header: 'Partita IVA', kind: 'text', width: 13, value: (r) => r.partita_iva },
  { header: 'Indirizzo', kind: 'text', width: 30, value: (r) => r.indirizzo },
  { header: 'Città', kind: 'text', width: 20, value: (r) => r.citta },
  { header: 'Provincia', kind: 'text', width: 8, value: (r) => r.provincia },
  { header: 'Telefono', kind: 'text', width: 16, value: (r) => r.telefono1 },
  { header: 'Email', kind: 'text', width: 28, value: (r) => r.email },
];

export const contactsSheet: ExportSheet<RegistryExportRow> = {
  name: 'contatti',
  title: 'Contatti',
  columns: registryColumns,
};

export const providersSheet: ExportSheet<RegistryExportRow> = {
  name: 'fornitori',
  title: 'Fornitori',
  columns: [
    ...registryColumns,
    { header: 'Tipo di attività', kind: 'text', width: 22, value: (r) => r.tipo_attivita_descr },
    { header: 'DURC', kind: 'text', width: 12, value: (r) => labelOf(durcStateLabels, r.durc_stato) },
  ],
};

type CondominiumExportRow = CondominiumListRow & { codice_fiscale: string | null; iban: string | null };

export const condominiumsSheet: ExportSheet<CondominiumExportRow> = {
  name: 'condomini',
  title: 'Condomini',
  columns: [
    { header: 'Codice', kind: 'text', width: 8, value: (r) => r.codice },
    { header: 'Intestazione', kind: 'text', width: 34, value: (r) => r.intestazione },
    { header: 'Indirizzo', kind: 'text', width: 30, value: (r) => r.indirizzo },
    { header: 'CAP', kind: 'text', width: 7, value: (r) => r.cap },
    { header: 'Città', kind: 'text', width: 20, value: (r) => r.citta },
    { header: 'Provincia', kind: 'text', width: 8, value: (r) => r.provincia },
    { header: 'Codice fiscale', kind: 'text', width: 18, value: (r) => r.codice_fiscale },
    { header: 'IBAN', kind: 'text', width: 30, value: (r) => r.iban },
    { header: 'Gestito', kind: 'text', width: 8, value: (r) => yesNo(r.gestito) },
    { header: 'Portale attivo', kind: 'text', width: 8, value: (r) => yesNo(r.portale_attivo) },
    {
      header: 'Conto pagamenti',
      kind: 'text',
      width: 22,
      value: (r) => labelOf(paymentAccountStatusLabels, r.stato_conto_pagamenti),
    },
  ],
};

interface CommonPartExportRow {
  intestazione: string;
  categoria: number;
  tipo: number;
  denominazione: string;
  ubicazione: string | null;
  note: string | null;
}

export const commonPartsSheet: ExportSheet<CommonPartExportRow> = {
  name: 'parti-comuni',
  title: 'Parti comuni',
  columns: [
    { header: 'Denominazione', kind: 'text', width: 30, value: (r) => r.denominazione },
    { header: 'Condominio', kind: 'text', width: 30, value: (r) => r.intestazione },
    {
      header: 'Categoria',
      kind: 'text',
      width: 10,
      value: (r) => labelOf(commonPartCategoryLabels, r.categoria),
    },
    { header: 'Tipo', kind: 'text', width: 20, value: (r) => commonPartTypeLabel(r.categoria, r.tipo) },
    { header: 'Ubicazione', kind: 'text', width: 24, value: (r) => r.ubicazione },
    { header: 'Note', kind: 'text', width: 40, value: (r) => r.note },
  ],
};

export const instalmentsSheet: ExportSheet<RataGroup> = {
  name: 'rate',
  title: 'Rate',
  columns: [
    { header: 'Descrizione', kind: 'text', width: 34, value: (r) => r.description },
    {
      header: 'Collegati',
      kind: 'text',
      width: 40,
      value: (r) =>
        r.subList.map((s) => (s.roles.length ? `${s.name} (${s.roles.join(', ')})` : s.name)).join('; '),
    },
    { header: 'Tipo rata', kind: 'text', width: 14, value: (r) => labelOf(instalmentTypeLabels, r.tipoRata) },
    { header: 'Dovuto', kind: 'money', width: 14, value: (r) => r.dovuto },
    { header: 'Versato', kind: 'money', width: 14, value: (r) => r.versato },
    { header: 'Saldo', kind: 'money', width: 14, value: (r) => r.saldo },
    { header: 'Scaduto', kind: 'money', width: 14, value: (r) => r.importoScaduto },
    { header: 'In ritardo', kind: 'text', width: 9, value: (r) => yesNo(r.scaduta) },
  ],
};

/**
 * The sheets whose rows come from one query, by name: an export's worker thread, given the name,
 * writes them with the columns of the same module (export-threads.ts).
 */
export const querySheets = {
  attivita: activitiesSheet,
  contatti: contactsSheet,
  fornitori: providersSheet,
  condomini: condominiumsSheet,
  'parti-comuni': commonPartsSheet,
} as const;
export type QuerySheetName = keyof typeof querySheets;
