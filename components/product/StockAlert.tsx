'use client';

/**
 * "Avisame cuando haya stock" (issue 24 §3) on a row without stock of the product page. Loaded lazily by
 * VariationList (only pages with a row without stock fetch this chunk), so the cached product page stays
 * static: the customer's own alerts are asked for in the browser, once per product page, and only when
 * someone is signed in. A guest gets a link to the sign-in page, which brings them back here (`next`, as the
 * signed-in guard does). Pressing it again cancels the alert.
 */
import { useEffect, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { Locale } from '@/i18n/routing';
import { apiPaths } from '@/lib/api/paths';
import { PublicApiError, publicRequest } from '@/lib/api/public';
import { localizedPath } from '@/lib/locales';
import type { StockAlert as Alert } from '@/lib/contracts/stock-alerts';
import { useSession } from '@/lib/session/SessionProvider';
import { notify } from '@/lib/toast/emitter';

/** The signed-in customer's alerts of one product page, asked once for all its rows. */
const mine = new Map<string, Promise<Alert[]>>();

function alertsOf(userId: number, productId: number): Promise<Alert[]> {
  const key = `${userId}:${productId}`;
  let list = mine.get(key);
  if (!list) {
    list = publicRequest<Alert[]>(apiPaths.stockAlertsOf(productId));
    // a failure is not remembered: the next row (or visit) asks again
    list.catch(() => mine.delete(key));
    mine.set(key, list);
  }
  return list;
}

/** Forgets the cached alerts (tests; a change made here updates its own row's state). */
export function forgetStockAlerts(): void {
  mine.clear();
}

/** Its class names come from the row it sits in (VariationList.module.css): see the comment there. */
export interface StockAlertClasses {
  root: string;
  button: string;
  hint: string;
}

/** `path`: the product page's Spanish path (the sign-in page returns there). */
export function StockAlert({
  productId,
  variationId,
  label,
  path,
  classes,
}: {
  productId: number;
  variationId?: number;
  label: string;
  path: string;
  classes: StockAlertClasses;
}) {
  const t = useTranslations('product.stockAlert');
  const locale = useLocale() as Locale;
  const { status, user } = useSession();
  const userId = status === 'authenticated' ? (user?.id ?? null) : null;
  // null: not known yet (session check or the list on its way)
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (userId === null) return;
    let live = true;
    alertsOf(userId, productId).then(
      (list) => live && setSubscribed(list.some((a) => a.variationId === (variationId ?? null))),
      () => live && setSubscribed(false),
    );
    return () => {
      live = false;
    };
  }, [status, userId, productId, variationId]);

  if (status === 'anonymous') {
    return (
      <div className={classes.root} data-testid="stock-alert">
        <a
          className={classes.button}
          href={localizedPath(locale, `/login?next=${encodeURIComponent(localizedPath(locale, path))}`)}
          aria-label={`${t('subscribe')}: ${label}`}
          title={t('signIn')}
        >
          {t('subscribe')}
        </a>
      </div>
    );
  }

  const press = async () => {
    if (userId === null) return;
    setBusy(true);
    try {
      if (subscribed) {
        await publicRequest(apiPaths.stockAlert(productId, variationId), { method: 'DELETE' });
        setSubscribed(false);
        notify('INFO', t('cancelled'));
      } else {
        await publicRequest(apiPaths.stockAlerts, { method: 'POST', body: variationId === undefined ? { productId } : { productId, variationId } });
        setSubscribed(true);
        notify('SUCCESS', t('done'));
      }
      mine.delete(`${userId}:${productId}`);
    } catch (error) {
      // 409 (it has stock again) and 404 carry the API's Spanish message
      const message = error instanceof PublicApiError && error.failure.kind === 'http' ? error.failure.message : undefined;
      notify('ERROR', message ?? t('failed'));
    } finally {
      setBusy(false);
    }
  };

  const on = subscribed === true;
  return (
    <div className={classes.root} data-testid="stock-alert" data-subscribed={subscribed === null ? undefined : String(on)}>
      <button
        type="button"
        className={classes.button}
        data-on={on ? '' : undefined}
        aria-label={`${on ? t('cancel') : t('subscribe')}: ${label}`}
        disabled={busy || subscribed === null}
        onClick={press}
      >
        {on ? t('cancel') : t('subscribe')}
      </button>
      {on ? (
        <p className={classes.hint} role="status">
          {t('subscribed')}
        </p>
      ) : null}
    </div>
  );
}
