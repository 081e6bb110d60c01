import 'server-only';
import { apiGet } from '@/lib/api/server';
import { getCategories } from '@/lib/api/catalogue';
import type { Category, Config, Tag } from '@/lib/api/types';
import { SECONDS, tags as cacheTags } from '@/lib/cache';
import { DEFAULT_MIN_LOCAL_PRICE, DEFAULT_MIN_ORDER_PRICE } from '@/lib/seo/business';

/** The API data the shell (menu, footer) needs. Every part falls back on its own: the shell never crashes. */
export interface ShellData {
  categories: Category[];
  config: Pick<Config, 'minOrderPrice' | 'minLocalPrice'>;
  tags: Tag[];
}

/** The shell must not hang on a slow API: after this many ms a part falls back (the fetch may still fill the cache). */
export const SHELL_DATA_TIMEOUT_MS = 3000;

function withTimeout<T>(promise: Promise<T>, ms: number = SHELL_DATA_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`shell data timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function positive(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** api/config minimums, with the spec §9 defaults (100000 / 50000) when absent or unreachable. */
export async function getShopConfig(): Promise<ShellData['config']> {
  try {
    const config = await withTimeout(
      apiGet<Partial<Config> | null>('api/config', { tags: [cacheTags.config], revalidate: SECONDS.config }),
    );
    return {
      minOrderPrice: positive(config?.minOrderPrice, DEFAULT_MIN_ORDER_PRICE),
      minLocalPrice: positive(config?.minLocalPrice, DEFAULT_MIN_LOCAL_PRICE),
    };
  } catch {
    return { minOrderPrice: DEFAULT_MIN_ORDER_PRICE, minLocalPrice: DEFAULT_MIN_LOCAL_PRICE };
  }
}

export async function getFooterTags(): Promise<Tag[]> {
  try {
    const data = await withTimeout(
      apiGet<{ items?: Tag[] } | Tag[]>('api/tags', { tags: [cacheTags.tags], revalidate: SECONDS.tags }),
    );
    const items = Array.isArray(data) ? data : (data?.items ?? []);
    return items.filter((t) => t && typeof t.name === 'string' && typeof t.url === 'string' && t.url.trim() !== '');
  } catch {
    return [];
  }
}

export async function getMenuCategories(): Promise<Category[]> {
  try {
    return await withTimeout(getCategories());
  } catch {
    return [];
  }
}

export async function getShellData(): Promise<ShellData> {
  const [categories, config, tags] = await Promise.all([getMenuCategories(), getShopConfig(), getFooterTags()]);
  return { categories, config, tags };
}
