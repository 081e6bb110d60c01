import { toolRoute } from '@/components/ui/tool-route';
import { OrdersList } from '@/components/orders/OrdersList';
import { ORDERS_LIST_MESSAGE_PATHS } from '@/components/orders/messages';
import { isOrderFilter } from '@/components/orders/state-style';

/** Reads the query string (?filter=) and is personal: rendered per request. */
export const dynamic = 'force-dynamic';

/** /orders/ — the signed-in customer's orders (proxy.ts guard); the list is a client island (live data). */
const route = toolRoute('orders.list', '/orders/', { messages: ORDERS_LIST_MESSAGE_PATHS }, async ({ searchParams }) => {
  const query = await searchParams;
  const raw = Array.isArray(query.filter) ? query.filter[0] : query.filter;
  return <OrdersList source="myOrders" filters initialFilter={isOrderFilter(raw) ? raw : 'all'} />;
});

export const generateMetadata = route.generateMetadata;
export default route.Page;
