import 'server-only';
import { z } from 'zod';
import { apiRead } from '@/lib/api/server';
import { apiTimeouts } from '@/lib/api/config';
import { getCategories } from '@/lib/api/catalogue';
import { configSchema, tagSchema, type Category, type Config, type Tag } from '@/lib/contracts/catalogue';
import { SECONDS, tags as cacheTags } from '@/lib/cache';
import { DEFAULT_MIN_LOCAL_PRICE, DEFAULT_MIN_ORDER_PRICE } from '@/lib/seo/business';
import { apiPaths } from '@/lib/api/paths';

/**
 * The API data the shell (menu, footer) needs. It comes from Next's data cache almost always; when it
 * does not and the API cannot answer within the shell's deadline (SHOP_API_SHELL_TIMEOUT_MS), the call
 * throws and the render fails (503 + Retry-After, lib/api/unavailable-status.ts). Never a fallback:
 * a page rendered over invented minimums or an empty menu would enter the page cache and stay wrong
 * after the API is back (issue 18 item 5).
 */
export interface ShellData {
  categories: Category[];
  config: Pick<Config, 'minOrderPrice' | 'minLocalPrice'>;
  tags: Tag[];
}

const shellTimeout = () => apiTimeouts().shellMs;

function positive(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** api/config minimums; the spec §9 defaults (100000 / 50000) only for values the configuration lacks. */
export async function getShopConfig(): Promise<ShellData['config']> {
  const config = await apiRead(configSchema, apiPaths.config, {
    tags: [cacheTags.config],
    revalidate: SECONDS.config,
    timeoutMs: shellTimeout(),
  });
  return {
    minOrderPrice: positive(config.minOrderPrice, DEFAULT_MIN_ORDER_PRICE),
    minLocalPrice: positive(config.minLocalPrice, DEFAULT_MIN_LOCAL_PRICE),
  };
}

async function getFooterTags(): Promise<Tag[]> {
  const { items } = await apiRead(z.object({ items: z.array(tagSchema) }), apiPaths.tags, {
    tags: [cacheTags.tags],
    revalidate: SECONDS.tags,
    timeoutMs: shellTimeout(),
  });
  return items.filter((t) => t.url.trim() !== '');
}

async function getMenuCategories(): Promise<Category[]> {
  return getCategories({ timeoutMs: shellTimeout() });
}

export async function getShellData(): Promise<ShellData> {
  const [categories, config, tags] = await Promise.all([getMenuCategories(), getShopConfig(), getFooterTags()]);
  return { categories, config, tags };
}
