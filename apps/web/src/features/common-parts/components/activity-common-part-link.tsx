import { Anchor, Group, Text } from '@mantine/core';
import { Area } from '@stabile/contract';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../shared/hooks.ts';
import { isAreaAllowed } from '../../../shared/state/auth-slice.ts';
import { useOpenEntityDetails } from '../../../shared/ui/use-open-entity-details.ts';
import { useCondominiumServicesQuery } from '../common-parts-api.ts';
import { detailId, kindOfCategory } from '../detail-ref.ts';

export interface ActivityCommonPartLinkProps {
  condominioId: number;
  /** The activity's service type; none: nothing to link. */
  servizio: number | null;
}

/**
 * From an activity: the common parts of its condominium that hold a service of the activity's
 * service type, each a link to its drawer. Nothing when there is none or the user lacks the area.
 */
export function ActivityCommonPartLink({ condominioId, servizio }: ActivityCommonPartLinkProps) {
  const { t } = useTranslation('commonParts');
  const allowed = useAppSelector((state) => isAreaAllowed(state.auth, Area.Plants));
  const open = useOpenEntityDetails();
  const { data } = useCondominiumServicesQuery(
    { condominioId, tipoServizio: servizio ?? undefined },
    { skip: !allowed || servizio === null },
  );
  if (!data || data.length === 0 || servizio === null) return null;
  const parts = new Map<number, { name: string; categoria: number }>();
  for (const s of data)
    parts.set(s.parteComuneID, { name: s.parteComuneDenominazione, categoria: s.parteComuneCategoria });
  return (
    <Group gap="xs" aria-label={t('activityLinks')}>
      {[...parts].map(([id, part]) => (
        <Anchor
          key={id}
          component="button"
          type="button"
          size="sm"
          onClick={() => open(kindOfCategory(part.categoria), detailId(condominioId, id))}
        >
          <Text span size="sm">
            {t('activityLink', { name: part.name })}
          </Text>
        </Anchor>
      ))}
    </Group>
  );
}
