'use client';

/**
 * The tab's realtime connection for client islands: null until signed in and connected lazily
 * (socket.io-client is loaded only then). Signing out disconnects it and forgets the stored rooms.
 */
import { useEffect, useState } from 'react';
import { publicApiBase } from '@/lib/api/public';
import { useSession } from '@/lib/session/SessionProvider';
import { closeRealtime, getRealtime, type RealtimeClient } from './client';

export function useRealtime(): RealtimeClient | null {
  const { status, token, apiUrl } = useSession();
  const [client, setClient] = useState<RealtimeClient | null>(null);

  useEffect(() => {
    if (status === 'anonymous') {
      closeRealtime({ forgetRooms: true });
      return;
    }
    if (status !== 'authenticated' || !token) return;
    let live = true;
    getRealtime((apiUrl || publicApiBase()).replace(/\/+$/, ''), token)
      .then((c) => {
        if (live) setClient(c);
      })
      .catch(() => {
        /* superseded by a newer token, or the chunk failed to load: the page still works without live updates */
      });
    return () => {
      live = false;
    };
  }, [status, token, apiUrl]);

  return status === 'authenticated' && client && client.token === token ? client : null;
}
