import { createHash, timingSafeEqual } from 'node:crypto';
import { revalidateTag } from 'next/cache';
import { z } from 'zod';
import { MAX_TAG_LENGTH, MAX_TAGS_PER_REQUEST, REVALIDATE_SECRET_HEADER } from '@/lib/cache';
import { ERROR_CODES } from '@/lib/contracts/errors';
import { storefrontEnv } from '@/lib/env';

/**
 * On-demand revalidation for the shop API (see lib/cache for the tag names):
 *   POST /api/revalidate   header x-revalidate-secret: $REVALIDATE_SECRET   body { "tags": ["product:vela-de-soja"] }
 * 200 { success, data: { revalidated } } · 401 wrong/missing secret (or no secret configured) · 400 bad body.
 */

export const dynamic = 'force-dynamic';

const bodySchema = z.object({
  tags: z.array(z.string().trim().min(1).max(MAX_TAG_LENGTH)).min(1).max(MAX_TAGS_PER_REQUEST),
});

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Constant-time comparison (hashing first makes both sides the same length). */
function secretMatches(given: string | null): boolean {
  const expected = storefrontEnv().REVALIDATE_SECRET;
  if (!expected || !given) return false;
  return timingSafeEqual(digest(given), digest(expected));
}

function json(status: number, body: Record<string, unknown>): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
}

export async function POST(request: Request): Promise<Response> {
  if (!secretMatches(request.headers.get(REVALIDATE_SECRET_HEADER))) {
    return json(401, { success: false, message: 'No tienes los permisos necesarios', code: ERROR_CODES.forbidden });
  }
  let raw: unknown;
  try {
    raw = await request.json();
  } catch {
    return json(400, { success: false, message: 'Los parametros son incorrectos', code: ERROR_CODES.badParams });
  }
  const parsed = bodySchema.safeParse(raw);
  if (!parsed.success) {
    return json(400, { success: false, message: 'Los parametros son incorrectos', code: ERROR_CODES.badParams });
  }
  const unique = [...new Set(parsed.data.tags)];
  // expire 0: the next request renders fresh data (the API calls this right after a change, and the
  // shopper who just edited expects to see it), instead of being served stale once.
  for (const tag of unique) revalidateTag(tag, { expire: 0 });
  return json(200, { success: true, data: { revalidated: unique, now: Date.now() } });
}
