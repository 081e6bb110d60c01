'use client';

/** Marks or unmarks a customer as VIP (PATCH api/staff/customers/:id/vip; users:write). */
import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { publicRequest } from '@/lib/api/public';
import base from '../admin.module.css';
import { Panel } from '../ui/Panel';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { useApiAction } from '@/components/ui/useApiAction';

export function VipToggle({ userId, isVip }: { userId: number; isVip: boolean }) {
  const t = useTranslations('adminSettings.client');
  const id = useId();
  const { busy, run } = useApiAction();

  const toggle = async () => {
    await run(() => publicRequest(staffApiPaths.customerVip(userId), { method: 'PATCH', body: { vip: !isVip } }), isVip ? t('vip.undone') : t('vip.done'));
  };

  return (
    <Panel headingId={`${id}-t`} title={t('vip.title')} testId="vip-toggle">
      <p className={base.muted}>{isVip ? t('vip.isVip') : t('vip.notVip')}</p>
      <div className={base.buttonRow}>
        <button type="button" className={isVip ? base.secondaryButton : base.primaryButton} onClick={() => void toggle()} disabled={busy} aria-pressed={isVip}>
          {busy ? t('working') : isVip ? t('vip.off') : t('vip.on')}
        </button>
      </div>
    </Panel>
  );
}
