'use client';

/** The staff-only notes' writes (issue 32 item 4): add one (POST …/notes), delete one's own (DELETE …/notes/:id). */
import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { publicRequest } from '@/lib/api/public';
import { NOTE_MAX_LENGTH } from '@/lib/contracts/staff-team';
import base from '../admin.module.css';
import styles from './team.module.css';
import { staffApiPaths } from '@/lib/api/staff-paths';
import { useApiAction } from '@/components/ui/useApiAction';
import { FieldError, useFieldError } from '../ui/field-error';

export function NoteForm({ orderId }: { orderId: number }) {
  const t = useTranslations('admin.client.team');
  const { id, error, setError, errorId } = useFieldError();
  const [text, setText] = useState('');
  const { busy, run } = useApiAction();
  const length = text.trim().length;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (length === 0) return setError(t('required'));
    if (length > NOTE_MAX_LENGTH) return setError(t('tooLong', { max: NOTE_MAX_LENGTH }));
    setError(null);
    await run(() => publicRequest(staffApiPaths.orderNotes(orderId), { method: 'POST', body: { text: text.trim() } }), t('saved'), () => setText(''));
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className={styles.noteForm} data-testid="note-form">
      <label htmlFor={id} className={base.label}>
        {t('label')}
      </label>
      <textarea
        id={id}
        value={text}
        rows={3}
        maxLength={NOTE_MAX_LENGTH + 200}
        placeholder={t('placeholder')}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-c${error ? ` ${errorId}` : ''}`}
      />
      <div className={styles.formRow}>
        <span id={`${id}-c`} className={styles.counter} data-over={length > NOTE_MAX_LENGTH || undefined}>
          {t('counter', { count: length, max: NOTE_MAX_LENGTH })}
        </span>
        <button type="submit" className={base.secondaryButton} disabled={busy} aria-busy={busy}>
          {t('add')}
        </button>
      </div>
      <FieldError id={errorId} error={error} className={base.error} />
    </form>
  );
}

export function DeleteNoteButton({ orderId, noteId, label }: { orderId: number; noteId: number; label: string }) {
  const t = useTranslations('admin.client.team');
  const { busy, run } = useApiAction();

  const remove = async () => {
    if (!window.confirm(t('confirmDelete'))) return;
    await run(() => publicRequest(staffApiPaths.orderNote(orderId, noteId), { method: 'DELETE' }), t('deleted'));
  };

  return (
    <button type="button" className={styles.deleteNote} onClick={() => void remove()} disabled={busy} aria-label={label} data-testid="note-delete">
      {t('delete')}
    </button>
  );
}
