/**
 * The API's event bus as `app.events` (server/events). Registered before every plugin that subscribes
 * (the catalogue cache subscribes in its own plugin; the other listeners in ./subscribers.ts).
 */
import fp from 'fastify-plugin';
import { EventBus } from '.';

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus;
  }
}

export default fp(
  async (app) => {
    app.decorate('events', new EventBus(app.log));
  },
  { name: 'events' },
);
