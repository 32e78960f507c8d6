import { Button, Group, Paper, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  NOTIFICATION_DISMISSAL_DAYS,
  NOTIFICATION_DISMISSAL_VALUE,
  PUSH_BANNER_DELAY_MS,
} from '@stabile/contract';
import { IconBell } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notificationsApi } from '../../features/notifications/notifications-api.ts';
import { authApi } from '../../shared/api/auth-api.ts';
import { useAppDispatch, useAppSelector } from '../../shared/hooks.ts';
import { pushPermission, subscribePush } from '../../shared/push/push.ts';
import {
  NOTIFICATION_DISMISSAL_COOKIE,
  readCookie,
  sessionStore,
  writeCookie,
} from '../../shared/session/session-storage.ts';
import { selectArchive } from '../../shared/state/general-slice.ts';
import type { AppDispatch } from '../store.ts';
import classes from './push-banner.module.css';

/**
 * Subscribes this browser to Web Push with the server's VAPID key and registers the subscription as
 * the device token (unless it is the one already registered). The permission must be granted.
 */
async function registerPushDevice(dispatch: AppDispatch): Promise<void> {
  const request = dispatch(notificationsApi.endpoints.vapidPublicKey.initiate());
  try {
    const { chiavePubblica } = await request.unwrap();
    const token = await subscribePush(chiavePubblica);
    if (token === sessionStore.readDeviceToken()) return;
    await dispatch(authApi.endpoints.addDevice.initiate({ token, device: 'web' })).unwrap();
    sessionStore.writeDeviceToken(token);
  } finally {
    request.unsubscribe();
  }
}

/**
 * Spec section 2: 1 s after load, if the notification permission is undecided, an archive is current
 * and no dismissal cookie exists. 'Non ora' stores the dismissal value 2; 'Attiva' asks the permission
 * and registers the device token. When the permission is already granted (a new login on this
 * browser, a subscription renewed by the browser) the device is registered again silently.
 */
export function PushBanner() {
  const { t } = useTranslation(['layout', 'errors']);
  const dispatch = useAppDispatch();
  const archive = useAppSelector(selectArchive);
  const [visible, setVisible] = useState(false);
  const [busy, setBusy] = useState(false);
  const banner = useElementSize();

  useEffect(() => {
    if (!archive || readCookie(NOTIFICATION_DISMISSAL_COOKIE)) return;
    const permission = pushPermission();
    if (permission === 'granted') {
      // no prompt and no message: the next load tries again
      registerPushDevice(dispatch).catch(() => undefined);
      return;
    }
    if (permission !== 'default') return;
    const timer = setTimeout(() => setVisible(true), PUSH_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [archive, dispatch]);

  if (!visible || !archive) return null;

  const dismiss = () => {
    writeCookie(
      NOTIFICATION_DISMISSAL_COOKIE,
      String(NOTIFICATION_DISMISSAL_VALUE),
      NOTIFICATION_DISMISSAL_DAYS,
    );
    setVisible(false);
  };

  const enable = async () => {
    setBusy(true);
    try {
      // first, while the click still counts as a user gesture (Safari requires it)
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        dismiss();
        return;
      }
      await registerPushDevice(dispatch);
      notifications.show({ color: 'teal', message: t('layout:pushEnabled') });
      setVisible(false);
    } catch {
      notifications.show({
        color: 'red',
        title: t('errors:toastErrorTitle'),
        message: t('errors:pushTokenError'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Paper
        ref={banner.ref}
        withBorder
        p="sm"
        radius="md"
        className={classes.banner}
        role="region"
        aria-label={t('layout:pushTitle')}
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconBell size={24} aria-hidden color="var(--mantine-color-brand-6)" />
          <div>
            <Text fw={600}>{t('layout:pushTitle')}</Text>
            <Text size="sm" c="dimmed">
              {t('layout:pushText')}
            </Text>
            <Group gap="xs" mt="sm">
              <Button size="xs" onClick={enable} loading={busy}>
                {t('layout:pushEnable')}
              </Button>
              <Button size="xs" variant="default" onClick={dismiss}>
                {t('layout:pushLater')}
              </Button>
            </Group>
          </div>
        </Group>
      </Paper>
      {/* Room at the end of the page: the page's last actions scroll clear of the banner. */}
      <div style={{ height: banner.height + 16 }} aria-hidden />
    </>
  );
}
