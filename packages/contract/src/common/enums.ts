/**
 * Enumerations of spec sections 3 and 4 with their Italian labels. Each enum is a const object of
 * numeric (or string) values plus a `Record` of labels, so a value without a label fails to compile.
 */

function values<T extends Record<string, number | string>>(e: T) {
  return Object.values(e) as T[keyof T][];
}

export const ActivityState = { Closed: 0, Open: 1, Suspended: 2, None: 3 } as const;
export type ActivityState = (typeof ActivityState)[keyof typeof ActivityState];
export const activityStateLabels: Record<ActivityState, string> = {
  0: 'Chiusa',
  1: 'Aperta',
  2: 'Sospesa',
  3: 'Chiusa',
};
export const activityStates = values(ActivityState);

export const Priority = { Low: 1, Medium: 2, High: 3, Urgent: 4 } as const;
export type Priority = (typeof Priority)[keyof typeof Priority];
export const priorityLabels: Record<Priority, string> = { 1: 'Bassa', 2: 'Media', 3: 'Alta', 4: 'Urgente' };
export const priorities = values(Priority);

export const AssignmentState = {
  ToAssign: 0,
  RequestSent: 1,
  Accepted: 2,
  Refused: 3,
  Cancelled: 4,
  ConcludedPositively: 5,
  ConcludedNotResolving: 6,
} as const;
export type AssignmentState = (typeof AssignmentState)[keyof typeof AssignmentState];
export const assignmentStateLabels: Record<AssignmentState, string> = {
  0: 'Da assegnare',
  1: 'Richiesta inviata',
  2: 'Accettato',
  3: 'Rifiutato',
  4: 'Annullato',
  5: 'Concluso positivamente',
  6: 'Concluso senza risoluzione',
};
export const assignmentStates = values(AssignmentState);

export const EventType = {
  State: 1,
  Manager: 2,
  Note: 3,
  Provider: 4,
  Referent: 5,
  InitialDescription: 6,
} as const;
export type EventType = (typeof EventType)[keyof typeof EventType];
export const eventTypeLabels: Record<EventType, string> = {
  1: 'Stato',
  2: 'Gestore',
  3: 'Nota',
  4: 'Fornitore',
  5: 'Referente',
  6: 'Descrizione iniziale',
};
export const eventTypes = values(EventType);

export const EventAuthor = { System: 1, User: 2, ResidentPortal: 3 } as const;
export type EventAuthor = (typeof EventAuthor)[keyof typeof EventAuthor];
export const eventAuthorLabels: Record<EventAuthor, string> = {
  1: 'Sistema',
  2: 'Utente',
  3: 'Portale condomini',
};
export const eventAuthors = values(EventAuthor);

export const ServiceType = {
  Maintenance: 1,
  Review: 2,
  Check: 3,
  Repair: 4,
  Supply: 5,
  Installation: 6,
  Employee: 7,
  ProfessionalAssignment: 8,
  Generic: 9,
  Assistance: 10,
} as const;
export type ServiceType = (typeof ServiceType)[keyof typeof ServiceType];
export const serviceTypeLabels: Record<ServiceType, string> = {
  1: 'Manutenzione',
  2: 'Revisione',
  3: 'Verifica',
  4: 'Riparazione',
  5: 'Fornitura',
  6: 'Installazione',
  7: 'Dipendente',
  8: 'Incarico professionale',
  9: 'Generico',
  10: 'Assistenza',
};
export const serviceTypes = values(ServiceType);

export const PlantType = {
  Generic: 0,
  Lift: 1,
  Heating: 2,
  Electrical: 3,
  Softener: 4,
  PressureTank: 5,
  Cooling: 6,
  SubmersiblePump: 7,
  FireProtection: 8,
  Pool: 9,
  TvAntenna: 10,
  SatelliteAntenna: 11,
  Intercom: 12,
  Sewer: 13,
  GasNetwork: 14,
  WaterNetwork: 15,
  Photovoltaic: 16,
  SolarPanels: 17,
  VerticalDrain: 18,
  Flue: 19,
  GateAccess: 20,
  FallProtection: 21,
} as const;
export type PlantType = (typeof PlantType)[keyof typeof PlantType];
export const plantTypeLabels: Record<PlantType, string> = {
  0: 'Generico',
  1: 'Ascensore',
  2: 'Riscaldamento',
  3: 'Elettrico',
  4: 'Addolcitore',
  5: 'Autoclave',
  6: 'Raffrescamento',
  7: 'Pompa sommersa',
  8: 'Antincendio',
  9: 'Piscina',
  10: 'Antenna TV',
  11: 'Antenna satellitare',
  12: 'Citofono',
  13: 'Fognatura',
  14: 'Rete gas',
  15: 'Rete idrica',
  16: 'Fotovoltaico',
  17: 'Pannelli solari',
  18: 'Scarico verticale',
  19: 'Canna fumaria',
  20: 'Cancello / accesso',
  21: 'Linea vita (anticaduta)',
};
export const plantTypes = values(PlantType);

