/** The answer of a write sent with an `Idempotency-Key` (migration 0080, decision 0021). */
export interface IdempotentRequestsTable {
  /** `a:<archive id>` for archive calls, `u:<account id>` for account calls. */
  ambito: string;
  chiave: string;
  /** A hash of the method, the URL and the body: the same key with another request is refused. */
  richiesta_hash: string;
  /** The answer's HTTP status; null while the first request is still running. */
  stato_http: number | null;
  tipo_contenuto: string | null;
  risposta: string | null;
  created_at: string;
}

export interface IdempotencyTables {
  idempotent_requests: IdempotentRequestsTable;
}
