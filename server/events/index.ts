/**
 * Domain events (issue 20 item 2): what happened in the shop, emitted by the services after their write
 * committed, heard by whoever reacts to it — realtime rooms (realtime/board-events.ts), notifications
 * (services/notifications.ts), mail (services/order-mails.ts), the API's catalogue cache
 * (plugins/catalogue-cache.ts) and the storefront revalidation (services/revalidate.ts). The wiring is in
 * ./plugin.ts. A service that changes nothing (a 4xx, an idempotent replay) emits nothing.
 *
 * Each event carries what its listeners need, so no listener re-reads the HTTP request or its answer.
 *
 * `emit` runs the type's listeners one after the other, in the order they subscribed, and resolves when
 * all are done: the catalogue cache is cleared before the storefront is told to re-render, and a
 * notification is stored before the answer leaves (a client that reloads right after sees it). Work that
 * must not hold the answer (mail, revalidation) is started, not awaited, by its listener. A listener
 * that throws is logged and skipped: it never fails the request nor stops the other listeners.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { OrderAction, OrderActor, OrderState, PaymentMethod, PaymentStatus } from '../../lib/orders';
import type { Db } from '../db/client';
import type { ChatMessage } from '../../lib/contracts/messages';
import type { CatalogueArea } from '../plugins/catalogue-cache';

type OrderDocumentKind = 'proof' | 'bill' | 'other' | 'remit';

export type DomainEvent =
  /** a new order (never on an idempotent replay) */
  | {
      type: 'order.created';
      orderId: number;
      customer: { id: number; email: string; name: string; lastname: string };
    }
  /** a move through the state table: the customer's add / accept / cancel / finish, staff's generic move */
  | {
      type: 'order.stateChanged';
      orderId: number;
      ownerId: number;
      from: OrderState;
      to: OrderState;
      via: OrderAction;
      by: OrderActor;
      /** staff's reason for rejecting or dismantling (the customer reads it), else null */
      reason?: string | null;
    }
  /** staff recorded a payment they checked (issue 32, item 2); `status` is the order's after it */
  | {
      type: 'order.paymentRecorded';
      orderId: number;
      ownerId: number;
      paymentId: number;
      amountCents: number;
      method: PaymentMethod;
      status: PaymentStatus;
    }
  /** staff voided a mistaken payment; `status` is the order's after it */
  | { type: 'order.paymentVoided'; orderId: number; ownerId: number; paymentId: number; status: PaymentStatus }
  /** staff sent the budget (the order is now `review`), acceptable until `expiresAt` */
  | { type: 'order.budgetSent'; orderId: number; ownerId: number; from: OrderState }
  /** the customer asked for an updated budget: theirs expired (issue 24 §1); heard by staff */
  | { type: 'order.budgetUpdateRequested'; orderId: number; ownerId: number; number: number }
  /**
   * The deadline job (services/order-deadlines) claimed a reminder: the budget expires within 24 h
   * (`budgetExpiring`), or the accepted order's proof of transfer is overdue (`paymentOverdue`). Emitted once
   * per order and deadline, by whichever runner claimed it.
   */
  | { type: 'order.budgetExpiring'; orderId: number; ownerId: number; number: number; expiresAt: Date }
  | { type: 'order.paymentOverdue'; orderId: number; ownerId: number; number: number; dueAt: Date }
  /** a document on the order: the customer's proof, staff's bill, other file or remit */
  | {
      type: 'order.documentAttached';
      orderId: number;
      ownerId: number;
      documentId: number;
      kind: OrderDocumentKind;
      trackingNumber: string | null;
      by: OrderActor;
    }
  /** a chat message, as the order's participants see it */
  | { type: 'order.messagePosted'; orderId: number; ownerId: number; message: ChatMessage }
  /** one side read the other side's messages (only when some were unread) */
  | { type: 'order.messagesRead'; orderId: number; ownerId: number; byShop: boolean; messageIds: number[] }
  /** staff-only notes on an order (issue 32 item 4): heard by staff only, never by the order's customer */
  | { type: 'order.noteAdded'; orderId: number; noteId: number; authorId: number }
  | { type: 'order.noteDeleted'; orderId: number; noteId: number; authorId: number }
  /** the order was assigned to a staff member (`to`), or left unassigned (null), by `byUserId` */
  | { type: 'order.assigned'; orderId: number; number: number; from: number | null; to: number | null; byUserId: number }
  /**
   * What catalogue GETs answer changed (products, prices, images, categories, search synonyms, carousel,
   * footer tags, shop configuration): `areas` for the API's cache, `tags` (lib/cache) for the storefront;
   * `productIds`: the products and variations written, when the change is about products (the back-in-stock
   * alerts look at them: services/stock-alerts.ts)
   */
  | { type: 'catalogue.changed'; areas: CatalogueArea[]; tags: string[]; productIds?: number[] };

export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;
export type Listener<T extends DomainEventType> = (event: EventOf<T>) => void | Promise<void>;

export class EventBus {
  private readonly listeners = new Map<DomainEventType, { name: string; fn: (event: DomainEvent) => void | Promise<void> }[]>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  /** Subscribes `fn` (named in the logs) to one event type; returns the unsubscribe function. */
  on<T extends DomainEventType>(type: T, name: string, fn: Listener<T>): () => void {
    const entry = { name, fn: fn as (event: DomainEvent) => void | Promise<void> };
    const list = this.listeners.get(type) ?? [];
    list.push(entry);
    this.listeners.set(type, list);
    return () => {
      const i = list.indexOf(entry);
      if (i >= 0) list.splice(i, 1);
    };
  }

  /** Runs the listeners in subscription order; never rejects. Call it after the write committed. */
  async emit(event: DomainEvent): Promise<void> {
    for (const { name, fn } of [...(this.listeners.get(event.type) ?? [])]) {
      try {
        await fn(event);
      } catch (err) {
        this.log.error({ err, event: event.type, listener: name }, 'domain event listener failed');
      }
    }
  }
}

/** What a service that writes needs: the database and the bus to announce the change on. */
export interface WriteDeps {
  db: Db;
  events: EventBus;
}
