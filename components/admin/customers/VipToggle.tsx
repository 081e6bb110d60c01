'use client';

/** Marks or unmarks a customer as VIP (PATCH api/staff/customers/:id/vip; users:write). */
import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { publicRequest, usePublicApi } from '@/lib/api/public';
import { useMessages } from '@/components/toast/MessagesProvider';
import base from '../admin.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';

export function VipToggle({ userId, isVip }: { userId: number; isVip: boolean }) {
  const t = useTranslations('adminSettings.client');
  const router = useRouter();
  const { notify } = useMessages();
  const { handleError } = usePublicApi();
  const id = useId();
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    setBusy(true);
    try {
      await publicRequest(staffApiPaths.customerVip(userId), { method: 'PATCH', body: { vip: !isVip } });
      notify('SUCCESS', isVip ? t('vip.undone') : t('vip.done'));
      router.refresh();
    } catch (err) {
      handleError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={base.panel} aria-labelledby={`${id}-t`} data-testid="vip-toggle">
      <h2 id={`${id}-t`} className={base.h2}>
        {t('vip.title')}
      </h2>
      <p className={base.muted}>{isVip ? t('vip.isVip') : t('vip.notVip')}</p>
      <div className={base.buttonRow}>
        <button type="button" className={isVip ? base.secondaryButton : base.primaryButton} onClick={() => void toggle()} disabled={busy} aria-pressed={isVip}>
          {busy ? t('working') : isVip ? t('vip.off') : t('vip.on')}
        </button>
      </div>
    </section>
  );
}
