import { Badge, Stack } from '@mantine/core';
import {
  CondominioApi as Api,
  type Assicurazione,
  assicurazioneCreateSchema,
  assicurazioneUpdateSchema,
  type DatoCatastale,
  domandaAccatastamentoCreateSchema,
  domandaAccatastamentoUpdateSchema,
  type Fondo,
  fondoCreateSchema,
  fondoUpdateSchema,
  immobileAccatastatoCreateSchema,
  immobileAccatastatoUpdateSchema,
  type RegistroAmministratore,
  type Risorsa,
  registroAmministratoreCreateSchema,
  registroAmministratoreUpdateSchema,
  risorsaCreateSchema,
  risorsaUpdateSchema,
} from '@stabile/contract';
import { useTranslation } from 'react-i18next';
import {
  useCadastralQuery,
  useFundsQuery,
  useInsurancesQuery,
  useRegisterEventsQuery,
  useRegisterQuery,
  useResourcesQuery,
  useResourceTypesQuery,
} from '../condominiums-api.ts';
import { formatDate, formatMoney } from '../format.ts';
import {
  fundFields,
  insuranceFields,
  propertyFields,
  registerFields,
  requestFields,
  resourceFields,
} from './condominium-fields.ts';
import { RecordSection } from './record-section.tsx';

export interface RecordTabProps {
  condominioId: number;
}

export function InsuranceTab({ condominioId: id }: RecordTabProps) {
  const { t } = useTranslation('condominiums');
  const insurances = useInsurancesQuery(id);
  return (
    <RecordSection<Assicurazione>
      title={t('insurancesTitle')}
      noun={t('insurance')}
      empty={t('insurancesEmpty')}
      records={insurances.data}
      loading={insurances.isFetching}
      columns={[
        { label: t('fields.compagnia'), value: (r) => r.compagnia },
        { label: t('fields.numeroPolizza'), value: (r) => r.numeroPolizza },
        { label: t('fields.dataScadenza'), value: (r) => formatDate(r.dataScadenza) },
        { label: t('fields.premioCents'), value: (r) => formatMoney(r.premioCents) },
      ]}
      describe={(r) => `${r.compagnia} ${r.numeroPolizza}`}
      fields={insuranceFields(t)}
      createSchema={assicurazioneCreateSchema}
      updateSchema={assicurazioneUpdateSchema}
      create={{ declaration: Api.creaAssicurazione, params: { id } }}
      update={(r) => ({ declaration: Api.modificaAssicurazione, params: { id, itemId: r.id } })}
      remove={(r) => ({ declaration: Api.eliminaAssicurazione, params: { id, itemId: r.id } })}
    />
  );
}

export function CadastralTab({ condominioId: id }: RecordTabProps) {
  const { t } = useTranslation('condominiums');
  const cadastral = useCadastralQuery(id);
  const remove = (r: DatoCatastale) => ({
    declaration: Api.eliminaDatoCatastale,
    params: { id, itemId: r.id },
  });
  return (
    <Stack gap="lg">
      <RecordSection<DatoCatastale>
        title={t('propertiesTitle')}
        noun={t('property')}
        empty={t('propertiesEmpty')}
        records={cadastral.data?.immobiliAccatastati}
        loading={cadastral.isFetching}
        columns={[
          { label: t('fields.codiceComune'), value: (r) => r.codiceComune ?? '' },
          { label: t('fields.foglio'), value: (r) => r.foglio ?? '' },
          { label: t('fields.particella'), value: (r) => r.particella ?? '' },
          { label: t('fields.subalterno'), value: (r) => r.subalterno ?? '' },
          { label: t('fields.categoria'), value: (r) => r.categoria ?? '' },
          { label: t('fields.renditaCents'), value: (r) => formatMoney(r.renditaCents) },
        ]}
        describe={(r) =>
          `${t('fields.foglio')} ${r.foglio ?? ''} ${t('fields.particella')} ${r.particella ?? ''}`
        }
        fields={propertyFields(t)}
        createSchema={immobileAccatastatoCreateSchema}
        updateSchema={immobileAccatastatoUpdateSchema}
        create={{ declaration: Api.creaImmobileAccatastato, params: { id } }}
        update={(r) => ({ declaration: Api.modificaImmobileAccatastato, params: { id, itemId: r.id } })}
        remove={remove}
      />
      <RecordSection<DatoCatastale>
        title={t('requestsTitle')}
        noun={t('request')}
        empty={t('requestsEmpty')}
        records={cadastral.data?.domandeAccatastamento}
        loading={cadastral.isFetching}
        columns={[
          { label: t('fields.numeroProtocollo'), value: (r) => r.numeroProtocollo ?? '' },
          { label: t('fields.dataDomanda'), value: (r) => formatDate(r.dataDomanda) },
          { label: t('fields.ufficioProvinciale'), value: (r) => r.ufficioProvinciale ?? '' },
        ]}
        describe={(r) => `${t('fields.numeroProtocollo')} ${r.numeroProtocollo ?? ''}`}
        fields={requestFields(t)}
        createSchema={domandaAccatastamentoCreateSchema}
        updateSchema={domandaAccatastamentoUpdateSchema}
        create={{ declaration: Api.creaDomandaAccatastamento, params: { id } }}
        update={(r) => ({ declaration: Api.modificaDomandaAccatastamento, params: { id, itemId: r.id } })}
        remove={remove}
      />
    </Stack>
  );
}

