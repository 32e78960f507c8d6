import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { registerNavigate } from '../shared/session/navigation.ts';

/**
 * App-wide effects: the router's navigate for code outside React (the base query), and the
 * online/offline toasts (spec section 2: online success, offline info, bottom-right).
 */
export function RootEffects() {
  const navigate = useNavigate();
  const { t } = useTranslation();

  useEffect(() => {
    registerNavigate((to, options) => void navigate(to, options));
    return () => registerNavigate(null);
  }, [navigate]);

  useEffect(() => {
    const online = () =>
      notifications.show({ id: 'connection', color: 'teal', title: t('online'), message: t('onlineText') });
    const offline = () =>
      notifications.show({ id: 'connection', color: 'blue', title: t('offline'), message: t('offlineText') });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [t]);

  return null;
}
