import {
  type CommonPart,
  type CommonPartListItem,
  commonPartTypeLabel,
  type Servizio,
  serviceTypeLabels,
} from '@stabile/contract';
import type { CommonPartListRow, CommonPartRow, ServiceRow } from './common-part.repository.ts';

export function toListItem(row: CommonPartListRow): CommonPartListItem {
  return {
    id: Number(row.id),
    condominioID: Number(row.condominio_id),
    intestazioneCondominio: row.intestazione,
    categoria: row.categoria,
    tipo: row.tipo,
    tipoDescr: commonPartTypeLabel(row.categoria, row.tipo),
    denominazione: row.denominazione,
    ubicazione: row.ubicazione,
    note: row.note,
  };
}

export function toCommonPart(row: CommonPartRow): CommonPart {
  return {
    ...toListItem(row),
    marca: row.marca,
    modello: row.modello,
    matricola: row.matricola,
    dataInstallazione: row.data_installazione,
    superficieMq: row.superficie_mq === null ? null : Number(row.superficie_mq),
    numeroServizi: Number(row.numero_servizi ?? 0),
    objVersion: row.obj_version,
  };
}

export function toServizio(row: ServiceRow): Servizio {
  return {
    id: Number(row.id),
    condominioID: Number(row.condominio_id),
    parteComuneID: Number(row.parte_comune_id),
    parteComuneDenominazione: row.parte_denominazione,
    parteComuneCategoria: row.parte_categoria,
    tipoServizio: row.tipo_servizio,
    tipoServizioDescr: serviceTypeLabels[row.tipo_servizio as keyof typeof serviceTypeLabels] ?? '',
    descrizione: row.descrizione,
    fornitoreID: row.fornitore_id === null ? null : Number(row.fornitore_id),
    fornitoreDescr: row.fornitore_descr ?? null,
    periodicitaMesi: row.periodicita_mesi,
    dataUltima: row.data_ultima,
    prossimaScadenza: row.prossima_scadenza,
    riferimentoContratto: row.riferimento_contratto,
    note: row.note,
    objVersion: row.obj_version,
  };
}
