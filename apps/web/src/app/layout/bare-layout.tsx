import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import classes from './bare-layout.module.css';

/** Layout of the login-area pages (login, mobile login, forgot password) and other public pages. */
export function BareLayout() {
  return (
    <Box component="main" className={classes.root}>
      <Outlet />
    </Box>
  );
}

export interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The card of the login-area pages, with the brand above it. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  const { t } = useTranslation();
  return (
    <Center className={classes.center}>
      <Stack gap="lg" w="100%" maw={420}>
        <Stack gap={4} align="center">
          <img src="/icons/icon.svg" alt="" width={56} height={56} />
          <Text fw={700} fz="xl" c="brand.8">
            {t('appName')}
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={1} fz="h3">
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm">
                  {subtitle}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