export const EnvironmentType = { Garden: 0, Stairs: 1, Concierge: 2, Generic: 3, Building: 4 } as const;
export type EnvironmentType = (typeof EnvironmentType)[keyof typeof EnvironmentType];
export const environmentTypeLabels: Record<EnvironmentType, string> = {
  0: 'Giardino',
  1: 'Scale',
  2: 'Portineria',
  3: 'Generico',
  4: 'Edificio',
};
export const environmentTypes = values(EnvironmentType);

export const CommonPartCategory = { Plant: 0, Environment: 1 } as const;
export type CommonPartCategory = (typeof CommonPartCategory)[keyof typeof CommonPartCategory];
export const commonPartCategoryLabels: Record<CommonPartCategory, string> = { 0: 'Impianto', 1: 'Ambiente' };

/** The Italian label of a common part's type, by category. */
export function commonPartTypeLabel(categoria: number, tipo: number): string {
  const labels: Record<number, string> =
    categoria === CommonPartCategory.Plant ? plantTypeLabels : environmentTypeLabels;
  return labels[tipo] ?? '';
}

export const ExerciseType = { Ordinary: 0, Extraordinary: 1, Auxiliary: 2 } as const;
export type ExerciseType = (typeof ExerciseType)[keyof typeof ExerciseType];
export const exerciseTypeLabels: Record<ExerciseType, string> = {
  0: 'Ordinario',
  1: 'Straordinario',
  2: 'Ausiliario',
};

export const ExerciseStatusFilter = { All: 0, Open: 1, Closed: 2 } as const;
export type ExerciseStatusFilter = (typeof ExerciseStatusFilter)[keyof typeof ExerciseStatusFilter];
export const exerciseStatusFilterLabels: Record<ExerciseStatusFilter, string> = {
  0: 'Tutti',
  1: 'Aperti',
  2: 'Chiusi',
};

export const InstalmentGroupType = { ByRegistry: 1, ByUnit: 2 } as const;
export type InstalmentGroupType = (typeof InstalmentGroupType)[keyof typeof InstalmentGroupType];
export const instalmentGroupTypeLabels: Record<InstalmentGroupType, string> = {
  1: 'Per anagrafica',
  2: 'Per unità',
};

export const InstalmentType = { Preventive: 0, Extraordinary: 1, Refund: 2, Surplus: 3 } as const;
export type InstalmentType = (typeof InstalmentType)[keyof typeof InstalmentType];
export const instalmentTypeLabels: Record<InstalmentType, string> = {
  0: 'Preventivo',
  1: 'Straordinaria',
  2: 'Rimborso',
  3: 'Eccedenza',
};

export const PaymentDistribution = { ByOldestInstalment: 0, ByCompetenceDate: 1 } as const;
export type PaymentDistribution = (typeof PaymentDistribution)[keyof typeof PaymentDistribution];
export const paymentDistributionLabels: Record<PaymentDistribution, string> = {
  0: 'Dalla rata più vecchia',
  1: 'Per data di competenza',
};

export const PaymentAccountStatus = {
  Error: 0,
  CondominiumNotLinked: 1,
  Active: 2,
  NotActive: 3,
  Suspended: 4,
} as const;
export type PaymentAccountStatus = (typeof PaymentAccountStatus)[keyof typeof PaymentAccountStatus];
export const paymentAccountStatusLabels: Record<PaymentAccountStatus, string> = {
  0: 'Errore',
  1: 'Condominio non collegato',
  2: 'Attivo',
  3: 'Non attivo',
  4: 'Sospeso',
};

export const CadastralType = { RegisteredProperty: 0, RegistrationRequest: 1 } as const;
export type CadastralType = (typeof CadastralType)[keyof typeof CadastralType];
export const cadastralTypeLabels: Record<CadastralType, string> = {
  0: 'Immobile accatastato',
  1: 'Domanda di accatastamento',
};

