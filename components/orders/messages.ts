/**
 * Message paths of the orders' client islands, added by their pages with <ScopedMessages>.
 * - ORDERS_LIST_MESSAGE_PATHS: OrdersList and StateBadge (/orders, the profile's orders tab).
 * - ORDER_CLIENT_MESSAGE_PATHS: the /order/[orderId] islands: AddProducts, CopyButton, DocumentLink,
 *   OrderActions, ProofUpload and the chat (OrderChat).
 */
import { REORDER_MESSAGE_PATHS } from '@/components/wholesale/messages';

export const ORDERS_LIST_MESSAGE_PATHS = ['orders.list', 'orders.states', ...REORDER_MESSAGE_PATHS] as const;
export const ORDER_CHAT_MESSAGE_PATHS = ['notifications.chat'] as const;
export const ORDER_CLIENT_MESSAGE_PATHS = [
  'orders.add',
  ...REORDER_MESSAGE_PATHS,
  'orders.bank',
  'orders.documents',
  'orders.actions',
  'orders.proof',
  ...ORDER_CHAT_MESSAGE_PATHS,
] as const;
