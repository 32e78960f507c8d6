import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Every modal of spec section 2 "Modals". Features open theirs with `modalOpened(kind)`. */
export type ModalKind =
  | 'addProvider'
  | 'addCondominium'
  | 'addPlant'
  | 'addEnvironment'
  | 'addContact'
  | 'addInstalment'
  | 'addActivity'
  | 'closeActivity'
  | 'reopenActivity'
  | 'suspendActivity'
  | 'resumeActivity'
  | 'newHiddenActivity'
  | 'confirmAddIntervention'
  | 'confirmEditIntervention'
  | 'confirmPostponeIntervention'
  | 'databaseNotUpdated'
  | 'pidNotEnabled'
  | 'attachmentPreview'
  | 'showDossier'
  | 'newDossier'
  | 'confirmDeleteAttachment'
  | 'confirmExitUpload'
  | 'report'
  | 'financialMovements';

export interface EntityDetailsRef {
  /** A kind registered by an app/drawers/<area>.tsx (e.g. 'attivita', 'contatto'). */
  kind: string;
  id: string;
}

export interface DossierModalData {
  id: number;
  tipo: number;
  tipoOrigine?: number;
}

export interface AttachmentPreviewData {
  link: string;
  title?: string;
}

export interface ReportModalData {
  type: 'bug' | 'suggestion';
}

export interface FinancialMovementsData {
  id: number;
  tipoRiferimento: number;
}

export interface ModalsState {
  status: Partial<Record<ModalKind, boolean>>;
  dossier: DossierModalData | null;
  attachmentPreview: AttachmentPreviewData | null;
  entityDetails: EntityDetailsRef | null;
  report: ReportModalData | null;
  financialMovements: FinancialMovementsData | null;
}

const initialState: ModalsState = {
  status: {},
  dossier: null,
  attachmentPreview: null,
  entityDetails: null,
  report: null,
  financialMovements: null,
};

/**
 * Modals and the entity drawer are state. Spec section 2: opening a modal clears the current contact
 * and provider; their slices handle `modalOpened` in extraReducers.
 */
export const modalsSlice = createSlice({
  name: 'modals',
  initialState,
  reducers: {
    modalOpened(state, action: PayloadAction<ModalKind>) {
      state.status[action.payload] = true;
    },
    modalClosed(state, action: PayloadAction<ModalKind>) {
      state.status[action.payload] = false;
    },
    dossierModalOpened(state, action: PayloadAction<DossierModalData>) {
      state.dossier = action.payload;
      state.status.showDossier = true;
    },
    attachmentPreviewOpened(state, action: PayloadAction<AttachmentPreviewData>) {
      state.attachmentPreview = action.payload;
      state.status.attachmentPreview = true;
    },
    reportModalOpened(state, action: PayloadAction<ReportModalData>) {
      state.report = action.payload;
      state.status.report = true;
    },
    financialMovementsOpened(state, action: PayloadAction<FinancialMovementsData>) {
      state.financialMovements = action.payload;
      state.status.financialMovements = true;
    },
    entityDetailsOpened(state, action: PayloadAction<EntityDetailsRef>) {
      state.entityDetails = action.payload;
    },
    entityDetailsClosed(state) {
      state.entityDetails = null;
    },
  },
  selectors: {
    selectModalOpen: (state, kind: ModalKind) => state.status[kind] === true,
    selectEntityDetails: (state) => state.entityDetails,
    selectDossierModal: (state) => state.dossier,
    selectAttachmentPreview: (state) => state.attachmentPreview,
    selectReportModal: (state) => state.report,
    selectFinancialMovements: (state) => state.financialMovements,
  },
});

export const {
  modalOpened,
  modalClosed,
  dossierModalOpened,
  attachmentPreviewOpened,
  reportModalOpened,
  financialMovementsOpened,
  entityDetailsOpened,
  entityDetailsClosed,
} = modalsSlice.actions;

export const {
  selectModalOpen,
  selectEntityDetails,
  selectDossierModal,
  selectAttachmentPreview,
  selectReportModal,
  selectFinancialMovements,
} = modalsSlice.selectors;
