/** Paths of the activity, supplier-assignment and supplier-portal calls (spec section 7). */
export const ActivityPath = {
  list: '/api/attivita',
  item: '/api/attivita/:id',
  open: '/api/attivita/:id/open',
  state: '/api/attivita/:id/stato',
  manager: '/api/attivita/:id/gestore',
  notes: '/api/attivita/:id/eventi/nota',
  note: '/api/attivita/:id/eventi/nota/:notaId',
  description: '/api/attivita/:id/eventi/descrizione',
  types: '/api/attivita/tipo',
  applicants: '/api/attivita/richiedenti',
  applicant: '/api/attivita/richiedenti/:id',
  settings: '/api/attivita/impostazioni',
  managers: '/api/attivita/gestori',
  interventions: '/api/attivita/:id/fornitore/:fornitoreId/intervento',
  intervention: '/api/attivita/:id/fornitore/:fornitoreId/intervento/:interventoId',
  interventionDone: '/api/attivita/:id/fornitore/:fornitoreId/intervento/:interventoId/svolgi',
  interventionDate: '/api/attivita/:id/fornitore/:fornitoreId/intervento/:interventoId/dataPrevista',
  home: '/api/home',
} as const;

/** Supplier assignments: `{a}/{b}` of the spec are the activity id and the intervention id. */
export const AssignmentPath = {
  send: '/api/interventoFornitore',
  status: '/api/interventoFornitore/stato',
  cancel: '/api/interventoFornitore/:attivitaId/:interventoId/annulla',
  remind: '/api/interventoFornitore/:attivitaId/:interventoId/sollecita',
  repropose: '/api/interventoFornitore/:attivitaId/:interventoId/riproponi',
  integrationFile: '/api/interventoFornitore/:attivitaId/:interventoId/integrazioneFileForm',
  integrationKey: '/api/interventoFornitore/:attivitaId/:interventoId/integrazioneChiaveFile',
  messages: '/api/interventoFornitore/:interventoId/messaggi',
} as const;

export function activityPathOf(template: string, params: Record<string, string | number>): string {
  return template.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}
