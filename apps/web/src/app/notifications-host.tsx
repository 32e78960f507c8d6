import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import './notifications-host.css';

/** Toasts bottom-right (spec section 9), clear of an open drawer's or modal's actions (see the CSS). */
export default function NotificationsHost() {
  return <Notifications position="bottom-right" zIndex={1000} />;
}
