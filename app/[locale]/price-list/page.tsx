import { getCategories } from '@/lib/api/catalogue';
import { toolRoute } from '@/components/ui/tool-route';
import { PriceListDownload } from '@/components/wholesale/PriceListDownload';
import { PRICE_LIST_MESSAGE_PATHS } from '@/components/wholesale/messages';

/**
 * /price-list (issue 23 §3) — signed in (proxy.ts guard): the customer's price list at their own tiers,
 * whole catalogue or one category, as PDF or XLSX. The page is the same for everyone; the API builds the
 * file for the session's customer.
 */
const route = toolRoute('wholesale.priceList', '/price-list', { messages: PRICE_LIST_MESSAGE_PATHS }, async () => {
  const categories = await getCategories();
  return <PriceListDownload categories={categories.map((c) => ({ slug: c.slug, name: c.name }))} />;
});

export const generateMetadata = route.generateMetadata;
export default route.Page;
