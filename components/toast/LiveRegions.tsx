import type { ReactNode, Ref } from 'react';

/**
 * The persistent live regions (polite and assertive): in the page before any message, so screen readers
 * announce each message as it is inserted. Markup only, so <ToastArea /> renders them up front.
 */
export function LiveRegions({ status, alert, statusRef, alertRef }: { status?: ReactNode; alert?: ReactNode; statusRef?: Ref<HTMLDivElement>; alertRef?: Ref<HTMLDivElement> }) {
  return (
    <div className="toast-messages">
      <div ref={statusRef} role="status" aria-live="polite" aria-atomic="true">
        {status}
      </div>
      <div ref={alertRef} role="alert" aria-live="assertive" aria-atomic="true">
        {alert}
      </div>
    </div>
  );
}
