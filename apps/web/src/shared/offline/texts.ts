/** The Italian texts of the offline queue and of the data read offline. */
export const offlineTexts = {
  queuedToast:
    'Sei offline: la modifica è salvata sul dispositivo e sarà inviata al ritorno della connessione.',
  queuedTitle: 'Salvata sul dispositivo',
  sentToast: (n: number) =>
    n === 1 ? 'Connessione tornata: 1 modifica inviata.' : `Connessione tornata: ${n} modifiche inviate.`,
  refusedToast: 'Una modifica fatta offline è stata rifiutata: apri le modifiche in attesa per decidere.',
  pendingCount: (n: number) =>
    n === 1 ? '1 modifica in attesa di invio' : `${n} modifiche in attesa di invio`,
  panelTitle: 'Modifiche in attesa di invio',
  panelEmpty: 'Nessuna modifica in attesa.',
  offline: 'Offline',
  staleData: 'Dati non aggiornati',
  staleHint: 'Sei offline: vedi gli ultimi dati caricati su questo dispositivo.',
  stateWaiting: 'In attesa',
  stateSending: 'In invio…',
  stateRefused: 'Rifiutata',
  retry: 'Riprova sulla nuova versione',
  retrySimple: 'Riprova',
  discard: 'Scarta',
  pendingBadge: 'In attesa di invio',
  pendingBadgeRefused: 'Modifica rifiutata',
  sendNow: 'Invia ora',
  label: {
    newActivity: 'Nuova attività',
    note: 'Nota su un’attività',
    state: 'Cambio di stato di un’attività',
    activityEdit: 'Modifica di un’attività',
    activityDelete: 'Eliminazione di un’attività',
    manager: 'Cambio del gestore di un’attività',
    description: 'Descrizione di un’attività',
    contact: 'Modifica di un contatto',
    newContact: 'Nuovo contatto',
    generic: 'Modifica',
  },
} as const;