export function RegisterTab({ condominioId: id }: RecordTabProps) {
  const { t } = useTranslation('condominiums');
  const register = useRegisterQuery(id);
  const events = useRegisterEventsQuery();
  return (
    <RecordSection<RegistroAmministratore>
      title={t('registerTitle')}
      noun={t('registerEntry')}
      empty={t('registerEmpty')}
      records={register.data}
      loading={register.isFetching}
      columns={[
        { label: t('fields.dataEvento'), value: (r) => formatDate(r.dataEvento) },
        { label: t('fields.eventoID'), value: (r) => <Badge variant="dot">{r.eventoDescr}</Badge> },
        { label: t('fields.amministratore'), value: (r) => r.amministratore },
        { label: t('fields.dataDelibera'), value: (r) => formatDate(r.dataDelibera) },
      ]}
      describe={(r) => `${r.eventoDescr} ${formatDate(r.dataEvento)}`}
      fields={registerFields(t, events.data ?? [])}
      createSchema={registroAmministratoreCreateSchema}
      updateSchema={registroAmministratoreUpdateSchema}
      create={{ declaration: Api.creaRegistroAmministratori, params: { id } }}
      update={(r) => ({ declaration: Api.modificaRegistroAmministratori, params: { id, itemId: r.id } })}
      remove={(r) => ({ declaration: Api.eliminaRegistroAmministratori, params: { id, itemId: r.id } })}
    />
  );
}

export function ResourcesTab({ condominioId: id }: RecordTabProps) {
  const { t } = useTranslation('condominiums');
  const resources = useResourcesQuery(id);
  const funds = useFundsQuery(id);
  const types = useResourceTypesQuery();
  return (
    <Stack gap="lg">
      <RecordSection<Risorsa>
        title={t('resourcesTitle')}
        noun={t('resource')}
        empty={t('resourcesEmpty')}
        records={resources.data}
        loading={resources.isFetching}
        columns={[
          { label: t('fields.descrizione'), value: (r) => r.descrizione },
          {
            label: t('fields.tipoRisorsaID'),
            value: (r) =>
              r.versione === 2 ? `${r.tipoRisorsaDescr} · ${t('paymentAccount')}` : r.tipoRisorsaDescr,
          },
          { label: t('fields.saldoCents'), value: (r) => formatMoney(r.saldoCents) },
        ]}
        describe={(r) => r.descrizione}
        fields={resourceFields(t, types.data ?? [])}
        createSchema={risorsaCreateSchema}
        updateSchema={risorsaUpdateSchema}
        create={{ declaration: Api.creaRisorsa, params: { id } }}
        defaults={{ versione: 1 }}
        update={(r) => ({ declaration: Api.modificaRisorsa, params: { id, itemId: r.id } })}
        remove={(r) => ({ declaration: Api.eliminaRisorsa, params: { id, itemId: r.id } })}
      />
      <RecordSection<Fondo>
        title={t('fundsTitle')}
        noun={t('fund')}
        empty={t('fundsEmpty')}
        records={funds.data}
        loading={funds.isFetching}
        columns={[
          { label: t('fields.descrizione'), value: (r) => r.descrizione },
          { label: t('fields.risorsaID'), value: (r) => r.risorsaDescr ?? '' },
          { label: t('fields.importoCents'), value: (r) => formatMoney(r.importoCents) },
          { label: t('fields.saldoCents'), value: (r) => formatMoney(r.saldoCents) },
        ]}
        describe={(r) => r.descrizione}
        fields={fundFields(t, resources.data ?? [])}
        createSchema={fondoCreateSchema}
        updateSchema={fondoUpdateSchema}
        create={{ declaration: Api.creaFondo, params: { id } }}
        update={(r) => ({ declaration: Api.modificaFondo, params: { id, itemId: r.id } })}
        remove={(r) => ({ declaration: Api.eliminaFondo, params: { id, itemId: r.id } })}
      />
    </Stack>
  );
}
