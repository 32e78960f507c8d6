import { Badge, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  CondominioApi as Api,
  type Condominio,
  type Esercizio,
  type ExerciseType,
  esercizioCreateSchema,
  esercizioUpdateSchema,
  exerciseTypeLabels,
  palazzinaCreateSchema,
  palazzinaUpdateSchema,
} from '@stabile/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks.ts';
import { esercizioSet } from '../../../shared/state/general-slice.ts';
import { useBuildingsQuery, useExercisesQuery, useGroupsQuery } from '../condominiums-api.ts';
import { formatDate } from '../format.ts';
import { exerciseFields, exerciseFilterOptions, unitSetFields } from './condominium-fields.ts';
import { RecordSection } from './record-section.tsx';

/** The exercises of the condominium; choosing one makes it the current exercise and shows its buildings and groups. */
export function ExercisesTab({ condominium }: { condominium: Condominio }) {
  const { t } = useTranslation(['condominiums', 'common']);
  const dispatch = useAppDispatch();
  const [filter, setFilter] = useState('0');
  const current = useAppSelector((state) => state.general.esercizio);
  const exercises = useExercisesQuery({ id: condominium.id, EserciziAperti: Number(filter) });
  const chosen = exercises.data?.find((e) => e.id === current?.id) ?? null;
  const id = condominium.id;

  return (
    <Stack gap="lg">
      <SegmentedControl
        aria-label={t('exerciseFilter')}
        value={filter}
        onChange={setFilter}
        data={exerciseFilterOptions}
        w="fit-content"
      />
      <RecordSection<Esercizio>
        title={t('exercisesTitle')}
        noun={t('exercise')}
        empty={t('exercisesEmpty')}
        records={exercises.data}
        loading={exercises.isFetching}
        columns={[
          { label: t('fields.descrizione'), value: (e) => e.descrizione },
          { label: t('fields.tipo'), value: (e) => exerciseTypeLabels[e.tipo as ExerciseType] },
          {
            label: t('exercisePeriod'),
            value: (e) => `${formatDate(e.dataInizio)} – ${formatDate(e.dataFine)}`,
          },
          {
            label: t('exerciseState'),
            value: (e) => (
              <Badge variant="dot" color={e.chiuso ? 'gray' : 'green'}>
                {e.chiuso ? t('closed') : t('open')}
              </Badge>
            ),
          },
        ]}
        describe={(e) => e.descrizione}
        fields={exerciseFields(t)}
        createSchema={esercizioCreateSchema}
        updateSchema={esercizioUpdateSchema}
        create={{ declaration: Api.creaEsercizio, params: { id } }}
        defaults={{ tipo: 0 }}
        update={(e) => ({ declaration: Api.modificaEsercizio, params: { id, esercizioId: e.id } })}
        remove={(e) => ({ declaration: Api.eliminaEsercizio, params: { id, esercizioId: e.id } })}
        onSelect={(e) => dispatch(esercizioSet({ id: e.id, descr: e.descrizione }))}
        selectedId={chosen?.id ?? null}
      />
      {chosen ? (
        <>
          <Text fw={600}>{t('currentExercise', { descr: chosen.descrizione })}</Text>
          <UnitSets condominioId={id} exercise={chosen} />
        </>
      ) : (
        <Text c="gray.7">{t('chooseExercise')}</Text>
      )}
    </Stack>
  );
}

function UnitSets({ condominioId: id, exercise }: { condominioId: number; exercise: Esercizio }) {
  const { t } = useTranslation('condominiums');
  const params = { id, esercizioId: exercise.id };
  const buildings = useBuildingsQuery(params);
  const groups = useGroupsQuery(params);
  const columns = [
    { label: t('fields.descrizione'), value: (r: { descrizione: string }) => r.descrizione },
    { label: t('fields.indirizzo'), value: (r: { indirizzo: string | null }) => r.indirizzo ?? '' },
  ];
  return (
    <>
      <RecordSection
        title={t('buildingsTitle', { descr: exercise.descrizione })}
        noun={t('building')}
        empty={t('buildingsEmpty')}
        records={buildings.data}
        loading={buildings.isFetching}
        columns={columns}
        describe={(r) => r.descrizione}
        fields={unitSetFields(t)}
        createSchema={palazzinaCreateSchema}
        updateSchema={palazzinaUpdateSchema}
        create={{ declaration: Api.creaPalazzina, params }}
        update={(r) => ({ declaration: Api.modificaPalazzina, params: { ...params, itemId: r.id } })}
        remove={(r) => ({ declaration: Api.eliminaPalazzina, params: { ...params, itemId: r.id } })}
        headingLevel={4}
      />
      <RecordSection
        title={t('groupsTitle', { descr: exercise.descrizione })}
        noun={t('group')}
        empty={t('groupsEmpty')}
        records={groups.data}
        loading={groups.isFetching}
        columns={columns}
        describe={(r) => r.descrizione}
        fields={unitSetFields(t)}
        createSchema={palazzinaCreateSchema}
        updateSchema={palazzinaUpdateSchema}
        create={{ declaration: Api.creaGruppo, params }}
        update={(r) => ({ declaration: Api.modificaGruppo, params: { ...params, itemId: r.id } })}
        remove={(r) => ({ declaration: Api.eliminaGruppo, params: { ...params, itemId: r.id } })}
        headingLevel={4}
      />
    </>
  );
}
