import { useFormatter, useTranslations } from 'next-intl';
import type { OrderAssignee, OrderNote, StaffMember } from '@/lib/contracts/staff-team';
import { SHOP_TIME_ZONE } from '@/lib/locales';
import base from '../admin.module.css';
import { AssigneePicker } from './AssigneePicker';
import { DeleteNoteButton, NoteForm } from './NoteForm';
import styles from './team.module.css';

export interface OrderTeamPanelProps {
  orderId: number;
  assignee: OrderAssignee | null;
  /** who the order can be assigned to (GET api/staff/team) */
  members: StaffMember[];
  /** the staff-only notes, oldest first (GET api/staff/orders/:id/notes) */
  notes: OrderNote[];
  /** the signed-in staff member (the "Asignarme" button) */
  viewerId: number | null;
}

/**
 * Staff working together on one order (issue 32 item 4), server-rendered beside the chat: who the order is
 * assigned to (a small picker island) and the staff-only notes — author, time in the shop's zone, the
 * newest last, a form to add one and a delete button on one's own. The customer never gets this page nor
 * the API answers behind it; LiveRefresh re-renders it when another staff member writes or assigns.
 */
export function OrderTeamPanel({ orderId, assignee, members, notes, viewerId }: OrderTeamPanelProps) {
  const t = useTranslations('admin.order.team');
  const format = useFormatter();
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'short', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });

  return (
    <>
      <section className={base.panel} aria-labelledby="adm-assignee" data-testid="order-assignee">
        <h2 id="adm-assignee" className={base.h2}>
          {t('assigneeTitle')}
        </h2>
        <p className={styles.assignee} data-testid="assignee-name">
          {assignee ? assignee.name : <span className={base.muted}>{t('nobody')}</span>}
        </p>
        <AssigneePicker orderId={orderId} current={assignee?.id ?? null} members={members} viewerId={viewerId} />
      </section>
      <section className={`${base.panel} ${styles.notes}`} aria-labelledby="adm-notes" data-testid="order-notes">
        <h2 id="adm-notes" className={base.h2}>
          {t('notesTitle')}
        </h2>
        <p className={`${base.muted} ${styles.hint}`}>{t('notesHint')}</p>
        {notes.length === 0 ? (
          <p className={base.muted}>{t('noNotes')}</p>
        ) : (
          <ol className={styles.noteList}>
            {notes.map((n) => (
              <li key={n.id} className={styles.note} data-testid="note" data-mine={n.mine || undefined}>
                <p className={styles.noteText}>{n.text}</p>
                <p className={styles.noteMeta}>
                  <span data-testid="note-author">{n.authorName ?? t('unknownAuthor')}</span> ·{' '}
                  <time dateTime={n.createdAt}>{when(n.createdAt)}</time>
                  {n.mine ? <DeleteNoteButton orderId={orderId} noteId={n.id} label={t('deleteLabel', { date: when(n.createdAt) })} /> : null}
                </p>
              </li>
            ))}
          </ol>
        )}
        <NoteForm orderId={orderId} />
      </section>
    </>
  );
}
