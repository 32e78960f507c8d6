import { Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOpenEntityDetails } from '../../../shared/ui/use-open-entity-details.ts';
import { euro, groupDrawerId, italianDate } from '../format.ts';
import { useRateScaduteQuery } from '../instalments-api.ts';

/** Home's "Da fare oggi": the oldest unpaid instalments past their due date; each opens its group. */
export function HomeOverdueInstalments() {
  const { t } = useTranslation('instalments');
  const open = useOpenEntityDetails();
  const { data } = useRateScaduteQuery();
  if (!data || data.length === 0) return null;
  return (
    <Stack gap="xs" mt="lg" component="section" aria-labelledby="home-overdue-instalments">
      <Title order={2} fz="h4" id="home-overdue-instalments">
        {t('overdueHome')}
      </Title>
      {data.map((r) => (
        <Card key={r.rataID} withBorder padding="xs">
          <UnstyledButton
            onClick={() =>
              open(
                'rata',
                groupDrawerId({
                  condominioID: r.condominioID,
                  esercizioID: r.esercizioID,
                  type: 1,
                  id: r.anagraficaID,
                }),
              )
            }
            aria-label={t('openGroup', { name: `${r.anagraficaDescr}, ${r.descrizione}` })}
            w="100%"
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} miw={0}>
                <Text fw={600} size="sm" truncate>
                  {r.anagraficaDescr} · {r.descrizione}
                </Text>
                <Text size="xs" c="gray.7" truncate>
                  {r.intestazioneCondominio} · {t('colScadenza')} {italianDate(r.dataScadenza)}
                </Text>
              </Stack>
              <Text fw={700} c="red.9" size="sm">
                {euro(r.saldo)}
              </Text>
            </Group>
          </UnstyledButton>
        </Card>
      ))}
    </Stack>
  );
}
