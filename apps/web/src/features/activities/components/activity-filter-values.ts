// The activity list's filters as values, apart from their form (loaded when the filters open).

/** The filters of spec section 2, as query parameters of GET /api/attivita (strings; '' = none). */
export interface ActivityFilterValues {
  condGenID: string;
  fornitoreID: string;
  priorita: string;
  tipoSegnalazID: string;
  richiedenteID: string;
  dataDa: string;
  dataA: string;
  gestore: string;
  servizio: string;
  esercizioID: string;
  avvisi: boolean;
  attive: boolean;
  datiIncompleti: boolean;
}

export const emptyFilters: ActivityFilterValues = {
  condGenID: '',
  fornitoreID: '',
  priorita: '',
  tipoSegnalazID: '',
  richiedenteID: '',
  dataDa: '',
  dataA: '',
  gestore: '',
  servizio: '',
  esercizioID: '',
  avvisi: false,
  attive: false,
  datiIncompleti: false,
};

export function activeFilterCount(values: ActivityFilterValues): number {
  return Object.entries(values).filter(([, v]) => v !== '' && v !== false).length;
}

export function filterParams(values: ActivityFilterValues): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === true) params[key] = 'true';
    else if (typeof value === 'string' && value !== '') params[key] = value;
  }
  return params;
}
