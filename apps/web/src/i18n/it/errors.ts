import { errorCatalogue, httpStatusMessages } from '@stabile/contract';

/** error_<code> for every code of the catalogue (spec section 8), taken from the contract. */
const catalogue = Object.fromEntries(
  Object.entries(errorCatalogue).map(([code, entry]) => [`error_${code}`, entry.message]),
);

export default {
  ...catalogue,
  http_401: httpStatusMessages[401] ?? 'La password è errata',
  http_403: httpStatusMessages[403] ?? 'Account non autorizzato',
  toastErrorTitle: 'Errore',
  toastSuccessTitle: 'Fatto',
  genericSuccess: 'Operazione effettuata con successo',
  genericFailure: 'Operazione non effettuata',
  sessionExpiredTitle: 'Sessione scaduta',
  sessionExpired: 'La sessione è scaduta. Accedi di nuovo per continuare.',
  tooManyAttempts_one: 'Troppi tentativi. Riprova tra {{count}} minuto.',
  tooManyAttempts_other: 'Troppi tentativi. Riprova tra {{count}} minuti.',
  network: 'Impossibile contattare il server. Verifica la connessione e riprova.',
  timeout: 'Il server non ha risposto in tempo. Riprova tra qualche istante.',
  previewError: "Ooops!... qualcosa è andato storto nel recupero dell'allegato",
  downloadError: 'Non è stato possibile scaricare il file. Riprova.',
  activityCreateError: "Non è stato possibile creare l'attività.",
  activityDeleteError: "Non è stato possibile eliminare l'attività.",
  attachmentError: "Si è verificato un errore con l'allegato.",
  paginationParseError: 'Non è stato possibile leggere la paginazione della risposta.',
  bugSendError: "Errore nell'invio della segnalazione",
  suggestionSendError: "Errore nell'invio del suggerimento",
  pushTokenError:
    'Non è possibile abilitare le notifiche sul dispositivo. Ricarica la pagina o verifica lo stato della tua rete.',
  bugCreatedTitle: 'Segnalazione creata!',
  bugCreatedNote: "Riceverai un'email con il riepilogo. Codice di riferimento: {{id}}",
  suggestionCreatedTitle: 'Grazie per il tuo suggerimento!',
};
