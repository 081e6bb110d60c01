'use client';

/**
 * The quick order pad (issue 23 §2): a textarea for `SKU quantity` lines (a paste from Excel or Google
 * Sheets works as it is) or a CSV/XLSX file, checked by POST api/quick-order (prices at the session's tier,
 * guests at the guest's), a results table whose quantities can be fixed in place (each change is checked
 * again), and one action that adds every valid line to the cart. Keyboard: Ctrl/⌘ + Enter in the textarea
 * checks; Enter in a quantity re-checks; the suggested quantities are buttons.
 */
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslations } from 'next-intl';
import { wholesaleApi } from '@/lib/api/wholesale';
import { PublicApiError } from '@/lib/api/public';
import type { QuickOrderLine, QuickOrderRequest, QuickOrderResult } from '@/lib/contracts/wholesale';
import { formatPesos } from '@/lib/money';
import { parseQuickOrderText, QUICK_ORDER_MAX_LINES, type RejectedRow } from '@/lib/wholesale/lines';
import { Button } from '@/components/ui/Button';
import { TableHead } from '@/components/ui/TableHead';
import { useAddLines } from './useAddLines';
import styles from './wholesale.module.css';

type Lines = QuickOrderRequest['lines'];

export interface QuickOrderProps {
  /** Injected in tests; defaults to the API. */
  api?: Pick<typeof wholesaleApi, 'quickOrder' | 'quickOrderFile'>;
}

