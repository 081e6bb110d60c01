import { publicApiUrl } from '@/lib/api/config';
import { SessionProvider } from '@/lib/session/SessionProvider';
import { toolRoute } from '@/components/ui/tool-route';
import { CartProvider } from '@/components/cart/CartProvider';
import { QuickOrder } from '@/components/wholesale/QuickOrder';
import { QUICK_ORDER_MESSAGE_PATHS } from '@/components/wholesale/messages';

/**
 * /quick-order (issue 23 §2) — a tool for buyers, not a page for search engines: not indexed (links still
 * followed). The same HTML for everyone (like /cart); the pad is a client island of its own, so its code
 * (parser, results table) is only in this route's bundle.
 */
const route = toolRoute('wholesale.quick', '/quick-order', { messages: QUICK_ORDER_MESSAGE_PATHS }, () => (
  <SessionProvider apiUrl={publicApiUrl()}>
    <CartProvider>
      <QuickOrder />
    </CartProvider>
  </SessionProvider>
));

export const generateMetadata = route.generateMetadata;
export default route.Page;
