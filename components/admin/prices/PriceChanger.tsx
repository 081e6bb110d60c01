'use client';

/**
 * The bulk price change (issue 24 §2): a selection (category, search, state), a rule (+/- percent or amount,
 * on price, discount and/or tiers, with a rounding) → the API's preview (every product and variation old →
 * new, the count, the total change, the violations) → apply, confirmed. The same preview from an edited CSV
 * (every bad row listed). The last change can be undone (rows edited by hand since are skipped and listed).
 * The API recomputes everything; this island only collects the inputs and shows the answers.
 */
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { publicRequest, usePublicApi } from '@/lib/api/public';
import { useMessages } from '@/components/toast/MessagesProvider';
import type { AuditEntry, PriceChangeRow, PricePreview, PriceSetWire } from '@/lib/contracts/price-changes';
import { formatPesos } from '@/lib/money';
import { parseAmount } from '@/lib/money/parse';
import { parsePercent, PRICE_FIELDS, ROUNDINGS, type PriceField, type Rounding } from '@/lib/prices/rules';
import { SHOP_TIME_ZONE } from '@/lib/locales';
import base from '../admin.module.css';
import styles from './prices.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { CodeOptions, NamedOptions } from '../ui/Options';
import { ListTable } from '../ui/list';
import { Panel } from '../ui/Panel';

const STATES = ['active', 'limited', 'noStock', 'hidden'] as const;
/** Rows drawn in the table; the summary counts them all and the apply changes them all. */
const SHOWN_ROWS = 300;

const DIRECTIONS = ['up', 'down'] as const;
type Direction = (typeof DIRECTIONS)[number];
const KINDS = ['percent', 'amount'] as const;
type Kind = (typeof KINDS)[number];

type Category = { id: number; name: string };
type Source = { kind: 'rule'; body: unknown } | { kind: 'csv'; file: File };

