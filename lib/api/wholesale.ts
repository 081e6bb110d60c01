/**
 * Browser calls of the wholesale tools (issue 23 §1–2), answers parsed with their contracts
 * (lib/contracts/wholesale.ts): "Volver a pedir" and the quick order pad.
 */
import { quickOrderResultSchema, reorderPreviewSchema, type PriceListQuery, type QuickOrderRequest, type QuickOrderResult, type ReorderPreview } from '@/lib/contracts/wholesale';
import { parseAnswer } from './contract';
import { publicRequest } from './public';

export const wholesaleApi = {
  async reorder(orderId: number): Promise<ReorderPreview> {
    return parseAnswer(reorderPreviewSchema, await publicRequest<unknown>(`api/order/${orderId}/reorder`, { method: 'POST', body: {} }));
  },
  async quickOrder(lines: QuickOrderRequest['lines']): Promise<QuickOrderResult> {
    return parseAnswer(quickOrderResultSchema, await publicRequest<unknown>('api/quick-order', { method: 'POST', body: { lines } }));
  },
  async quickOrderFile(file: File): Promise<QuickOrderResult> {
    const form = new FormData();
    form.append('file', file);
    return parseAnswer(quickOrderResultSchema, await publicRequest<unknown>('api/quick-order', { method: 'POST', body: form }));
  },
};

/** GET api/price-list: the signed-in customer's price list as a file. */
export function priceListUrl(query: PriceListQuery): string {
  const params = new URLSearchParams({ format: query.format });
  if (query.category) params.set('category', query.category);
  return `api/price-list?${params.toString()}`;
}
