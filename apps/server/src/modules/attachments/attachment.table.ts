/**
 * Dossiers (fascicoli) and their files (allegati), created by migration 0003 (obj_version and the
 * reference index by 0060). The bytes of a file live in the file store (file-store.ts) under
 * `storage_key`; `chiave_download` is the opaque key a client sends back, never a path.
 */
export interface DossiersTable {
  archive_id: number;
  id: number;
  numero: number;
  riferimento_tipo: number;
  riferimento_id: number;
  tipo_origine: number;
  tipo: number;
  descrizione: string | null;
  data_creazione: string;
  numero_file: number;
  obj_version: number;
}

export interface AttachmentsTable {
  archive_id: number;
  id: number;
  riferimento_tipo: number;
  riferimento_id: number;
  tipo_origine: number;
  fascicolo_id: number | null;
  nome_file: string;
  data_ora: string;
  chiave_download: string;
  dimensione: number;
  content_type: string;
  codice: string | null;
  anno: number | null;
  storage_key: string;
  created_at: string;
  obj_version: number;
}
