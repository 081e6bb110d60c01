'use client';

/**
 * The one shape of a write from a client island (the admin's forms, managers and buttons; the customer's
 * proof upload): `busy` while it runs; on success the toast, the island's own reset and a refresh of the
 * server-rendered page; on failure the API's message (usePublicApi's handleError).
 */
import { useState } from 'react';
import { useRouter } from '@/i18n/navigation';
import { usePublicApi } from '@/lib/api/public';
import { useMessages } from '@/components/toast/MessagesProvider';

export function useApiAction() {
  const router = useRouter();
  const { notify } = useMessages();
  const { handleError } = usePublicApi();
  const [busy, setBusy] = useState(false);

  /** `done`: the success toast (none when omitted); `after`: runs before the refresh (clear a field). Resolves true on success. */
  const run = async (work: () => Promise<unknown>, done?: string, after?: () => void): Promise<boolean> => {
    setBusy(true);
    try {
      await work();
      if (done) notify('SUCCESS', done);
      after?.();
      router.refresh();
      return true;
    } catch (err) {
      handleError(err);
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { busy, run };
}
