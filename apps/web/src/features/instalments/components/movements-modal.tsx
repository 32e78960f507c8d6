import { Alert, Loader, Modal, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks.ts';
import { useLoadFailedText } from '../../../shared/offline/use-offline.ts';
import { selectIsMobile } from '../../../shared/state/general-slice.ts';
import {
  modalClosed,
  selectFinancialMovements,
  selectModalOpen,
} from '../../../shared/state/modals-slice.ts';
import { euro, italianDate } from '../format.ts';
import { useMovimentiQuery } from '../instalments-api.ts';
import { ScrollTable } from './scroll-table.tsx';

/** 'Lista Movimenti' (spec section 2): the financial movements of the reference in the modals state. */
export function MovementsModal() {
  const { t } = useTranslation(['instalments', 'common']);
  const loadFailed = useLoadFailedText();
  const dispatch = useAppDispatch();
  const opened = useAppSelector((state) => selectModalOpen(state, 'financialMovements'));
  const ref = useAppSelector(selectFinancialMovements);
  const movements = useMovimentiQuery(
    { ID: ref?.id ?? 0, TipoRiferimento: ref?.tipoRiferimento ?? 0 },
    { skip: !opened || !ref },
  );
  const total = (movements.data ?? []).reduce((sum, m) => sum + m.importo, 0);
  const narrow = useAppSelector(selectIsMobile);
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common:close') }}
      closeOnEscape={false}
      opened={opened && ref !== null}
      onClose={() => dispatch(modalClosed('financialMovements'))}
      title={t('movementsTitle')}
      size="xl"
    >
      {movements.isFetching && !movements.data && (
        <Loader size="sm" role="status" aria-label={t('common:loading')} />
      )}
      {movements.isError && (
        <Alert color="red" role="alert">
          {loadFailed}
        </Alert>
      )}
      {movements.data && movements.data.length === 0 && <Text>{t('movementsEmpty')}</Text>}
      {movements.data && movements.data.length > 0 && (
        // On a phone the document goes under the description: date, description and amount fit.
        <ScrollTable label={t('movementsTitle')} minWidth={narrow ? 0 : 480}>
          <Table aria-label={t('movementsTitle')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('colData')}</Table.Th>
                <Table.Th>{t('descrizione')}</Table.Th>
                {!narrow && <Table.Th>{t('colDocumento')}</Table.Th>}
                <Table.Th ta="right">{t('colImporto')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {movements.data.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{italianDate(m.data)}</Table.Td>
                  <Table.Td>
                    {m.descrizione}
                    {narrow && m.numeroDocumento && (
                      <Text size="xs" c="gray.7">
                        {t('colDocumento')}: {m.numeroDocumento}
                      </Text>
                    )}
                  </Table.Td>
                  {!narrow && <Table.Td>{m.numeroDocumento ?? ''}</Table.Td>}
                  <Table.Td
                    ta="right"
                    c={m.importo < 0 ? 'red.9' : undefined}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {euro(m.importo)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={narrow ? 2 : 3}>{t('total')}</Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {euro(total)}
                </Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </ScrollTable>
      )}
    </Modal>
  );
}
