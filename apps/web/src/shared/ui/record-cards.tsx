import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import classes from './record-cards.module.css';

/*
 * How a table of records reads on a phone, where its columns do not fit side by side: a list of
 * cards, each with its title, its actions at hand and its other columns as label and value pairs.
 */

export interface CardField {
  label: string;
  value: ReactNode;
}

/** A record's fields as label and value pairs, one pair a line (a description list). */
export function FieldList({ fields }: { fields: CardField[] }) {
  return (
    <Box component="dl" m={0} className={classes.fields}>
      {fields.map((f) => (
        <Fragment key={f.label}>
          <Text component="dt" size="sm" c="gray.7">
            {f.label}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {f.value}
          </Text>
        </Fragment>
      ))}
    </Box>
  );
}

/** The list of cards, named as the table it stands for. */
export function CardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" aria-label={label} gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  );
}

export interface RecordCardProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons beside the title. */
  actions?: ReactNode;
  fields: CardField[];
  /** The chosen record of the list (e.g. the exercise in use). */
  selected?: boolean;
}

export function RecordCard({ title, subtitle, actions, fields, selected }: RecordCardProps) {
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      bg={selected ? 'var(--mantine-color-brand-light)' : undefined}
      aria-current={selected ? 'true' : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div>
          <Text size="sm" fw={600}>
            {title}
          </Text>
          {subtitle && (
            <Text size="xs" c="gray.7">
              {subtitle}
            </Text>
          )}
        </div>
        {actions}
      </Group>
      {fields.length > 0 && (
        <Box mt={4}>
          <FieldList fields={fields} />
        </Box>
      )}
    </Paper>
  );
}
