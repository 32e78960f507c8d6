/**
 * The error catalogue of the API (spec section 8). Every code has its HTTP status and its Italian
 * message: `satisfies Record<ErrorCode, ...>` makes a code without an entry fail to compile.
 */
export const ErrorCode = {
  InvalidArchive: 100,
  LoginFailed: 101,
  InvalidArchivePassword: 102,
  WrongArchivePassword: 103,
  InvalidUserPassword: 104,
  ArchiveNotUpdated: 105,
  NoArchiveClaims: 106,
  ControllerError: 107,
  MissingParams: 108,
  Unexpected: 109,
  WrongParams: 110,
  Unauthenticated: 111,
  ApplicationError: 112,
  Validation: 113,
  UnauthorizedReleaseType: 114,
  Business: 115,
  UserAlreadyRegistered: 116,
  RequiresPro: 117,
  Forbidden: 120,
  TooManyRequests: 121,
  NotFound: 122,
  PayloadTooLarge: 123,
  ServerBusy: 124,
  ProviderNotFound: 201,
  TokenCache: 501,
  Unhandled: 999,
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface ErrorCatalogueEntry {
  status: number;
  message: string;
}

export const errorCatalogue = {
  100: { status: 400, message: "L'archivio selezionato non è valido." },
  101: {
    status: 401,
    message: 'Credenziali errate. Accedi con le tue attuali credenziali o recupera la password.',
  },
  102: { status: 401, message: "La password dell'archivio non è valida." },
  103: { status: 401, message: "La password dell'archivio è errata." },
  104: { status: 401, message: "La password dell'utente non è valida." },
  105: { status: 409, message: "L'archivio deve essere aggiornato prima di poter essere usato." },
  106: { status: 403, message: 'Nessun archivio è associato a questo account.' },
  107: { status: 500, message: 'Errore del server durante la richiesta.' },
  108: { status: 400, message: 'Credenziali obbligatorie mancanti' },
  109: { status: 500, message: 'Errore server, riprova tra qualche istante' },
  110: { status: 400, message: 'Parametri della richiesta non corretti.' },
  111: { status: 401, message: 'Sessione scaduta. Accedi di nuovo.' },
  112: { status: 500, message: "Errore dell'applicazione." },
  113: { status: 400, message: 'I dati inseriti non sono validi.' },
  114: { status: 403, message: 'Tipo di account non compatibile con la piattaforma.' },
  115: { status: 409, message: 'Operazione non consentita nello stato attuale.' },
  116: { status: 409, message: 'Utente già registrato.' },
  117: { status: 403, message: 'Accesso riservato agli account Pro.' },
  120: { status: 403, message: 'Non hai i permessi per accedere a questa sezione.' },
  121: { status: 429, message: 'Troppi tentativi. Attendi qualche minuto e riprova.' },
  122: { status: 404, message: 'Elemento non trovato.' },
  123: { status: 413, message: 'La richiesta supera la dimensione massima consentita.' },
  124: { status: 503, message: 'Il server è molto occupato in questo momento. Riprova tra qualche secondo.' },
  201: { status: 404, message: 'Il fornitore richiesto non esiste.' },
  501: { status: 500, message: 'Impossibile recuperare il token di sessione.' },
  999: { status: 500, message: 'Abbiamo riscontrato un errore inaspettato' },
} as const satisfies Record<ErrorCode, ErrorCatalogueEntry>;

/** Messages tied to an HTTP status rather than a code (spec section 8). */
export const httpStatusMessages: Partial<Record<number, string>> = {
  401: 'La password è errata',
  403: 'Account non autorizzato',
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'number' && Object.hasOwn(errorCatalogue, value);
}

export function errorMessage(code: ErrorCode): string {
  return errorCatalogue[code].message;
}

export function errorStatus(code: ErrorCode): number {
  return errorCatalogue[code].status;
}
