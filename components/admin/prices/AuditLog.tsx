import { useFormatter, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry, type AuditList, type PriceSetWire } from '@/lib/contracts/price-changes';
import { formatPesos } from '@/lib/money';
import { SHOP_TIME_ZONE } from '@/lib/locales';
import base from '../admin.module.css';
import styles from './prices.module.css';
import { AdminPage } from '../ui/page';
import { DateRangeFields, FilterActions, FilterSelect, ListPager, ListTable, ResultsRow } from '../ui/list';
import { Panel } from '../ui/Panel';
import { CodeOptions, NamedOptions } from '../ui/Options';

export type AuditFilters = { actor?: number; action?: AuditAction; from?: string; to?: string; page?: number; entry?: number };
export type AuditEntryDetail = AuditEntry & {
  rows: { productId: number; parentId: number | null; sku: string; name: string; before: PriceSetWire; after: PriceSetWire }[];
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const int = (v: unknown) => (typeof v === 'string' && /^[0-9]{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

export function parseAuditFilters(sp: Record<string, string | string[] | undefined>): AuditFilters {
  const one = (k: string) => (typeof sp[k] === 'string' ? (sp[k] as string) : undefined);
  const action = one('action');
  const from = one('from');
  const to = one('to');
  return {
    actor: int(one('actor')),
    action: (AUDIT_ACTIONS as readonly string[]).includes(action ?? '') ? (action as AuditAction) : undefined,
    from: from && DAY.test(from) ? from : undefined,
    to: to && DAY.test(to) ? to : undefined,
    page: int(one('page')),
    entry: int(one('entry')),
  };
}

export function auditHref(f: AuditFilters): string {
  const q = new URLSearchParams();
  for (const k of ['actor', 'action', 'from', 'to', 'page', 'entry'] as const) if (f[k]) q.set(k, String(f[k]));
  const s = q.toString();
  return `/admin/audit${s ? `?${s}` : ''}`;
}

const SHOWN_ROWS = 500;

/** 'prices.undo' → 'undo' (next-intl reads a dot in a key as nesting). */
const actionKey = (a: AuditAction) => a.slice(a.indexOf('.') + 1) as 'bulk' | 'csv' | 'undo';

/** The audit log (server-rendered, works without JavaScript): filters, entries, paging, one entry's rows. */
export function AuditLog({ filters, list, entry, categories }: { filters: AuditFilters; list: AuditList; entry: AuditEntryDetail | null; categories: Record<number, string> }) {
  const t = useTranslations('adminPrices.audit');
  const tc = useTranslations('adminPrices.client');
  const format = useFormatter();
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'short', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });
  const categoryName = (id: number) => categories[id] ?? `#${id}`;
  const ruleText = (e: AuditEntry) => {
    const r = e.summary.rule;
    if (!r) return null;
    const amount = r.kind === 'percent' ? `${r.value > 0 ? '+' : ''}${String(r.value).replace('.', ',')} %` : `${r.value > 0 ? '+' : '-'}${formatPesos(Math.abs(r.value))}`;
    return `${amount} · ${r.fields.map((f) => tc(`field.${f}`)).join(', ')} · ${tc(`round.${r.rounding}`)}`;
  };
  const selectionText = (e: AuditEntry) => {
    const s = e.summary.selection;
    if (!s) return null;
    const parts = [s.category ? `${tc('category')} ${categoryName(s.category)}` : null, s.q ? `“${s.q}”` : null, s.state ? tc(`states.${s.state}`) : null].filter(Boolean);
    return parts.length ? parts.join(' · ') : t('selectionAll');
  };

  return (
    <AdminPage title={t('title')} intro={t('intro')}>
      <form method="get" className={`${base.panel} ${styles.fieldset}`} role="search" data-testid="audit-filters">
        <FilterSelect label={t('who')} name="actor" value={filters.actor ? String(filters.actor) : undefined} all={t('anyone')} className={styles.field}>
          <NamedOptions items={list.actors.map((a) => ({ id: a.id, name: `${a.name} (${a.email})` }))} />
        </FilterSelect>
        <FilterSelect label={t('what')} name="action" value={filters.action} all={t('anything')} className={styles.field} testId="audit-action">
          <CodeOptions codes={AUDIT_ACTIONS} label={(a) => t(`action.${actionKey(a)}`)} />
        </FilterSelect>
        <DateRangeFields from={filters.from} to={filters.to} labels={{ from: t('from'), to: t('to') }} fieldClass={styles.field} />
        <FilterActions apply={t('filter')} clear={t('clear')} clearHref="/admin/audit" className={styles.actions} applyClass={base.secondaryButton} />
      </form>

      <ResultsRow text={t('results', { total: list.total })} />
      <ListTable
        empty={t('empty')}
        rows={list.items.length}
        testId="audit-table"
        columns={[{ label: t('colWhen') }, { label: t('colWho'), className: styles.hideNarrow }, { label: t('colWhat'), className: styles.hideNarrow }, { label: t('colDetail') }]}
      >
        {list.items.map((e) => (
          <tr key={e.id} data-testid="audit-row" data-action={e.action} data-entry-id={e.id}>
            <td className={base.nowrap}>
              #{e.id}
              <span className={styles.sku}>{when(e.createdAt)}</span>
              <span className={`${styles.sku} ${styles.showNarrow}`}>{e.actor.name}</span>
            </td>
            <td className={styles.hideNarrow}>
              {e.actor.name}
              <span className={styles.sku}>{e.actor.email}</span>
            </td>
            <td className={styles.hideNarrow}>{t(`action.${actionKey(e.action)}`)}</td>
            <td>
              <span className={`${styles.showNarrow}`}>{t(`action.${actionKey(e.action)}`)}</span>
              <strong>{t('rows', { count: e.summary.count })}</strong>
              {[ruleText(e), selectionText(e), e.summary.fileName ? t('file', { name: e.summary.fileName }) : null].filter(Boolean).map((x) => (
                <span key={x} className={styles.sku}>
                  {x}
                </span>
              ))}
              {e.summary.undoOf ? <span className={styles.sku}>{t('undoOf', { id: e.summary.undoOf })}</span> : null}
              {e.undoneBy ? <span className={styles.sku}>{t('undoneBy', { id: e.undoneBy })}</span> : null}
              {e.summary.skipped.length ? (
                <span className={styles.problems}>
                  {t('skipped', { count: e.summary.skipped.length })}: {e.summary.skipped.slice(0, 10).map((s) => s.sku).join(', ')}
                </span>
              ) : null}
              <Link href={auditHref({ ...filters, entry: e.id })} className={base.rowLink} data-testid="audit-see">
                {t('see')}
              </Link>
            </td>
          </tr>
        ))}
      </ListTable>
      {entry ? (
        <Panel
          headingId="audit-entry-title"
          title={`${t('entry', { id: entry.id })} · ${t(`action.${actionKey(entry.action)}`)} · ${when(entry.createdAt)} · ${entry.actor.name}`}
          testId="audit-entry"
          className={styles.form}
          headClass={styles.actions}
          actions={
            <Link href={auditHref({ ...filters, entry: undefined })} className={base.linkButton}>
              {t('close')}
            </Link>
          }
        >
          <ListTable empty={t('empty')} rows={entry.rows.length} columns={[{ label: tc('colProduct') }, { label: t('before'), className: base.num }, { label: t('after'), className: base.num }]}>
            {entry.rows.slice(0, SHOWN_ROWS).map((r) => (
              <tr key={r.productId}>
                <td>
                  {r.name}
                  <span className={styles.sku}>{r.sku}</span>
                </td>
                <td className={base.num}>{priceLine(r.before)}</td>
                <td className={base.num}>{priceLine(r.after)}</td>
              </tr>
            ))}
          </ListTable>
          {entry.rows.length > SHOWN_ROWS ? <p className={base.muted}>{t('rowsMore', { count: entry.rows.length - SHOWN_ROWS })}</p> : null}
        </Panel>
      ) : null}

      <ListPager page={list.page} totalPages={list.totalPages} href={(page) => auditHref({ ...filters, entry: undefined, page })} t={t} arrows />
    </AdminPage>
  );
}

function priceLine(p: PriceSetWire) {
  return (
    <>
      <span className={base.nowrap}>{formatPesos(p.price)}</span>
      {p.discount !== null ? <span className={styles.sku}>({formatPesos(p.discount)})</span> : null}
      {p.tiers.map((tier) => (
        <span key={tier.id} className={styles.sku}>
          {tier.isVip ? 'VIP ' : ''}
          {tier.units}+ {formatPesos(tier.price)}
        </span>
      ))}
    </>
  );
}
