'use client';
import { useSession } from '@/lib/session/SessionProvider';
import { isStaffRole } from '@/lib/session/roles';

/**
 * The shell's view of the session (lib/session/SessionProvider, mounted by the root layout):
 * 'loading' until the startup check answers (spec §2 Startup: session-dependent UI shows nothing yet,
 * the server HTML is always this state), then 'guest' or 'user'. Presence only: the API verifies
 * the token on every call, and a 401 closes the session (lib/api/public.ts).
 */
export type ShellSession = 'loading' | 'guest' | 'user';

export function useShellSession(): ShellSession {
  const { status } = useSession();
  if (status === 'authenticated') return 'user';
  if (status === 'anonymous') return 'guest';
  return 'loading';
}

/**
 * Whether the signed-in user is staff: their way into the back-office replaces the customer's "Pedidos"
 * (issue 32, item 7: staff landed on the shop's home with no link to /admin). Links only; the API decides.
 */
export function useIsStaff(): boolean {
  const { status, user } = useSession();
  return status === 'authenticated' && isStaffRole(user?.role);
}
