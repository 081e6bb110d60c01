'use client';

/**
 * The tab's realtime connection for client islands: null until signed in and connected lazily
 * (socket.io-client is loaded only then). Signing out disconnects it and forgets the stored rooms.
 */
import { useEffect, useState } from 'react';
import { publicApiBase } from '@/lib/api/public';
import { useSession } from '@/lib/session/SessionProvider';
import { readToken } from '@/lib/session/store';
import { closeRealtime, getRealtime, type RealtimeClient } from './client';

export function useRealtime(): RealtimeClient | null {
  const { status, token, apiUrl, user } = useSession();
  // one connection per signed-in user: the access token is refreshed every few minutes (ADR 0005) and each
  // reconnection reads the newest one, so a refresh does not drop the socket and its rooms
  const identity = user ? `user:${user.id}` : null;
  const signedIn = status === 'authenticated' && Boolean(token);
  const [client, setClient] = useState<RealtimeClient | null>(null);

  useEffect(() => {
    if (status === 'anonymous') {
      closeRealtime({ forgetRooms: true });
      return;
    }
    // the token is read from the session store when the connection is made (and again on each reconnection):
    // a refreshed token of the same user is not a reason to reconnect
    const current = readToken();
    if (!signedIn || !identity || !current) return;
    let live = true;
    getRealtime((apiUrl || publicApiBase()).replace(/\/+$/, ''), current, undefined, { identity, currentToken: readToken })
      .then((c) => {
        if (live) setClient(c);
      })
      .catch(() => {
        /* superseded by a newer token, or the chunk failed to load: the page still works without live updates */
      });
    return () => {
      live = false;
    };
  }, [status, signedIn, identity, apiUrl]);

  return status === 'authenticated' && client ? client : null;
}
