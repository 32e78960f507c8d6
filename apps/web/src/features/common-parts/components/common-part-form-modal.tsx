import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isQueuedError } from '../../../shared/offline/queued-error.ts';
import { useOpenEntityDetails } from '../../../shared/ui/use-open-entity-details.ts';
import {
  type CommonPartDetail,
  type CommonPartKind,
  useCreateCommonPartMutation,
  useUpdateCommonPartMutation,
} from '../common-parts-api.ts';
import { detailId } from '../detail-ref.ts';
import { LayerModal } from '../layer-modal.tsx';
import { useDiscardGuard } from '../use-discard-guard.tsx';
import { bodyOf, CommonPartForm, type CommonPartFormValues, valuesOf } from './common-part-form.tsx';

export interface CommonPartFormModalProps {
  kind: CommonPartKind;
  opened: boolean;
  onClose: () => void;
  /** The part to edit; none: a new one ("Aggiungi impianto" / "Aggiungi ambiente"). */
  part?: CommonPartDetail;
  /** A new part's condominium, when it is fixed (the condominium drawer) or preselected. */
  condominioId?: number | null;
  /** Whether a new part's condominium is chosen in the form. */
  chooseCondominium?: boolean;
}

/** The add-plant and add-environment modals, and the edit form of a part: saved, then its drawer opens. */
export function CommonPartFormModal({
  kind,
  opened,
  onClose,
  part,
  condominioId,
  chooseCondominium = false,
}: CommonPartFormModalProps) {
  const { t } = useTranslation('commonParts');
  const [create, created] = useCreateCommonPartMutation();
  const [update, updated] = useUpdateCommonPartMutation();
  const openDetails = useOpenEntityDetails();
  const { request, confirm } = useDiscardGuard(onClose);
  const dirty = useRef(false);
  useEffect(() => {
    if (opened) dirty.current = false;
  }, [opened]);

  const title = part
    ? `${t('edit')} · ${part.denominazione}`
    : t(kind === 'impianto' ? 'addPlant' : 'addEnvironment');

  const submit = async (values: CommonPartFormValues) => {
    const body = bodyOf(kind, values);
    if (part) {
      const result = await update({
        kind,
        condominioId: part.condominioID,
        id: part.id,
        body: { ...body, objVersion: part.objVersion },
      });
      if ('error' in result) return isQueuedError(result.error) ? onClose() : undefined;
      notifications.show({ color: 'green', message: t('saved') });
      onClose();
      return;
    }
    const result = await create({ kind, condominioId: Number(values.condominioId), body });
    if ('error' in result && isQueuedError(result.error)) return onClose();
    if (!('data' in result) || !result.data) return;
    notifications.show({ color: 'green', message: t('created') });
    onClose();
    openDetails(kind, detailId(result.data.condominioID, result.data.id));
  };

  return (
    <>
      <LayerModal opened={opened} onClose={() => request(dirty.current)} title={title} size="lg">
        {opened && (
          <CommonPartForm
            kind={kind}
            initialValues={valuesOf(part ?? null, condominioId)}
            chooseCondominium={!part && chooseCondominium}
            submitting={created.isLoading || updated.isLoading}
            onSubmit={(values) => void submit(values)}
            onCancel={(isDirty) => request(isDirty)}
            onDirtyChange={(isDirty) => {
              dirty.current = isDirty;
            }}
          />
        )}
      </LayerModal>
      {confirm}
    </>
  );
}