export function QuickOrder({ api = wholesaleApi }: QuickOrderProps) {
  const t = useTranslations('wholesale.quick');
  const addLines = useAddLines();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [result, setResult] = useState<QuickOrderResult | null>(null);
  const [rejected, setRejected] = useState<RejectedRow[]>([]);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { text: useId(), hint: useId(), file: useId(), fileHint: useId(), results: useId() };

  const failed = (error: unknown) => {
    // the API's 400s carry a Spanish message meant for the customer
    const message = error instanceof PublicApiError && error.failure.status === 400 && error.failure.message ? error.failure.message : t('error');
    setAlert(message);
  };

  const run = async (call: () => Promise<QuickOrderResult>, clientRejected: RejectedRow[]) => {
    setBusy(true);
    setAlert(null);
    try {
      const answer = await call();
      setResult(answer);
      setRejected([...clientRejected, ...answer.rejected]);
      setDrafts({});
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const check = (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = parseQuickOrderText(text);
    if (parsed.rowCount > QUICK_ORDER_MAX_LINES) return setAlert(t('tooMany', { max: QUICK_ORDER_MAX_LINES }));
    if (parsed.lines.length === 0) {
      setResult(null);
      setRejected(parsed.rejected);
      return setAlert(t('empty'));
    }
    void run(() => api.quickOrder(parsed.lines), parsed.rejected);
  };

  const upload = (file: File | undefined) => {
    if (!file) return;
    void run(() => api.quickOrderFile(file), []);
    if (fileInput.current) fileInput.current.value = '';
  };

  /** The current lines (with any quantity edited), sent again. */
  const recheck = (changes: Record<string, number>) => {
    if (!result) return;
    const lines: Lines = result.lines.map((l) => ({ sku: l.sku, quantity: changes[l.sku] ?? l.quantity, row: l.rows[0] }));
    void run(() => api.quickOrder(lines), rejected.filter((r) => !result.rejected.includes(r)));
  };

  const commitDraft = (line: QuickOrderLine) => {
    const draft = drafts[line.sku];
    if (draft === undefined) return;
    const value = /^\d{1,7}$/.test(draft.trim()) ? Number(draft.trim()) : NaN;
    if (Number.isNaN(value) || value === line.quantity) {
      setDrafts((d) => Object.fromEntries(Object.entries(d).filter(([sku]) => sku !== line.sku)));
      return;
    }
    recheck({ [line.sku]: value });
  };

  const onTextKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) check(event);
  };

  const addAll = () => {
    if (!result) return;
    const lines = result.lines.flatMap((l) => (l.problem === null && l.product ? [{ product: l.product, quantity: l.quantity }] : []));
    addLines(lines, (added) => t('done', { added, skipped: result.errorCount + rejected.length }));
  };

  const problemText = (l: QuickOrderLine) => (l.problem ? t(`problem.${l.problem}`, { lowest: l.rule?.lowest ?? 0, highest: l.rule?.highest ?? 0, step: l.rule?.step ?? 1 }) : t('ok'));

  return (
    <div className={styles.pad} data-testid="quick-order">
      <form className={styles.pad} onSubmit={check} aria-busy={busy}>
        <div className={styles.field}>
          <label htmlFor={ids.text} className={styles.label}>
            {t('linesLabel')}
          </label>
          <p id={ids.hint} className={styles.muted}>
            {t('linesHint')}
          </p>
          <textarea
            id={ids.text}
            className={styles.textarea}
            aria-describedby={ids.hint}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onTextKey}
            placeholder={t('placeholder')}
            spellCheck={false}
            autoComplete="off"
            rows={8}
            data-testid="quick-order-text"
          />
        </div>
        <div className={styles.formRow}>
          <Button type="submit" variant="primary" disabled={busy} data-testid="quick-order-check">
            {busy ? t('checking') : t('check')}
          </Button>
          <div className={styles.field}>
            <label htmlFor={ids.file} className={styles.label}>
              {t('fileLabel')}
            </label>
            <input
              ref={fileInput}
              id={ids.file}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-describedby={ids.fileHint}
              onChange={(e) => upload(e.target.files?.[0])}
              disabled={busy}
              data-testid="quick-order-file"
            />
            <span id={ids.fileHint} className={styles.muted}>
              {t('fileHint')}
            </span>
          </div>
        </div>
      </form>

      {alert ? (
        <p className={styles.alert} role="alert" data-testid="quick-order-alert">
          {alert}
        </p>
      ) : null}

      {result ? (
        <section className={styles.results} aria-labelledby={ids.results} data-testid="quick-order-results">
          <div className={styles.resultsHead}>
            <h2 id={ids.results} className={styles.resultsTitle}>
              {t('resultsHeading')}
            </h2>
            <p className={styles.muted} role="status">
              {t('summary', { valid: result.validCount, errors: result.errorCount })}
            </p>
          </div>
          <div className={styles.tableWrap}>
            <table className={`${styles.table} ${styles.cards}`}>
              <TableHead
                columns={[
                  { label: t('sku') },
                  { label: t('product') },
                  { label: t('quantity'), num: true },
                  { label: t('unitPrice'), num: true },
                  { label: t('lineTotal'), num: true },
                  { label: t('status') },
                ]}
              />
              <tbody>
                {result.lines.map((l) => (
                  <tr key={l.sku} className={l.problem ? styles.rowError : undefined} data-testid="quick-order-line" data-problem={l.problem ?? ''}>
                    <td data-label={t('sku')}>
                      <span className={styles.cellStack}>
                        <span className={styles.sku}>{l.sku}</span>
                        <span className={styles.rowsNote}>{t('rows', { count: l.rows.length, rows: l.rows.join(', ') })}</span>
                      </span>
                    </td>
                    <td data-label={t('product')}>{l.name ?? '—'}</td>
                    <td data-label={t('quantity')} className={styles.num}>
                      <input
                        className={styles.qty}
                        inputMode="numeric"
                        aria-label={t('quantityOf', { sku: l.sku })}
                        aria-invalid={l.problem !== null && l.rule !== null}
                        value={drafts[l.sku] ?? String(l.quantity)}
                        onChange={(e) => setDrafts((d) => ({ ...d, [l.sku]: e.target.value }))}
                        onBlur={() => commitDraft(l)}
                        onKeyDown={(e) => {
                          if (e.key === 'Enter') {
                            e.preventDefault();
                            commitDraft(l);
                          }
                        }}
                        disabled={busy || l.rule === null}
                        data-testid="quick-order-qty"
                      />
                    </td>
                    <td data-label={t('unitPrice')} className={styles.num}>
                      {l.unitPrice === null ? '—' : formatPesos(l.unitPrice)}
                    </td>
                    <td data-label={t('lineTotal')} className={styles.num}>
                      {l.lineTotal === null ? '—' : formatPesos(l.lineTotal)}
                    </td>
                    <td data-label={t('status')} className={styles.cellStack}>
                      <span className={`${styles.status} ${l.problem ? styles.reason : styles.statusOk}`}>{problemText(l)}</span>
                      {l.nearest.length > 0 ? (
                        <span className={styles.suggest}>
                          {l.nearest.map((q) => (
                            <button key={q} type="button" className={styles.suggestButton} onClick={() => recheck({ [l.sku]: q })} disabled={busy}>
                              {t('use', { quantity: q })}
                            </button>
                          ))}
                        </span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className={styles.footer}>
            <p className={styles.total}>
              {t('total')}: {formatPesos(result.total)}
            </p>
            <div className={styles.actions}>
              <Button
                variant="ghost"
                onClick={() => {
                  setResult(null);
                  setRejected([]);
                  setText('');
                }}
              >
                {t('clear')}
              </Button>
              <Button variant="primary" onClick={addAll} disabled={busy || result.validCount === 0} data-testid="quick-order-add">
                {t('addAll', { count: result.validCount })}
              </Button>
            </div>
          </div>
        </section>
      ) : null}

      {rejected.length > 0 ? (
        <section aria-label={t('rejectedHeading')} data-testid="quick-order-rejected">
          <h2 className={styles.label}>{t('rejectedHeading')}</h2>
          <ul className={styles.skipped}>
            {rejected.map((r) => (
              <li key={r.row}>{t(`rejected.${r.problem}`, { row: r.row, text: r.text })}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