export function PriceChanger({ categories, last: initialLast }: { categories: Category[]; last: AuditEntry | null }) {
  const t = useTranslations('adminPrices.client');
  const format = useFormatter();
  const router = useRouter();
  const { notify } = useMessages();
  const { handleError } = usePublicApi();
  const fileRef = useRef<HTMLInputElement>(null);

  const [category, setCategory] = useState('');
  const [q, setQ] = useState('');
  const [state, setState] = useState('');
  const [direction, setDirection] = useState<Direction>('up');
  const [kind, setKind] = useState<Kind>('percent');
  const [value, setValue] = useState('');
  const [fields, setFields] = useState<PriceField[]>(['price']);
  const [rounding, setRounding] = useState<Rounding>('none');
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const [preview, setPreview] = useState<PricePreview | null>(null);
  const [source, setSource] = useState<Source | null>(null);
  const [last, setLast] = useState<AuditEntry | null>(initialLast);

  const selection = { ...(category ? { category: Number(category) } : {}), ...(q.trim() ? { q: q.trim() } : {}), ...(state ? { state } : {}) };
  const magnitude = kind === 'percent' ? (() => {
    const bp = parsePercent(value);
    return bp !== null && bp > 0 ? bp / 100 : null;
  })() : (() => {
    const r = parseAmount(value);
    return r.ok && r.cents > 0 ? r.pesos : null;
  })();
  const valueError = touched && magnitude === null;
  const fieldsError = touched && fields.length === 0;
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'short', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });
  const exportHref = staffApiPaths.storefrontPricesExport(new URLSearchParams(Object.entries(selection).map(([k, v]) => [k, String(v)])));

  const run = async <T,>(work: () => Promise<T>): Promise<T | null> => {
    setBusy(true);
    try {
      return await work();
    } catch (err) {
      handleError(err);
      return null;
    } finally {
      setBusy(false);
    }
  };

  const onPreview = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (magnitude === null || fields.length === 0) return;
    const body = { selection, rule: { kind, value: direction === 'down' ? -magnitude : magnitude, fields, rounding } };
    const data = await run(() => publicRequest<PricePreview>(staffApiPaths.pricesPreview, { method: 'POST', body }));
    if (data) {
      setPreview(data);
      setSource({ kind: 'rule', body });
    }
  };

  const onCsvPreview = async () => {
    const file = fileRef.current?.files?.[0];
    if (!file) {
      notify('ERROR', t('chooseFile'));
      return;
    }
    const form = new FormData();
    form.append('file', file);
    const data = await run(() => publicRequest<PricePreview>(staffApiPaths.pricesImportPreview, { method: 'POST', body: form, timeoutMs: 60_000 }));
    if (data) {
      setPreview(data);
      setSource({ kind: 'csv', file });
    }
  };

  const onApply = async () => {
    if (!preview || !source || !window.confirm(t('confirm', { count: preview.count }))) return;
    const data = await run(() => {
      if (source.kind === 'rule') return publicRequest<{ entry: AuditEntry }>(staffApiPaths.pricesApply, { method: 'POST', body: source.body, timeoutMs: 60_000 });
      const form = new FormData();
      form.append('file', source.file);
      return publicRequest<{ entry: AuditEntry }>(staffApiPaths.pricesImportApply, { method: 'POST', body: form, timeoutMs: 60_000 });
    });
    if (data) {
      notify('SUCCESS', t('applied'));
      setLast(data.entry);
      setPreview(null);
      setSource(null);
      router.refresh();
    }
  };

  const onUndo = async () => {
    if (!last || !window.confirm(t('undoConfirm', { when: when(last.createdAt) }))) return;
    const data = await run(() => publicRequest<{ entry: AuditEntry }>(staffApiPaths.priceChangeUndo(last.id), { method: 'POST', body: {}, timeoutMs: 60_000 }));
    if (data) {
      notify('SUCCESS', t('undone'));
      setLast(data.entry);
      setPreview(null);
      router.refresh();
    }
  };

  const toggleField = (f: PriceField) => setFields((list) => (list.includes(f) ? list.filter((x) => x !== f) : PRICE_FIELDS.filter((x) => x === f || list.includes(x))));
  const blocked = !preview || preview.count === 0 || preview.violationCount > 0 || preview.bad.length > 0;

  return (
    <div className={styles.layout}>
      <div className={styles.form}>
        <form className={`${base.panel} ${styles.form}`} onSubmit={onPreview} noValidate data-testid="price-form">
          <fieldset className={styles.fieldset}>
            <legend>{t('selection')}</legend>
            <SelectField label={t('category')} value={category} onChange={setCategory} testId="price-category">
              <option value="">{t('allCategories')}</option>
              <NamedOptions items={categories} />
            </SelectField>
            <label className={`${styles.field} ${styles.grow}`}>
              <span>{t('search')}</span>
              <input type="search" value={q} onChange={(e) => setQ(e.target.value)} maxLength={100} placeholder={t('searchPlaceholder')} data-testid="price-search" />
            </label>
            <SelectField label={t('state')} value={state} onChange={setState} testId="price-state">
              <option value="">{t('allStates')}</option>
              <CodeOptions codes={STATES} label={(s) => t(`states.${s}`)} />
            </SelectField>
          </fieldset>

          <fieldset className={styles.fieldset}>
            <legend>{t('rule')}</legend>
            <SelectField label={t('direction')} value={direction} onChange={(v) => setDirection(v as Direction)} testId="price-direction">
              <CodeOptions codes={DIRECTIONS} label={(d) => t(d)} />
            </SelectField>
            <SelectField label={t('kind')} value={kind} onChange={(v) => setKind(v as Kind)} testId="price-kind">
              <CodeOptions codes={KINDS} label={(k) => t(k)} />
            </SelectField>
            <label className={styles.field}>
              <span>{t('value')}</span>
              <input
                inputMode="decimal"
                value={value}
                onChange={(e) => setValue(e.target.value)}
                aria-invalid={valueError || undefined}
                aria-describedby={valueError ? 'price-value-error' : undefined}
                maxLength={20}
                data-testid="price-value"
              />
            </label>
            <SelectField label={t('rounding')} value={rounding} onChange={(v) => setRounding(v as Rounding)} testId="price-rounding">
              <CodeOptions codes={ROUNDINGS} label={(r) => t(`round.${r}`)} />
            </SelectField>
            <fieldset className={styles.checks}>
              <legend>{t('fields')}</legend>
              {PRICE_FIELDS.map((f) => (
                <label key={f} className={styles.check}>
                  <input type="checkbox" checked={fields.includes(f)} onChange={() => toggleField(f)} data-testid={`price-field-${f}`} />
                  {t(`field.${f}`)}
                </label>
              ))}
            </fieldset>
            {valueError ? (
              <p id="price-value-error" className={styles.error} role="alert">
                {t('valueInvalid')}
              </p>
            ) : null}
            {fieldsError ? (
              <p className={styles.error} role="alert">
                {t('fieldsRequired')}
              </p>
            ) : null}
          </fieldset>
          <div className={styles.actions}>
            <button type="submit" className={base.secondaryButton} disabled={busy} data-testid="price-preview">
              {busy ? t('working') : t('preview')}
            </button>
          </div>
        </form>

        {preview ? (
          <Panel
            headingId="price-preview-title"
            title={source?.kind === 'csv' ? t('source.csv', { name: source.file.name }) : t('source.rule')}
            className={styles.form}
            testId="price-preview-panel"
            headClass={styles.summary}
            actions={
              <>
                <strong data-testid="price-preview-count" data-count={preview.count}>
                  {t('summary', { count: preview.count, selected: preview.selected })}
                </strong>
                <span className={base.muted}>
                  {t('totals', { price: signed(preview.totals.price), discount: signed(preview.totals.discount), tiers: signed(preview.totals.tiers) })}
                </span>
              </>
            }
          >
            {preview.violationCount > 0 ? (
              <p className={styles.alert} role="alert" data-testid="price-violations">
                {t('violations', { count: preview.violationCount })}
              </p>
            ) : null}
            {preview.bad.length > 0 ? (
              <div className={styles.alert} role="alert" data-testid="price-bad-rows">
                <p className={styles.error}>{t('badRows', { count: preview.bad.length })}</p>
                <ul className={styles.list}>
                  {preview.bad.slice(0, SHOWN_ROWS).map((b) => (
                    <li key={b.line}>
                      {t('line', { line: b.line })}
                      {b.sku ? ` (${b.sku})` : ''}: {b.problems.map((p) => t(`problem.${p}`)).join(', ')}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {preview.rows.length > 0 ? <PreviewTable rows={preview.rows} /> : null}
            <div className={styles.actions}>
              <button type="button" className={base.primaryButton} disabled={busy || blocked} onClick={onApply} data-testid="price-apply">
                {t('apply', { count: preview.count })}
              </button>
            </div>
          </Panel>
        ) : null}
      </div>

      <div className={styles.side}>
        <Panel headingId="price-last-title" title={t('last')} testId="price-last">
          {last ? (
            <div className={styles.form}>
              <p className={base.muted} data-testid="price-last-line" data-entry-id={last.id}>
                #{last.id} · {t('lastLine', { when: when(last.createdAt), who: last.actor.name, count: last.summary.count })}
              </p>
              {last.summary.skipped.length > 0 ? (
                <div data-testid="price-skipped">
                  <p className={styles.error}>{t('skipped', { count: last.summary.skipped.length })}</p>
                  <ul className={styles.list}>
                    {last.summary.skipped.slice(0, 50).map((s) => (
                      <li key={s.productId}>
                        {s.name} <span className={styles.sku}>{s.sku}</span>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              {last.canUndo ? (
                <>
                  <p className={base.muted}>{t('undoHelp')}</p>
                  <div className={styles.actions}>
                    <button type="button" className={base.dangerButton} disabled={busy} onClick={onUndo} data-testid="price-undo">
                      {t('undo')}
                    </button>
                  </div>
                </>
              ) : last.undoneBy ? (
                <p className={base.muted}>{t('undoneBy')}</p>
              ) : null}
            </div>
          ) : (
            <p className={base.muted}>{t('lastNone')}</p>
          )}
        </Panel>

        <Panel headingId="price-csv-title" title={t('csv')} className={styles.form} testId="price-csv">
          <p className={base.muted}>{t('csvIntro')}</p>
          <a href={exportHref} className={base.linkButton} download data-testid="price-export">
            {t('export')}
          </a>
          <label className={styles.field}>
            <span>{t('file')}</span>
            <input ref={fileRef} type="file" accept=".csv,text/csv,text/plain" data-testid="price-file" />
          </label>
          <div className={styles.actions}>
            <button type="button" className={base.secondaryButton} disabled={busy} onClick={onCsvPreview} data-testid="price-csv-preview">
              {t('importPreview')}
            </button>
          </div>
        </Panel>
      </div>
    </div>
  );
}

function signed(pesos: number): string {
  return `${pesos > 0 ? '+' : ''}${formatPesos(pesos)}`;
}

function Change({ before, after }: { before: number | null; after: number | null }) {
  if (before === after) return <span>{after === null ? '—' : formatPesos(after)}</span>;
  return (
    <span>
      <span className={styles.old}>{before === null ? '—' : formatPesos(before)}</span>
      <span className={styles.arrow} aria-hidden="true">
        →
      </span>
      <span className={styles.new}>{after === null ? '—' : formatPesos(after)}</span>
    </span>
  );
}

function Tiers({ before, after }: { before: PriceSetWire['tiers']; after: PriceSetWire['tiers'] }) {
  if (after.length === 0) return <span>—</span>;
  return (
    <ul className={styles.tierList}>
      {after.map((tier, i) => (
        <li key={tier.id}>
          {tier.isVip ? 'VIP ' : ''}
          {tier.units}+: <Change before={before[i]?.price ?? null} after={tier.price} />
        </li>
      ))}
    </ul>
  );
}

function PreviewTable({ rows }: { rows: PriceChangeRow[] }) {
  const t = useTranslations('adminPrices.client');
  return (
    <>
      <ListTable
        empty=""
        rows={rows.length}
        testId="price-preview-table"
        columns={[{ label: t('colProduct') }, { label: t('colPrice'), className: base.num }, { label: t('colDiscount'), className: `${base.num} ${styles.hideNarrow}` }, { label: t('colTiers'), className: styles.hideNarrow }]}
      >
        {rows.slice(0, SHOWN_ROWS).map((r) => (
          <tr key={r.productId} className={r.violations.length ? styles.bad : undefined} data-testid="price-preview-row" data-product-id={r.productId} data-new-price={r.after.price}>
            <td>
              {r.name}
              <span className={styles.sku}>
                {r.sku}
                {r.parentId ? ` · ${t('variation')}` : ''}
              </span>
              {r.violations.length ? <span className={styles.problems}>{r.violations.map((v) => t(`violation.${v}`)).join(', ')}</span> : null}
            </td>
            <td className={base.num}>
              <Change before={r.before.price} after={r.after.price} />
            </td>
            <td className={`${base.num} ${styles.hideNarrow}`}>
              <Change before={r.before.discount} after={r.after.discount} />
            </td>
            <td className={styles.hideNarrow}>
              <Tiers before={r.before.tiers} after={r.after.tiers} />
            </td>
          </tr>
        ))}
      </ListTable>
      {rows.length > SHOWN_ROWS ? <p className={base.muted}>{t('more', { count: rows.length - SHOWN_ROWS })}</p> : null}
    </>
  );
}

/** A labelled select of the change form (the form is an island: the value is state). */
function SelectField({ label, value, onChange, testId, children }: { label: string; value: string; onChange: (value: string) => void; testId: string; children: ReactNode }) {
  return (
    <label className={styles.field}>
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {children}
      </select>
    </label>
  );
}
