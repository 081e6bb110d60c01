import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';

/**
 * Tests only: a cache of its own for what it wraps. swr's default cache lives as long as the module (a whole
 * test file), so one test's answers would be another's; production islands share the default cache on purpose.
 * `immediate`: no dedupe window and no focus throttle, so a test can read again (focus, reconnection) at once.
 */
export function FreshReads({ children, immediate = false }: { children: ReactNode; immediate?: boolean }) {
  return <SWRConfig value={{ provider: () => new Map(), ...(immediate ? { dedupingInterval: 0, focusThrottleInterval: 0 } : {}) }}>{children}</SWRConfig>;
}
