import type { FormEvent, ReactNode } from 'react';
import { publicRequest } from '@/lib/api/public';
import { markHydrated } from '@/lib/hydration';
import { useApiAction } from '@/components/ui/useApiAction';
import admin from '../admin.module.css';
import settings from '../settings/settings.module.css';
import { FieldError } from './field-error';
import { ItemList } from './list';

/*
 * The pattern of the back-office's small managers (carousel, tags, transports, search synonyms): the items,
 * each a row saved on its own, or an empty note; the add form under them. Each write goes through
 * useApiAction (toast, then a refresh of the server-rendered page, which brings the new items). The reorder
 * pieces at the end serve every ordered list (carousel, product images, categories, a product's categories).
 */

/**
 * The writes of a manager whose items live at `collection` (POST) and `item(id)` (PATCH, DELETE), with their
 * toasts (`created` defaults to `saved`); `run` for any other write (a reorder).
 */
export function useCrudWrites<Body>({
  collection,
  item,
  saved,
  created = saved,
  deleted,
}: {
  collection: string;
  item: (id: number) => string;
  saved: string;
  created?: string;
  deleted: string;
}) {
  const { busy, run } = useApiAction();
  return {
    busy,
    run,
    create: (body: Body | FormData) => run(() => publicRequest(collection, { method: 'POST', body }), created),
    update: (id: number, body: Body) => run(() => publicRequest(item(id), { method: 'PATCH', body }), saved),
    /** after the browser's confirm dialog says yes to `question` */
    remove: (id: number, question: string) => confirmThen(question, () => run(() => publicRequest(item(id), { method: 'DELETE' }), deleted)),
  };
}

/** The manager: its list (`items` rendered by `children`) or its empty note, then the add form. */
export function CrudList<T>({
  items,
  empty,
  testId,
  sectionTestId,
  ordered = false,
  head,
  add,
  children,
}: {
  items: readonly T[];
  empty: string;
  testId: string;
  /** the test id of the whole manager (it also says when it is hydrated) */
  sectionTestId?: string;
  /** an <ol> where the order is the point (the carousel) */
  ordered?: boolean;
  /** a first, aria-hidden row naming the columns */
  head?: ReactNode;
  add: ReactNode;
  children: (item: T, index: number) => ReactNode;
}) {
  return (
    <div ref={markHydrated} className={settings.section} data-testid={sectionTestId}>
      <ItemList items={items} empty={empty} emptyClass={admin.empty} className={settings.list} ordered={ordered} testId={testId} head={head}>
        {children}
      </ItemList>
      {add}
    </div>
  );
}

/**
 * One row of a manager as a form: an item's fields (editing it) or the add row under the list (without an
 * item: dashed, "Agregar" and no delete), then the buttons and the row's error.
 */
export function RowForm({
  editing,
  className,
  testId,
  onSubmit,
  actions,
  error,
  children,
}: {
  editing: boolean;
  /** the row's grid (the module's own columns) */
  className: string;
  testId: string;
  onSubmit: (e: FormEvent) => Promise<void>;
  actions: Omit<Parameters<typeof RowActions>[0], 'editing'>;
  error: { id: string; text: string | null };
  children: ReactNode;
}) {
  return (
    <form className={editing ? className : `${className} ${settings.addRow}`} onSubmit={(e) => void onSubmit(e)} noValidate data-testid={testId}>
      {children}
      <RowActions editing={editing} {...actions} />
      <FieldError id={error.id} error={error.text} className={settings.error} />
    </form>
  );
}

/** Save (or add, on the empty row) and delete: the buttons at the end of a manager's row. */
function RowActions({
  editing,
  busy,
  unchanged,
  labels,
  onDelete,
}: {
  /** false on the add row: no delete, and the primary "Agregar" */
  editing: boolean;
  busy: boolean;
  unchanged: boolean;
  labels: { save: string; add: string; delete: string; deleteLabel: string };
  onDelete?: () => void;
}) {
  return (
    <div className={settings.tools}>
      <button type="submit" className={editing ? settings.toggle : admin.primaryButton} disabled={busy || unchanged}>
        {editing ? labels.save : labels.add}
      </button>
      {editing && onDelete ? (
        <button type="button" className={admin.dangerButton} onClick={onDelete} disabled={busy} aria-label={labels.deleteLabel}>
          {labels.delete}
        </button>
      ) : null}
    </div>
  );
}

/** Runs a delete once the browser's confirm dialog says yes. */
function confirmThen(question: string, action: () => Promise<unknown>): void {
  if (window.confirm(question)) void action();
}

/** `items` with the one at `from` moved to `to`: the new order a reorder sends (carousel, images, categories). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * The "earlier" and "later" buttons of the item at `index` in an ordered list (the first cannot go up, the
 * last cannot go down); `onMove` gets the index to move it to.
 */
export function MoveButtons({
  index,
  count,
  busy = false,
  labels,
  arrows = ['↑', '↓'],
  className,
  onMove,
}: {
  index: number;
  count: number;
  busy?: boolean;
  labels: { earlier: string; later: string };
  arrows?: readonly [string, string];
  className: string | undefined;
  onMove: (to: number) => void;
}) {
  return (
    <>
      <button type="button" className={className} disabled={busy || index === 0} onClick={() => onMove(index - 1)} aria-label={labels.earlier} title={labels.earlier}>
        {arrows[0]}
      </button>
      <button type="button" className={className} disabled={busy || index === count - 1} onClick={() => onMove(index + 1)} aria-label={labels.later} title={labels.later}>
        {arrows[1]}
      </button>
    </>
  );
}
