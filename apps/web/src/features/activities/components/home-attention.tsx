import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  type ActivityListItem,
  type AssignmentState,
  assignmentStateLabels,
  isoDateToday,
  Priority,
} from '@stabile/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLoadFailedText } from '../../../shared/offline/use-offline.ts';
import { useOpenEntityDetails } from '../../../shared/ui/use-open-entity-details.ts';
import { useActivitiesQuery, useHomeQuery } from '../activities-api.ts';
import { italianDate, italianDateTime } from '../format.ts';
import { InterventionDisplayBadge, PriorityBadge } from './activity-badges.tsx';

function Section({
  title,
  empty,
  children,
  count,
  total,
  more,
}: {
  title: string;
  empty: string;
  /** The items shown. */
  count: number;
  /** What the badge says: the whole number when it is known and larger than the items shown. */
  total?: string;
  /** A link to the whole list, filtered the same way. */
  more?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="h4">
          {title}
        </Title>
        <Badge variant="light" color={count > 0 ? 'red' : 'gray'}>
          {total ?? count}
        </Badge>
      </Group>
      {count === 0 ? (
        <Text size="sm" c="gray.7">
          {empty}
        </Text>
      ) : (
        <Stack gap={6}>
          {children}
          {more}
        </Stack>
      )}
    </Card>
  );
}

/** The open urgent activities: the list's own count, the same filter as "vedi tutte". */
const URGENT_FILTER = { stato: 1, priorita: Priority.Urgent } as const;
const URGENT_LINK = `/activities?priorita=${Priority.Urgent}`;
/** The rows the home call sends per section: a full section may not be the whole story. */
const SECTION_SIZE = 10;
const atLeast = (count: number) => (count >= SECTION_SIZE ? `${count}+` : undefined);

function ActivityLink({ item, extra }: { item: ActivityListItem; extra?: ReactNode }) {
  const open = useOpenEntityDetails();
  const { t } = useTranslation('activities');
  return (
    <UnstyledButton onClick={() => open('attivita', item.id)} p={4} style={{ borderRadius: 4 }}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={0}>
          <Text fw={600} size="sm" c="brand.9" td="underline" style={{ overflowWrap: 'anywhere' }}>
            {item.titolo}
          </Text>
          <Text size="xs" c="gray.7">
            {t('detail.header', { numero: item.numeroPratica })} · {item.intestazioneCondominio}
          </Text>
        </Stack>
        {extra}
      </Group>
    </UnstyledButton>
  );
}

/** Home: what needs attention now, each item a link into its activity drawer. */
export function HomeAttention() {
  const { t } = useTranslation(['home', 'activities', 'common']);
  const loadFailed = useLoadFailedText();
  const { data, isLoading, isError, refetch } = useHomeQuery(undefined, { refetchOnMountOrArgChange: true });
  const urgentTotal = useActivitiesQuery({ ...URGENT_FILTER, pageNumber: 1, pageSize: 1 });
  const open = useOpenEntityDetails();
  if (isLoading) return <Loader role="status" aria-label={t('common:loading')} />;
  if (isError || !data)
    return (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <Text size="sm">{loadFailed}</Text>
          <Button size="xs" variant="light" onClick={() => void refetch()}>
            {t('common:retry')}
          </Button>
        </Group>
      </Alert>
    );
  // The latest reply of each request (the list comes newest first): one row per provider's request.
  const answers = data.risposteFornitori.filter(
    (reply, index, all) => all.findIndex((other) => other.interventoID === reply.interventoID) === index,
  );
  const urgentPagination = urgentTotal.data?.pagination;
  const urgentCount = urgentPagination
    ? urgentPagination.totalCapped
      ? t('common:totalCapped', { count: urgentPagination.totalCount })
      : String(Math.max(urgentPagination.totalCount, data.urgenti.length))
    : undefined;
  const today = isoDateToday();
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Text>{t('openCount', data.totali)}</Text>
        <Anchor component={Link} to="/activities">
          {t('goToActivities')}
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section
          title={t('urgent')}
          empty={t('nothingUrgent')}
          count={data.urgenti.length}
          total={urgentCount}
          more={
            <Anchor component={Link} to={URGENT_LINK} size="sm">
              {t('seeAll')}
            </Anchor>
          }
        >
          {data.urgenti.map((item) => (
            <ActivityLink key={item.id} item={item} extra={<PriorityBadge priorita={item.priorita} />} />
          ))}
        </Section>
        <Section
          title={t('overdue')}
          empty={t('nothingOverdue')}
          count={data.scadute.length}
          total={atLeast(data.scadute.length)}
          more={
            <Anchor component={Link} to="/activities?ordine=scadenza" size="sm">
              {t('seeAllByDue')}
            </Anchor>
          }
        >
          {data.scadute.map((item) => (
            <ActivityLink
              key={item.id}
              item={item}
              extra={
                <Badge color="red" variant="light">
                  {t('dueWas', { date: italianDate(item.dataConcludereEntro) })}
                </Badge>
              }
            />
          ))}
        </Section>
        <Section
          title={t('lateInterventions')}
          empty={t('nothingLate')}
          count={data.interventiInRitardo.length}
          total={atLeast(data.interventiInRitardo.length)}
        >
          {data.interventiInRitardo.map((i) => (
            <UnstyledButton key={i.interventoID} onClick={() => open('attivita', i.attivitaID)} p={4}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0}>
                  <Text fw={600} size="sm" c="brand.9" td="underline" style={{ overflowWrap: 'anywhere' }}>
                    {i.titolo}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {t('lateBy', { provider: i.fornitoreDescr, date: italianDate(i.dataPrevista) })}
                  </Text>
                </Stack>
                <InterventionDisplayBadge dataPrevista={i.dataPrevista} dataEsecuzione={null} today={today} />
              </Group>
            </UnstyledButton>
          ))}
        </Section>
        <Section
          title={`${t('answers')}${data.ultimaVisita ? ` ${t('answersSince', { date: italianDateTime(data.ultimaVisita) })}` : ''}`}
          empty={t('noAnswers')}
          count={answers.length}
        >
          {answers.map((r) => (
            <UnstyledButton
              key={`${r.interventoID}-${r.data}`}
              onClick={() => open('attivita', r.attivitaID)}
              p={4}
            >
              <Stack gap={0}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={600} size="sm" c="brand.9" td="underline" style={{ overflowWrap: 'anywhere' }}>
                    {r.titolo}
                  </Text>
                  <Badge variant="light">
                    {assignmentStateLabels[r.statoAssegnazione as AssignmentState]}
                  </Badge>
                </Group>
                <Text size="xs" c="gray.7">
                  {r.fornitoreDescr} · {italianDateTime(r.data)}
                  {` · ${r.testo || t(`replies.${r.azione}`, { defaultValue: '' })}`}
                </Text>
              </Stack>
            </UnstyledButton>
          ))}
        </Section>
      </SimpleGrid>
    </Stack>
  );
}
