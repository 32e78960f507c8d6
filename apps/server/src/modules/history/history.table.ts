/** One change to one record (migration 0110, decision 0026). Never updated, never deleted. */
export interface RecordHistoryTable {
  archive_id: number;
  /** Random (UUID): no counter row to lock on every write. */
  id: string;
  kind: string;
  record_id: number;
  /** ISO time of the change. */
  at: string;
  account_id: number | null;
  archive_user_id: number | null;
  via: string;
  action: string;
  /** JSON array of { field, before, after }. */
  changes: string;
}

/** Archives being removed: the only case where their history rows may be deleted. */
export interface RecordHistoryRemovalsTable {
  removed_archive_id: number;
}

export interface HistoryTables {
  record_history: RecordHistoryTable;
  record_history_removals: RecordHistoryRemovalsTable;
}