export const RegistryType = { CondominiumRegistry: 0, Person: 1, Provider: 2 } as const;
export type RegistryType = (typeof RegistryType)[keyof typeof RegistryType];
export const registryTypeLabels: Record<RegistryType, string> = {
  0: 'Anagrafica condominiale',
  1: 'Persona',
  2: 'Fornitore',
};

export const AccountUnitType = { PersonalOnly: 0, PaymentsOnly: 1 } as const;
export type AccountUnitType = (typeof AccountUnitType)[keyof typeof AccountUnitType];
export const accountUnitTypeLabels: Record<AccountUnitType, string> = {
  0: 'Solo personali',
  1: 'Solo versamenti',
};

export const Role = { Admin: 'Admin', User: 'User' } as const;
export type Role = (typeof Role)[keyof typeof Role];
export const roleLabels: Record<Role, string> = { Admin: 'Amministratore', User: 'Utente' };

export const AccountType = { Pro: 'pro', One: 'one' } as const;
export type AccountType = (typeof AccountType)[keyof typeof AccountType];

export const ArchiveProtection = { None: 'none', Password: 'password', UserManagement: 'users' } as const;
export type ArchiveProtection = (typeof ArchiveProtection)[keyof typeof ArchiveProtection];
export const archiveProtectionLabels: Record<ArchiveProtection, string> = {
  none: 'Non protetto',
  password: 'Protetto da password',
  users: 'Gestione utenti',
};

export const UploadFileState = {
  Waiting: 'waiting',
  Loading: 'loading',
  Done: 'done',
  Failed: 'failed',
} as const;
export type UploadFileState = (typeof UploadFileState)[keyof typeof UploadFileState];
export const uploadFileStateLabels: Record<UploadFileState, string> = {
  waiting: 'In attesa',
  loading: 'Caricamento',
  done: 'Completato',
  failed: 'Non riuscito',
};

export const UploadState = {
  Ready: 'ready',
  Started: 'started',
  Success: 'success',
  Error: 'error',
} as const;
export type UploadState = (typeof UploadState)[keyof typeof UploadState];
export const uploadStateLabels: Record<UploadState, string> = {
  ready: 'Pronto',
  started: 'In corso',
  success: 'Completato',
  error: 'Errore',
};

/** Areas of the per-user permission flags (spec section 6). */
export const Area = {
  Attachments: 'accAllegatiOn',
  Activities: 'accAttivitaOn',
  Plants: 'accImpiantiOn',
  People: 'accPersoneOn',
  Providers: 'accFornitoriOn',
} as const;
export type Area = (typeof Area)[keyof typeof Area];
export const areaLabels: Record<Area, string> = {
  accAllegatiOn: 'Allegati',
  accAttivitaOn: 'Attività',
  accImpiantiOn: 'Parti comuni',
  accPersoneOn: 'Contatti',
  accFornitoriOn: 'Fornitori',
};
export const areas = values(Area);

export const PhoneLabel = { Office: 'ufficio', Work: 'lavoro', Home: 'casa', Shop: 'negozio' } as const;
export type PhoneLabel = (typeof PhoneLabel)[keyof typeof PhoneLabel];
export const phoneLabelLabels: Record<PhoneLabel, string> = {
  ufficio: 'Ufficio',
  lavoro: 'Lavoro',
  casa: 'Casa',
  negozio: 'Negozio',
};

export const ShippingCategory = { General: 'generale', Faults: 'guasti', Meetings: 'assemblee' } as const;
export type ShippingCategory = (typeof ShippingCategory)[keyof typeof ShippingCategory];
export const shippingCategoryLabels: Record<ShippingCategory, string> = {
  generale: 'Generale',
  guasti: 'Guasti',
  assemblee: 'Assemblee',
};

export const DurcState = { Present: 1, Expiring: 2, Expired: 3, Absent: 4, Required: 5 } as const;
export type DurcState = (typeof DurcState)[keyof typeof DurcState];
export const durcStateLabels: Record<DurcState, string> = {
  1: 'Presente',
  2: 'In scadenza',
  3: 'Scaduto',
  4: 'Assente',
  5: 'Richiesto',
};

/** Days a closed activity stays visible in the list; 0 means always. */
export const ClosedVisibilityDays = [7, 30, 90, 180, 365, 0] as const;
export type ClosedVisibilityDays = (typeof ClosedVisibilityDays)[number];
