import { ActivityState, AssignmentState } from '../common/enums.ts';

/**
 * The rules of activities and supplier assignments (spec section 4), written once: the server
 * enforces them and the web app shows only the actions they allow.
 */

/** States 0 and 3 are both "closed" to people: the list's closed tab shows both. */
export function isClosedState(stato: number): boolean {
  return stato === ActivityState.Closed || stato === ActivityState.None;
}

/** The state group stored for the list's indexes: 0 closed (0 and 3), 1 open, 2 suspended. */
export function stateGroupOf(stato: number): 0 | 1 | 2 {
  if (stato === ActivityState.Open) return 1;
  if (stato === ActivityState.Suspended) return 2;
  return 0;
}

export const ActivityAction = {
  Suspend: 'sospendi',
  Close: 'chiudi',
  Reopen: 'riapri',
  Resume: 'riprendi',
} as const;
export type ActivityAction = (typeof ActivityAction)[keyof typeof ActivityAction];

/** Each action: the states it starts from and the state it leads to. */
export const activityActions: Record<ActivityAction, { from: readonly ActivityState[]; to: ActivityState }> =
  {
    sospendi: { from: [ActivityState.Open], to: ActivityState.Suspended },
    chiudi: { from: [ActivityState.Open, ActivityState.Suspended], to: ActivityState.Closed },
    riapri: { from: [ActivityState.Closed, ActivityState.None], to: ActivityState.Open },
    riprendi: { from: [ActivityState.Suspended], to: ActivityState.Open },
  };

export const activityActionLabels: Record<ActivityAction, string> = {
  sospendi: 'Sospendi',
  chiudi: 'Chiudi',
  riapri: 'Riapri',
  riprendi: 'Riprendi',
};

/** The action that moves `from` to `to`, or null when no action does (an impossible transition). */
export function activityActionFor(from: number, to: number): ActivityAction | null {
  for (const [action, rule] of Object.entries(activityActions) as Array<
    [ActivityAction, (typeof activityActions)[ActivityAction]]
  >) {
    if (rule.to === to && (rule.from as readonly number[]).includes(from)) return action;
  }
  return null;
}

/** The actions available in a state, in the order the drawer shows them. */
export function activityActionsFrom(stato: number): ActivityAction[] {
  return (Object.keys(activityActions) as ActivityAction[]).filter((a) =>
    (activityActions[a].from as readonly number[]).includes(stato),
  );
}

export const ActivityMessage = {
  ImpossibleTransition: (from: string, to: string) =>
    `Non è possibile passare un'attività dallo stato "${from}" allo stato "${to}".`,
  NotFound: 'Attività non trovata.',
  TypeNotFound: 'Tipo di segnalazione inesistente.',
  TypeExists: 'Esiste già un tipo di segnalazione con questa descrizione.',
  CondominiumNotFound: 'Condominio inesistente.',
  ApplicantNotFound: 'Richiedente inesistente.',
  ProviderNotFound: 'Il fornitore richiesto non esiste.',
  NoteNotFound: 'Nota non trovata.',
  InterventionNotFound: 'Intervento non trovato.',
  InterventionDone: "L'intervento è già stato svolto.",
  InterventionHasAssignment:
    "L'intervento ha un incarico al fornitore in corso: annullalo prima di eliminare l'intervento.",
  ClosedActivity: "L'attività è chiusa: riaprila per modificarla.",
  DueBeforeOpening: 'La data di conclusione non può precedere la data di apertura.',
  SearchTooShort: 'La ricerca richiede almeno 3 caratteri.',
  DateRange: 'La data iniziale non può essere successiva alla data finale.',
} as const;

