/**
 * Message paths of the wholesale islands (issue 23), added by their pages with <ScopedMessages>.
 * - QUICK_ORDER_MESSAGE_PATHS: the /quick-order pad.
 * - PRICE_LIST_MESSAGE_PATHS: the /price-list downloads.
 * - REORDER_MESSAGE_PATHS: the "Volver a pedir" button and its preview (orders list, order detail).
 */
export const QUICK_ORDER_MESSAGE_PATHS = ['wholesale.quick'] as const;
export const REORDER_MESSAGE_PATHS = ['wholesale.reorder'] as const;
export const PRICE_LIST_MESSAGE_PATHS = ['wholesale.priceList'] as const;
