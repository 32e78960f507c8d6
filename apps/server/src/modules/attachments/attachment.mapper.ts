import type { Allegato, Fascicolo, FascicoloFile } from '@stabile/contract';
import type { AttachmentRow, DossierRow } from './attachment.repository.ts';

/** Rows (snake_case, bigint ids as strings on PostgreSQL) to the contract's objects. */
export function toAllegato(row: AttachmentRow): Allegato {
  return {
    id: Number(row.id),
    nomeFile: row.nome_file,
    dataOra: row.data_ora,
    chiaveDownload: row.chiave_download,
    dimensione: Number(row.dimensione),
    contentType: row.content_type,
    riferimento: { id: Number(row.riferimento_id), tipo: Number(row.riferimento_tipo) },
    tipoOrigine: Number(row.tipo_origine),
    fascicoloId: row.fascicolo_id === null ? null : Number(row.fascicolo_id),
    codice: row.codice,
    anno: row.anno === null ? null : Number(row.anno),
    objVersion: Number(row.obj_version),
  };
}

export function toFascicoloFile(row: AttachmentRow): FascicoloFile {
  return {
    id: Number(row.id),
    nomeFile: row.nome_file,
    dataOra: row.data_ora,
    dimensione: Number(row.dimensione),
    chiaveDownload: row.chiave_download,
    contentType: row.content_type,
    objVersion: Number(row.obj_version),
  };
}

export function toFascicolo(row: DossierRow, files: AttachmentRow[]): Fascicolo {
  return {
    id: Number(row.id),
    numero: Number(row.numero),
    tipo: Number(row.tipo),
    riferimento: { id: Number(row.riferimento_id), tipo: Number(row.riferimento_tipo) },
    tipoOrigine: Number(row.tipo_origine),
    descrizione: row.descrizione,
    dataCreazione: row.data_creazione,
    numeroFile: Number(row.numero_file),
    elencoFile: files.map(toFascicoloFile),
  };
}
