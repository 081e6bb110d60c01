'use client';

/**
 * "Volver a pedir" (issue 23 §1): asks the API for the order at today's prices and rules (POST
 * api/order/{id}/reorder, saves nothing), shows that preview in a dialog — today's price beside the price
 * paid (up/down), quantities snapped to today's rules with a note, the lines that cannot be added and why —
 * and on confirmation adds the addable lines to the cart (merged by the cart's rules), opens the cart and
 * says how many were added and skipped.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { wholesaleApi } from '@/lib/api/wholesale';
import { usePublicApi, PublicApiError } from '@/lib/api/public';
import type { ReorderPreview } from '@/lib/contracts/wholesale';
import { formatPesos } from '@/lib/money';
import { Button } from '@/components/ui/Button';
import { TableHead } from '@/components/ui/TableHead';
import { useAddLines } from './useAddLines';
import styles from './wholesale.module.css';

type Load = { status: 'idle' } | { status: 'loading' } | { status: 'error' } | { status: 'ready'; preview: ReorderPreview };

export function ReorderButton({ orderId, number, size = 'small' }: { orderId: number; number: number; size?: 'small' | 'medium' }) {
  const t = useTranslations('wholesale.reorder');
  const { handleError } = usePublicApi();
  const addLines = useAddLines();
  const [load, setLoad] = useState<Load>({ status: 'idle' });
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  const open = load.status === 'ready' || load.status === 'error';
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  const start = async () => {
    setLoad({ status: 'loading' });
    try {
      setLoad({ status: 'ready', preview: await wholesaleApi.reorder(orderId) });
    } catch (error) {
      if (error instanceof PublicApiError && error.failure.kind === 'unauthorized') handleError(error);
      else console.error('reorder preview', error);
      setLoad({ status: 'error' });
    }
  };

  const close = () => setLoad({ status: 'idle' });

  const confirm = (preview: ReorderPreview) => {
    const lines = preview.lines.flatMap((l) => (l.addable && l.product ? [{ product: l.product, quantity: l.quantity }] : []));
    addLines(lines, (added) => t('done', { added, skipped: preview.skippedCount }));
    close();
  };

  const preview = load.status === 'ready' ? load.preview : null;
  const addable = preview?.lines.filter((l) => l.addable) ?? [];
  const skipped = preview?.lines.filter((l) => !l.addable) ?? [];
  const label = (l: { name: string; variationName: string | null }) => (l.variationName ? `${l.name} – ${l.variationName}` : l.name);

  return (
    <>
      <Button
        variant="secondary"
        size={size}
        className={styles.reorderButton}
        onClick={() => void start()}
        disabled={load.status === 'loading'}
        aria-label={t('buttonLabel', { number })}
        data-testid="reorder-button"
      >
        {load.status === 'loading' ? t('loading') : t('button')}
      </Button>
      <dialog ref={dialog} className={styles.dialog} aria-labelledby={titleId} onClose={close} data-testid="reorder-dialog">
        {open ? (
          <div className={styles.dialogBody}>
            <h2 id={titleId} className={styles.dialogTitle}>
              {t('title', { number })}
            </h2>
            {preview === null ? (
              <p className={styles.alert} role="alert">
                {t('error')}
              </p>
            ) : (
              <>
                <p className={styles.muted}>{t('intro')}</p>
                {addable.length > 0 ? (
                  <div className={styles.tableWrap}>
                    <table className={`${styles.table} ${styles.cards}`}>
                      <TableHead
                        columns={[
                          { label: t('product') },
                          { label: t('quantity'), num: true },
                          { label: t('paid'), num: true },
                          { label: t('today'), num: true },
                        ]}
                      />
                      <tbody>
                        {addable.map((l) => (
                          <tr key={l.itemId} data-testid="reorder-line" data-change={l.change ?? ''}>
                            <td data-label={t('product')}>{label(l)}</td>
                            <td data-label={t('quantity')} className={`${styles.num} ${styles.cellStack}`}>
                              <span>{l.quantity}</span>
                              {l.snapped ? (
                                <span className={styles.note} data-testid="reorder-snapped">
                                  {t(`snapped.${l.snapped.reason}`, { ...l.snapped.rule, ordered: l.orderedQuantity })}
                                </span>
                              ) : null}
                            </td>
                            <td data-label={t('paid')} className={styles.num}>
                              {formatPesos(l.paidUnitPrice)}
                            </td>
                            <td data-label={t('today')} className={styles.num}>
                              {/* one flex item: on phones the cell is a label/value row */}
                              <span>
                                {l.unitPrice === null ? '—' : formatPesos(l.unitPrice)}{' '}
                                {l.change ? (
                                  <span className={styles[l.change]}>
                                    {l.change === 'up' ? '▲ ' : l.change === 'down' ? '▼ ' : ''}
                                    {t(l.change)}
                                  </span>
                                ) : null}
                              </span>
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                ) : (
                  <p className={styles.alert}>{t('nothing')}</p>
                )}
                {skipped.length > 0 ? (
                  <section aria-label={t('skippedHeading')}>
                    <h3 className={styles.label}>{t('skippedHeading')}</h3>
                    <ul className={styles.skipped}>
                      {skipped.map((l) => (
                        <li key={l.itemId} data-testid="reorder-skipped" data-reason={l.skipReason ?? ''}>
                          {label(l)}: <span className={styles.reason}>{l.skipReason ? t(`skip.${l.skipReason}`) : ''}</span>
                        </li>
                      ))}
                    </ul>
                  </section>
                ) : null}
                <div className={styles.footer}>
                  {addable.length > 0 ? (
                    <div>
                      <p className={styles.total}>
                        {t('total')}: {formatPesos(preview.total)}
                      </p>
                      <p className={styles.muted}>{t('totalHint')}</p>
                    </div>
                  ) : (
                    <span />
                  )}
                  <div className={styles.actions}>
                    <Button variant="ghost" onClick={close}>
                      {t('close')}
                    </Button>
                    {addable.length > 0 ? (
                      <Button variant="primary" onClick={() => confirm(preview)} data-testid="reorder-confirm" autoFocus>
                        {t('add', { count: addable.length })}
                      </Button>
                    ) : null}
                  </div>
                </div>
              </>
            )}
            {preview === null ? (
              <div className={styles.actions}>
                <Button variant="ghost" onClick={close}>
                  {t('close')}
                </Button>
              </div>
            ) : null}
          </div>
        ) : null}
      </dialog>
    </>
  );
}
