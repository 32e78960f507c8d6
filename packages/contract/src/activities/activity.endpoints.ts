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

export function activityPathOf(template: string, params: Record<string, string | number>): string {
  return template.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}
