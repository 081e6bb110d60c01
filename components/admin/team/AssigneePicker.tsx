'use client';

/** Who looks after the order (issue 32 item 4): a staff member, oneself in one click, or nobody (PUT …/assignee). */
import { useId, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { publicRequest } from '@/lib/api/public';
import type { StaffMember } from '@/lib/contracts/staff-team';
import base from '../admin.module.css';
import styles from './team.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { useApiAction } from '@/components/ui/useApiAction';
import { NamedOptions } from '../ui/Options';

export interface AssigneePickerProps {
  orderId: number;
  current: number | null;
  members: StaffMember[];
  viewerId: number | null;
}

export function AssigneePicker({ orderId, current, members, viewerId }: AssigneePickerProps) {
  const t = useTranslations('admin.client.team');
  const id = useId();
  const [choice, setChoice] = useState(current === null ? '' : String(current));
  const { busy, run } = useApiAction();

  const save = async (userId: number | null) => {
    await run(() => publicRequest(staffApiPaths.orderAssignee(orderId), { method: 'PUT', body: { userId } }), userId === null ? t('unassigned') : t('assigned'), () => setChoice(userId === null ? '' : String(userId)));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save(choice === '' ? null : Number(choice));
  };

  return (
    <form onSubmit={submit} className={styles.assignForm} data-testid="assignee-form">
      <label htmlFor={id} className={base.label}>
        {t('assignLabel')}
      </label>
      <div className={styles.formRow}>
        <select id={id} value={choice} onChange={(e) => setChoice(e.target.value)} className={styles.select}>
          <option value="">{t('nobody')}</option>
          <NamedOptions items={members} />
        </select>
        <button type="submit" className={base.secondaryButton} disabled={busy || choice === (current === null ? '' : String(current))}>
          {t('save')}
        </button>
      </div>
      {viewerId !== null && viewerId !== current ? (
        <button type="button" className={base.linkButton} disabled={busy} onClick={() => void save(viewerId)} data-testid="assign-me">
          {t('assignMe')}
        </button>
      ) : null}
    </form>
  );
}
