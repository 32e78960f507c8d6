/**
 * References and origins of dossiers (fascicoli) and attachments (RiferimentoAllegato.Tipo and
 * TipoOrigine). The first three reference types are the registry types of spec section 3
 * (condominium registry, person, provider); the others name the other entities that hold files.
 */
export const AttachmentReferenceType = {
  CondominiumRegistry: 0,
  Person: 1,
  Provider: 2,
  Condominium: 3,
  Activity: 4,
  CommonPart: 5,
  Unit: 6,
} as const;
export type AttachmentReferenceType = (typeof AttachmentReferenceType)[keyof typeof AttachmentReferenceType];
export const attachmentReferenceTypeLabels: Record<AttachmentReferenceType, string> = {
  0: 'Anagrafica condominiale',
  1: 'Persona',
  2: 'Fornitore',
  3: 'Condominio',
  4: 'Attività',
  5: 'Parte comune',
  6: 'Unità immobiliare',
};

/** Where the files of a reference come from: the "origins" the dossier modal lists first. */
export const AttachmentOrigin = {
  Documents: 0,
  Activities: 1,
  Meetings: 2,
  Accounting: 3,
  Maintenance: 4,
  ResidentPortal: 5,
} as const;
export type AttachmentOrigin = (typeof AttachmentOrigin)[keyof typeof AttachmentOrigin];
export const attachmentOriginLabels: Record<AttachmentOrigin, string> = {
  0: 'Archivio documenti',
  1: 'Attività',
  2: 'Assemblee',
  3: 'Contabilità',
  4: 'Manutenzioni',
  5: 'Portale condomini',
};
