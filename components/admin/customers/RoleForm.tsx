'use client';

/** Changes a user's role (PATCH api/staff/customers/:id/role; superadmin only — the API offers the roles). */
import { useId, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { publicRequest } from '@/lib/api/public';
import base from '../admin.module.css';
import { Panel } from '../ui/Panel';
import styles from './customers.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { useApiAction } from '@/components/ui/useApiAction';
import { CodeOptions } from '../ui/Options';

export function RoleForm({ userId, role, roles }: { userId: number; role: string; roles: string[] }) {
  const t = useTranslations('adminSettings.client.role');
  const tw = useTranslations('adminSettings.client');
  const tr = useTranslations('adminSettings.roles');
  const id = useId();
  const [value, setValue] = useState(role);
  const { busy, run } = useApiAction();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (value === role) return;
    await run(() => publicRequest(staffApiPaths.customerRole(userId), { method: 'PATCH', body: { role: value } }), t('done'));
  };

  return (
    <Panel headingId={`${id}-t`} title={t('label')}>
      <form onSubmit={(e) => void submit(e)} className={styles.roleRow} data-testid="role-form">
        <label htmlFor={`${id}-r`} className="visually-hidden">
          {t('label')}
        </label>
        <select id={`${id}-r`} className={styles.roleSelect} value={value} onChange={(e) => setValue(e.target.value)} aria-describedby={`${id}-h`}>
          <CodeOptions codes={roles} label={(r) => (tr.has(r) ? tr(r) : r)} />
        </select>
        <button type="submit" className={base.secondaryButton} disabled={busy || value === role}>
          {busy ? tw('working') : t('save')}
        </button>
      </form>
      <p id={`${id}-h`} className={base.sub}>
        {t('help')}
      </p>
    </Panel>
  );
}
