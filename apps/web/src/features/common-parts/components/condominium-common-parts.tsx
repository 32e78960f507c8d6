import { Badge, Button, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoadFailedText } from '../../../shared/offline/use-offline.ts';
import { useOpenEntityDetails } from '../../../shared/ui/use-open-entity-details.ts';
import { type CommonPartKind, useCommonPartsQuery } from '../common-parts-api.ts';
import { detailId, kindOfCategory } from '../detail-ref.ts';
import { CommonPartFormModal } from './common-part-form-modal.tsx';

export interface CondominiumCommonPartsProps {
  condominioId: number;
}

/**
 * The common parts of one condominium (the "Parti comuni" tab of the condominium drawer): each opens
 * its plant or environment drawer; plants and environments can be added to the condominium here.
 */
export function CondominiumCommonParts({ condominioId }: CondominiumCommonPartsProps) {
  const { t } = useTranslation(['commonParts', 'common']);
  const loadFailed = useLoadFailedText();
  const open = useOpenEntityDetails();
  const [adding, setAdding] = useState<CommonPartKind | null>(null);
  const { data, isLoading, isError, refetch } = useCommonPartsQuery({
    condominioID: condominioId,
    pageSize: 100,
  });

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Button
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setAdding('impianto')}
        >
          {t('addPlant')}
        </Button>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setAdding('ambiente')}
        >
          {t('addEnvironment')}
        </Button>
      </Group>
      {isLoading && <Loader size="sm" role="status" aria-label={t('common:loading')} />}
      {isError && (
        <Group>
          <Text c="red">{loadFailed}</Text>
          <Button size="xs" variant="light" onClick={() => void refetch()}>
            {t('common:retry')}
          </Button>
        </Group>
      )}
      {data && data.items.length === 0 && <Text c="gray.7">{t('emptyCondominium')}</Text>}
      {data && data.items.length > 0 && (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {data.items.map((item) => (
            <li key={item.id}>
              <Group gap="xs" wrap="nowrap">
                <UnstyledButton
                  onClick={() => open(kindOfCategory(item.categoria), detailId(item.condominioID, item.id))}
                  fw={600}
                  c="brand.9"
                  td="underline"
                >
                  {item.denominazione}
                </UnstyledButton>
                <Badge variant="light" size="sm">
                  {item.tipoDescr}
                </Badge>
                {item.ubicazione && (
                  <Text size="sm" c="gray.7" truncate>
                    {item.ubicazione}
                  </Text>
                )}
              </Group>
            </li>
          ))}
        </Stack>
      )}
      {adding && (
        <CommonPartFormModal
          kind={adding}
          opened
          onClose={() => setAdding(null)}
          condominioId={condominioId}
        />
      )}
    </Stack>
  );
}
