import { notifications } from '@mantine/notifications';
import { condominioCreateSchema } from '@stabile/contract';
import { useTranslation } from 'react-i18next';
import { whenQueued } from '../../../shared/offline/queued-error.ts';
import { useOpenEntityDetails } from '../../../shared/ui/use-open-entity-details.ts';
import { useCreateCondominiumMutation } from '../condominiums-api.ts';
import { condominiumFields } from './condominium-fields.ts';
import { valuesOf } from './record-form.tsx';
import { RecordModal } from './record-modal.tsx';

export interface CondominiumCreateModalProps {
  opened: boolean;
  onClose: () => void;
}

/** The "addCondominium" modal: a new condominium (managed, account not linked), then its drawer. */
export function CondominiumCreateModal({ opened, onClose }: CondominiumCreateModalProps) {
  const { t } = useTranslation(['condominiums', 'common', 'errors']);
  const [create, { isLoading }] = useCreateCondominiumMutation();
  const openDetails = useOpenEntityDetails();
  const fields = condominiumFields(t);
  return (
    <RecordModal
      opened={opened}
      title={t('new')}
      onClose={onClose}
      fields={fields}
      schema={condominioCreateSchema}
      initialValues={valuesOf(fields, { gestito: true, statoContoPagamenti: 1 })}
      submitLabel={t('common:save')}
      submitting={isLoading}
      onSubmit={(body) =>
        void create(body as never)
          .unwrap()
          .then((created) => {
            notifications.show({ color: 'green', message: t('errors:genericSuccess') });
            onClose();
            openDetails('condominio', created.id);
          })
          .catch(whenQueued(onClose))
          .catch(() => undefined)
      }
    />
  );
}
