import { Box, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import classes from './field-list.module.css';

export interface FieldListProps {
  fields: Array<{ label: string; value: ReactNode }>;
}

/**
 * A record's fields as label and value pairs, one pair a line (a description list): how a table row
 * reads on a phone, where its columns do not fit side by side.
 */
export function FieldList({ fields }: FieldListProps) {
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