/** Supplier-assignment actions: the administrator's and the provider's (spec section 4). */
export const AssignmentAction = {
  Send: 'invia',
  Cancel: 'annulla',
  Remind: 'sollecita',
  Repropose: 'riproponi',
  Integration: 'integrazione',
  Accept: 'accetta',
  Reject: 'rifiuta',
  Postpone: 'rinvia',
  Message: 'messaggio',
  CloseSuccess: 'chiudiSuccesso',
  CloseFailure: 'chiudiInsuccesso',
} as const;
export type AssignmentAction = (typeof AssignmentAction)[keyof typeof AssignmentAction];

/** Provider actions available on the public page. */
export const supplierActions = [
  AssignmentAction.Accept,
  AssignmentAction.Reject,
  AssignmentAction.Postpone,
  AssignmentAction.Message,
  AssignmentAction.CloseSuccess,
  AssignmentAction.CloseFailure,
] as const;
export type SupplierAction = (typeof supplierActions)[number];

const S = AssignmentState;
/** `to: null` keeps the state (reminders and messages). */
export const assignmentTransitions: Record<
  AssignmentAction,
  { from: readonly AssignmentState[]; to: AssignmentState | null; by: 'amministratore' | 'fornitore' }
> = {
  invia: { from: [S.ToAssign], to: S.RequestSent, by: 'amministratore' },
  annulla: { from: [S.ToAssign, S.RequestSent, S.Accepted], to: S.Cancelled, by: 'amministratore' },
  sollecita: { from: [S.RequestSent, S.Accepted], to: null, by: 'amministratore' },
  riproponi: {
    from: [S.Refused, S.Cancelled, S.ConcludedPositively, S.ConcludedNotResolving],
    to: S.RequestSent,
    by: 'amministratore',
  },
  integrazione: { from: [S.RequestSent, S.Accepted], to: null, by: 'amministratore' },
  accetta: { from: [S.RequestSent], to: S.Accepted, by: 'fornitore' },
  rifiuta: { from: [S.RequestSent], to: S.Refused, by: 'fornitore' },
  rinvia: { from: [S.RequestSent, S.Accepted], to: S.Accepted, by: 'fornitore' },
  messaggio: { from: [S.RequestSent, S.Accepted], to: null, by: 'fornitore' },
  chiudiSuccesso: { from: [S.Accepted], to: S.ConcludedPositively, by: 'fornitore' },
  chiudiInsuccesso: { from: [S.Accepted], to: S.ConcludedNotResolving, by: 'fornitore' },
};

export const assignmentActionLabels: Record<AssignmentAction, string> = {
  invia: 'Invia richiesta',
  annulla: 'Annulla incarico',
  sollecita: 'Sollecita',
  riproponi: 'Riproponi',
  integrazione: 'Messaggio di integrazione',
  accetta: 'Accetta',
  rifiuta: 'Rifiuta',
  rinvia: 'Rinvia',
  messaggio: 'Messaggio',
  chiudiSuccesso: 'Lavoro concluso',
  chiudiInsuccesso: 'Concluso senza risolvere',
};

/** The state an action leads to from `from`, or undefined when the action is not allowed there. */
export function assignmentNextState(action: AssignmentAction, from: number): AssignmentState | undefined {
  const rule = assignmentTransitions[action];
  if (!(rule.from as readonly number[]).includes(from)) return undefined;
  return rule.to ?? (from as AssignmentState);
}

export function assignmentActionsFrom(stato: number, by: 'amministratore' | 'fornitore'): AssignmentAction[] {
  return (Object.keys(assignmentTransitions) as AssignmentAction[]).filter(
    (a) =>
      assignmentTransitions[a].by === by &&
      (assignmentTransitions[a].from as readonly number[]).includes(stato),
  );
}

