import { Badge } from '@mantine/core';
import {
  type ActivityState,
  activityStateLabels,
  interventionDisplay,
  interventionDisplayText,
  isoDateToday,
  type Priority,
  priorityLabels,
} from '@stabile/contract';
import { useTranslation } from 'react-i18next';
import { italianDate, todayInItaly } from '../format.ts';

const PRIORITY_COLORS: Record<Priority, string> = { 1: 'gray', 2: 'blue', 3: 'orange', 4: 'red' };
const STATE_COLORS: Record<ActivityState, string> = { 0: 'gray', 1: 'green', 2: 'yellow', 3: 'gray' };

export function PriorityBadge({ priorita }: { priorita: number }) {
  const p = priorita as Priority;
  return (
    <Badge color={PRIORITY_COLORS[p] ?? 'gray'} variant={p === 4 ? 'filled' : 'light'} miw="max-content">
      {priorityLabels[p] ?? priorita}
    </Badge>
  );
}

export function StateBadge({ stato }: { stato: number }) {
  const s = stato as ActivityState;
  return (
    <Badge color={STATE_COLORS[s] ?? 'gray'} variant="dot" miw="max-content">
      {activityStateLabels[s] ?? stato}
    </Badge>
  );
}

export interface DueBadgeProps {
  due: string | null;
  stato: number;
  today?: string;
}

/** The due date; open or suspended activities past it are flagged as overdue. */
export function DueBadge({ due, stato, today = todayInItaly() }: DueBadgeProps) {
  const { t } = useTranslation('activities');
  if (!due) return null;
  const overdue = (stato === 1 || stato === 2) && due < today;
  return overdue ? (
    <Badge color="red" variant="light">
      {t('overdue', { date: italianDate(due) })}
    </Badge>
  ) : (
    <Badge color="gray" variant="outline">
      {t('dueOn', { date: italianDate(due) })}
    </Badge>
  );
}

export interface InterventionDisplayBadgeProps {
  dataPrevista: string | null;
  dataEsecuzione: string | null;
  today?: string;
}

const DISPLAY_COLORS = { planned: 'blue', undefined: 'gray', late: 'red', done: 'green' } as const;

/** Planned in N days / today, undefined, late by N days, done today / yesterday / N days ago. */
export function InterventionDisplayBadge({
  dataPrevista,
  dataEsecuzione,
  today = isoDateToday(),
}: InterventionDisplayBadgeProps) {
  const display = interventionDisplay({ dataPrevista, dataEsecuzione }, today);
  return (
    <Badge color={DISPLAY_COLORS[display.kind]} variant="light">
      {interventionDisplayText(display)}
    </Badge>
  );
}
