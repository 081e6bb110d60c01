'use client';

/**
 * Transports (transports:write): enable / disable each one (a disabled main transport disables its
 * variants at checkout) and create new ones, optionally as a variant of a main transport.
 */
import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import type { StaffTransport } from '@/lib/admin/settings-types';
import { publicRequest } from '@/lib/api/public';
import base from '../admin.module.css';
import styles from './settings.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { useApiAction } from '@/components/ui/useApiAction';
import { CrudList } from '../ui/crud';
import { FieldError, useFieldError } from '../ui/field-error';
import { NamedOptions } from '../ui/Options';

export function TransportsManager({ items }: { items: StaffTransport[] }) {
  const t = useTranslations('adminSettings.client.transports');
  const { id, error, setError, errorId, invalidProps } = useFieldError();
  const [name, setName] = useState('');
  const [father, setFather] = useState('');
  const mains = items.filter((i) => i.fatherId === null);

  const { busy, run: act } = useApiAction();
  const run = (work: () => Promise<unknown>) => act(work, t('saved'));

  const create = async (e: FormEvent) => {
    e.preventDefault();
    const clean = name.trim();
    if (!clean || clean.length > 100) {
      setError(t('invalid'));
      return;
    }
    setError(null);
    if (await run(() => publicRequest(staffApiPaths.transports, { method: 'POST', body: { name: clean, fatherId: father ? Number(father) : null } }))) {
      setName('');
      setFather('');
    }
  };

  return (
    <CrudList
      items={items}
      empty={t('empty')}
      testId="transports-list"
      sectionTestId="transports-manager"
      add={
        <form className={styles.addForm} onSubmit={(e) => void create(e)} noValidate data-testid="transport-add">
          <label className={styles.field} htmlFor={`${id}-n`}>
            <span>{t('name')}</span>
            <input id={`${id}-n`} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} {...invalidProps} />
          </label>
          <label className={styles.field} htmlFor={`${id}-p`}>
            <span>{t('parent')}</span>
            <select id={`${id}-p`} value={father} onChange={(e) => setFather(e.target.value)}>
              <option value="">{t('none')}</option>
              <NamedOptions items={mains} />
            </select>
          </label>
          <button type="submit" className={base.primaryButton} disabled={busy}>
            {t('add')}
          </button>
          <FieldError id={errorId} error={error} className={styles.error} />
        </form>
      }
    >
      {(tr) => {
        const action = tr.isAble ? t('disable') : t('enable');
        return (
          <li key={tr.id} className={styles.transport} data-child={tr.fatherId !== null || undefined} data-testid="transport-row" data-id={tr.id}>
            <span className={styles.transportName}>
              {tr.name}
              <span className={styles.state} data-able={String(tr.isAble)}>
                {tr.isAble ? t('enabled') : t('disabled')}
              </span>
            </span>
            <button
              type="button"
              className={styles.toggle}
              data-able={String(tr.isAble)}
              disabled={busy}
              aria-label={t('toggleLabel', { action, name: tr.name })}
              onClick={() => void run(() => publicRequest(staffApiPaths.transport(tr.id), { method: 'PATCH', body: { isAble: !tr.isAble } }))}
            >
              {action}
            </button>
          </li>
        );
      }}
    </CrudList>
  );
}
