import { AttachmentReferenceType } from '@stabile/contract';
import { i18n } from '../../i18n/i18n.ts';
import { EntityAttachments } from './components/entity-attachments.tsx';

/** The "Allegati" tab of the condominium drawer (app/drawers/compose/condominium-detail.tsx). */
function AttachmentsOfCondominium({ condominioId }: { condominioId: number }) {
  return <EntityAttachments tipo={AttachmentReferenceType.Condominium} id={condominioId} />;
}

export const condominiumSections = [
  {
    key: 'allegati',
    order: 3,
    title: () => i18n.t('attachments:title'),
    Component: AttachmentsOfCondominium,
  },
];
