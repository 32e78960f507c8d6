import { errorCatalogue, httpStatusMessages } from '@stabile/contract';

/** error_<code> for every code of the catalogue (spec section 8), taken from the contract. */
const catalogue = Object.fromEntries(
  Object.entries(errorCatalogue).map(([code, entry]) => [`error_${code}`, entry.message]),
);

/**
 * Error and toast texts shared by every area (spec section 8). A feature's own toasts live in its
 * namespace (the reports' send failures and success dialogs in reports.ts); nothing here is unused:
 * shared/ui/toast-texts.test.ts checks it.
 */
export default {
  ...catalogue,
  http_401: httpStatusMessages[401] ?? 'La password è errata',
  http_403: httpStatusMessages[403] ?? 'Account non autorizzato',
  toastErrorTitle: 'Errore',
  genericSuccess: 'Operazione effettuata con successo',
  sessionExpiredTitle: 'Sessione scaduta',
  sessionExpired: 'La sessione è scaduta. Accedi di nuovo per continuare.',
  tooManyAttempts_one: 'Troppi tentativi. Riprova tra {{count}} minuto.',
  tooManyAttempts_other: 'Troppi tentativi. Riprova tra {{count}} minuti.',
  network: 'Impossibile contattare il server. Verifica la connessione e riprova.',
  timeout: 'Il server non ha risposto in tempo. Riprova tra qualche istante.',
  previewError: "Ooops!... qualcosa è andato storto nel recupero dell'allegato",
  downloadError: 'Non è stato possibile scaricare il file. Riprova.',
  pushTokenError:
    'Non è possibile abilitare le notifiche sul dispositivo. Ricarica la pagina o verifica lo stato della tua rete.',
};