export const AssignmentMessageText = {
  ImpossibleTransition: (action: string, state: string) =>
    `Azione "${action}" non consentita: l'incarico è nello stato "${state}".`,
  AlreadySent: 'La richiesta è già stata inviata per questo intervento: usa Sollecita o Riproponi.',
  NoEmail: "Il fornitore non ha un indirizzo email: aggiungilo nell'anagrafica del fornitore.",
  NotFound: 'Incarico al fornitore non trovato.',
  LinkInvalid:
    "Il link non è valido. Controlla di averlo copiato per intero o chiedi all'amministratore di inviarne uno nuovo.",
  LinkExpired: "Il link è scaduto. Chiedi all'amministratore dello stabile di inviarne uno nuovo.",
  LinkReplaced: "Questo link non è più attivo: l'amministratore ha inviato una nuova richiesta.",
  FileMissing: 'Allega un file al messaggio di integrazione.',
  FileKeyInvalid: 'Chiave del file non valida.',
} as const;

/** How long an emailed supplier link works. */
export const SUPPLIER_LINK_DAYS = 30;

/** Default types of report (spec section 3: type 2 is Problem, the new-activity default). */
export const defaultActivityTypes: ReadonlyArray<{ id: number; descr: string }> = [
  { id: 1, descr: 'Guasto' },
  { id: 2, descr: 'Problema' },
  { id: 3, descr: 'Manutenzione' },
  { id: 4, descr: 'Richiesta' },
  { id: 5, descr: 'Reclamo' },
  { id: 6, descr: 'Sinistro' },
  { id: 7, descr: 'Pulizia' },
  { id: 8, descr: 'Altro' },
];

/** The list's status tabs: the values of the `stato` filter. */
export const ActivityStatusTab = { Open: 1, Suspended: 2, Closed: 0 } as const;
export type ActivityStatusTab = (typeof ActivityStatusTab)[keyof typeof ActivityStatusTab];

export const ActivityOrder = {
  Newest: 'recenti',
  Oldest: 'menoRecenti',
  Number: 'numeroPratica',
  Priority: 'priorita',
  Due: 'scadenza',
  Updated: 'aggiornamento',
} as const;
export type ActivityOrder = (typeof ActivityOrder)[keyof typeof ActivityOrder];
export const activityOrderLabels: Record<ActivityOrder, string> = {
  recenti: 'Più recenti',
  menoRecenti: 'Meno recenti',
  numeroPratica: 'Numero pratica',
  priorita: 'Priorità',
  scadenza: 'Scadenza',
  aggiornamento: 'Ultimo aggiornamento',
};
export const activityOrders = Object.values(ActivityOrder);

/** Days between two ISO dates (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round(
    (Date.parse(`${b.slice(0, 10)}T00:00:00Z`) - Date.parse(`${a.slice(0, 10)}T00:00:00Z`)) / 86_400_000,
  );
}

export type InterventionDisplay =
  | { kind: 'planned'; days: number }
  | { kind: 'undefined' }
  | { kind: 'late'; days: number }
  | { kind: 'done'; days: number };

/** How an intervention reads today (spec section 4): planned, undefined, late or done. */
export function interventionDisplay(
  intervention: { dataPrevista: string | null; dataEsecuzione: string | null },
  today: string,
): InterventionDisplay {
  if (intervention.dataEsecuzione)
    return { kind: 'done', days: Math.max(0, daysBetween(intervention.dataEsecuzione, today)) };
  if (!intervention.dataPrevista) return { kind: 'undefined' };
  const days = daysBetween(today, intervention.dataPrevista);
  return days >= 0 ? { kind: 'planned', days } : { kind: 'late', days: -days };
}

/** Italian text of an intervention's display. */
export function interventionDisplayText(display: InterventionDisplay): string {
  switch (display.kind) {
    case 'planned':
      return display.days === 0
        ? 'Previsto oggi'
        : display.days === 1
          ? 'Previsto domani'
          : `Previsto tra ${display.days} giorni`;
    case 'undefined':
      return 'Data non definita';
    case 'late':
      return display.days === 1 ? 'In ritardo di 1 giorno' : `In ritardo di ${display.days} giorni`;
    case 'done':
      return display.days === 0
        ? 'Svolto oggi'
        : display.days === 1
          ? 'Svolto ieri'
          : `Svolto ${display.days} giorni fa`;
  }
}
