import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Toasts bottom-right (spec section 9). */
export default function NotificationsHost() {
  return <Notifications position="bottom-right" zIndex={1000} />;
}
