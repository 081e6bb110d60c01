import 'server-only';
import { apiGet } from '@/lib/api/server';
import type { AuthProviders } from '@/lib/contracts/account';
import { apiPaths } from '@/lib/api/paths';

/**
 * The Google client id the API is configured with (GET api/auth/providers, cached 5 min), null when
 * Google sign-in is off, undefined when the API could not be asked (the browser then asks itself).
 */
export async function getGoogleClientId(): Promise<string | null | undefined> {
  try {
    const p = await apiGet<AuthProviders>(apiPaths.authProviders, { revalidate: 300, tags: ['auth-providers'] });
    return p.google?.clientId ?? null;
  } catch {
    return undefined;
  }
}
