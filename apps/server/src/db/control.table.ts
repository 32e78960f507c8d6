/** Row types of the control tables (migration 0001). Booleans are 0/1 integers. */
export interface GlobalCountersTable {
  name: string;
  value: number;
}

export interface AccountsTable {
  id: number;
  email: string;
  password_hash: string;
  type: string;
  display_name: string;
  versione: number;
  created_at: string;
  password_changed_at: string | null;
}

export interface ArchivesTable {
  id: number;
  account_id: number;
  name: string;
  protection: string;
  password_hash: string | null;
  gestione_accessi: number;
  gestione_accessi_version: number;
  data_revision: number;
  portal_published: number;
  pid: string | null;
  premium: number;
  last_access_at: string | null;
  created_at: string;
}

export interface ArchiveCountersTable {
  archive_id: number;
  name: string;
  value: number;
}

export interface ArchiveUsersTable {
  archive_id: number;
  id: number;
  username: string;
  display_name: string;
  password_hash: string;
  role: string;
  disattivato: number;
  acc_allegati_on: number;
  acc_attivita_on: number;
  acc_impianti_on: number;
  acc_persone_on: number;
  acc_fornitori_on: number;
  obj_version: number;
}

export interface SessionsTable {
  id: string;
  account_id: number;
  keep_login: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  user_agent: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface SessionArchivesTable {
  archive_id: number;
  session_id: string;
  archive_user_id: number | null;
  unlocked_at: string;
}

export interface OneTimeTokensTable {
  token_hash: string;
  kind: string;
  account_id: number;
  payload: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface DevicesTable {
  account_id: number;
  token: string;
  device: string;
  created_at: string;
}

export interface ReportsTable {
  id: number;
  account_id: number;
  kind: string;
  email: string;
  message: string;
  attachment_name: string | null;
  attachment_key: string | null;
  created_at: string;
}

/** SQLite only: every word of the full-text documents (db/search-terms.ts, migration 0008). */
export interface SearchTermsTable {
  term: string;
}

export interface ControlTables {
  global_counters: GlobalCountersTable;
  accounts: AccountsTable;
  archives: ArchivesTable;
  archive_counters: ArchiveCountersTable;
  archive_users: ArchiveUsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  session_archives: SessionArchivesTable;
  one_time_tokens: OneTimeTokensTable;
  devices: DevicesTable;
  reports: ReportsTable;
  search_terms: SearchTermsTable;
}
