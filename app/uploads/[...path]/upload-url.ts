import { shopApiUrl } from '@/lib/api/config';

const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** Upstream URL for a path split into segments, or null when a segment is unsafe (traversal, odd characters). */
export function uploadUrl(segments: string[] | undefined, base: string = shopApiUrl()): string | null {
  if (!segments || segments.length === 0 || segments.length > 8) return null;
  if (segments.some((s) => !SAFE_SEGMENT.test(s) || s.includes('..'))) return null;
  return `${base}/uploads/${segments.join('/')}`;
}

