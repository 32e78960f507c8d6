import {
  type ArchiveListItem,
  ArchiveProtection,
  type ArchiveUser,
  type UpdateProgress,
  UpdateState,
} from '@stabile/contract';
import type { ArchiveRow, UpdateProgressRow } from './archive.repository.ts';
import { CURRENT_DATA_REVISION } from './data-revisions.ts';

export function toProtection(value: string): ArchiveProtection {
  return value === ArchiveProtection.Password || value === ArchiveProtection.UserManagement
    ? value
    : ArchiveProtection.None;
}

export function toArchiveListItem(row: ArchiveRow, unlocked: boolean): ArchiveListItem {
  return {
    id: row.id,
    nome: row.name,
    protezione: toProtection(row.protection),
    gestioneAccessi: row.gestione_accessi === 1,
    revisioneDati: row.data_revision,
    revisioneRichiesta: CURRENT_DATA_REVISION,
    pubblicatoPortale: row.portal_published === 1,
    ultimoAccesso: row.last_access_at,
    sbloccato: unlocked,
  };
}

export function toArchiveUser(row: {
  id: number;
  username: string;
  display_name: string;
  disattivato: number;
}): ArchiveUser {
  return { id: row.id, username: row.username, nome: row.display_name, disattivato: row.disattivato === 1 };
}

export function toUpdateProgress(
  connectionId: string,
  row: UpdateProgressRow,
  currentRevision: number,
): UpdateProgress {
  const stato =
    row.state === UpdateState.Done || row.state === UpdateState.Failed ? row.state : UpdateState.Running;
  return {
    connectionID: connectionId,
    stato,
    passo: row.step,
    passiTotali: row.total_steps,
    percentuale: row.total_steps === 0 ? 100 : Math.round((row.step / row.total_steps) * 100),
    descrizione: row.description,
    revisione: currentRevision,
    revisioneRichiesta: CURRENT_DATA_REVISION,
    messaggio: row.message,
  };
}
