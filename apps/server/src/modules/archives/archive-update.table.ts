/** Row types added by migration 0005 (archive updates and the activities last access). */
export interface ArchiveUpdatesTable {
  archive_id: number;
  connection_id: string;
  state: string;
  step: number;
  total_steps: number;
  description: string | null;
  from_revision: number;
  to_revision: number;
  message: string | null;
  started_at: string;
  updated_at: string;
}

/** Column of `archives` added by migration 0005 (merged with the control table's row type). */
export interface ArchiveAccessColumns {
  last_activities_access_at: string | null;
}

export interface ArchiveUpdateTables {
  archive_updates: ArchiveUpdatesTable;
  archives: ArchiveAccessColumns;
}
