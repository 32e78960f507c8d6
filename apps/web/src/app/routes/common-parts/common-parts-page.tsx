import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { selectCommonPartsFilters } from '../../../features/common-parts/common-parts-slice.ts';
import { CommonPartList } from '../../../features/common-parts/components/common-part-list.tsx';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks.ts';
import { modalClosed, modalOpened, selectModalOpen } from '../../../shared/state/modals-slice.ts';
import { lazyNamed } from '../../../shared/ui/lazy-named.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { OnceOpened } from '../../layout/lazy-layers.tsx';

// The forms load when they first open, not with the list.
const CommonPartFormModal = lazyNamed(
  () => import('../../../features/common-parts/components/common-part-form-modal.tsx'),
  'CommonPartFormModal',
);

/** /commonParts: header with the two create actions, the list, the "addPlant" and "addEnvironment" modals. */
export function CommonPartsPage() {
  const { t } = useTranslation('commonParts');
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectCommonPartsFilters);
  const addPlantOpen = useAppSelector((state) => selectModalOpen(state, 'addPlant'));
  const addEnvironmentOpen = useAppSelector((state) => selectModalOpen(state, 'addEnvironment'));
  const addPlant = () => dispatch(modalOpened('addPlant'));
  const addEnvironment = () => dispatch(modalOpened('addEnvironment'));
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          <Group gap="xs">
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={addPlant}>
              {t('addPlant')}
            </Button>
            <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={addEnvironment}>
              {t('addEnvironment')}
            </Button>
          </Group>
        }
      />
      <CommonPartList onAddPlant={addPlant} onAddEnvironment={addEnvironment} />
      <OnceOpened opened={addPlantOpen}>
        <CommonPartFormModal
          kind="impianto"
          opened={addPlantOpen}
          onClose={() => dispatch(modalClosed('addPlant'))}
          condominioId={filters.condominioID}
          chooseCondominium
        />
      </OnceOpened>
      <OnceOpened opened={addEnvironmentOpen}>
        <CommonPartFormModal
          kind="ambiente"
          opened={addEnvironmentOpen}
          onClose={() => dispatch(modalClosed('addEnvironment'))}
          condominioId={filters.condominioID}
          chooseCondominium
        />
      </OnceOpened>
    </>
  );
}

export { CommonPartsPage as Component };
