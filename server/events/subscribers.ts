/**
 * Who listens to the domain events (server/events), in one place. The catalogue cache subscribes in its
 * own plugin, registered earlier, so it is cleared before the storefront is told to revalidate; the
 * realtime rooms hear a chat message before its notification is stored.
 */
import fp from 'fastify-plugin';
import { subscribeBoardEvents } from '../realtime/board-events';
import { subscribeOrderNotifications, subscribeStaffNotifications } from '../services/notifications';
import { subscribeOrderMails } from '../services/order-mails';
import { subscribeRevalidation } from '../services/revalidate';
import { subscribeStockAlerts } from '../services/stock-alerts';

export default fp(
  async (app) => {
    subscribeBoardEvents(app);
    subscribeOrderNotifications(app);
    subscribeStaffNotifications(app);
    subscribeOrderMails(app);
    await subscribeRevalidation(app);
    // after the revalidation is started: the alert's link opens the page already fresh
    subscribeStockAlerts(app);
  },
  { name: 'event-subscribers', dependencies: ['events', 'catalogue-cache', 'realtime', 'auth', 'db'] },
);
