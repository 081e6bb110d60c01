/**
 * The staff orders board's filters (state, from, to, q, page) ↔ the URL query string ↔ the staff API
 * query (GET api/staff/orders). Pure: bad input is dropped, never sent on.
 */
import { isOrderState, type OrderState } from '@/lib/orders/states';
import { PAYMENT_STATUSES, type PaymentStatus } from '@/lib/orders/payments';
import { isBoardSort, type BoardSort } from './board-sort';
import { DEADLINE_FLAGS, type DeadlineFlag } from '@/lib/orders/deadlines';

const isDeadlineFlag = (v: string | undefined): v is DeadlineFlag => (DEADLINE_FLAGS as readonly string[]).includes(v ?? '');
import { staffApiPaths } from '@/lib/api/staff-paths';

export { BOARD_SORTS,  } from './board-sort';

export interface BoardFilters {
  state?: OrderState;
  /** AAAA-MM-DD */
  from?: string;
  /** AAAA-MM-DD (includes that day) */
  to?: string;
  q?: string;
  /** absent = newest first */
  sort?: BoardSort;
  /** 'me' (the signed-in staff member), 'none' (nobody) or a staff member's id */
  assignee?: string;
  /** payment status (issue 32, item 2) */
  payment?: PaymentStatus;
  /** a deadline flag (issue 24 §1): "vence hoy", "presupuesto vencido", "pago vencido" */
  deadline?: DeadlineFlag;
  page: number;
}

/** 'me', 'none' or an id of at most 9 digits (within the API's int range) */
const ASSIGNEE = /^(me|none|[1-9]\d{0,8})$/;

const isPaymentStatus = (v: string | undefined): v is PaymentStatus => (PAYMENT_STATUSES as readonly string[]).includes(v ?? '');

const BOARD_ROWS = 20;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

type Query = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

function validDate(raw: string | undefined): string | undefined {
  if (!raw || !DATE.test(raw)) return undefined;
  const d = new Date(`${raw}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === raw ? raw : undefined;
}

/** Filters from the page's searchParams; anything invalid is ignored. */
export function parseBoardFilters(query: Query): BoardFilters {
  const state = first(query.state);
  const q = first(query.q)?.replace(/\u0000/g, '').trim().slice(0, 100);
  const assignee = first(query.assignee);
  const pageRaw = first(query.page);
  const page = pageRaw && /^\d{1,6}$/.test(pageRaw) ? Math.max(1, Math.min(100_000, Number(pageRaw))) : 1;
  return {
    state: isOrderState(state) ? state : undefined,
    from: validDate(first(query.from)),
    to: validDate(first(query.to)),
    q: q ? q : undefined,
    ...(isBoardSort(first(query.sort)) && first(query.sort) !== 'newest' ? { sort: first(query.sort) as BoardSort } : {}),
    ...(assignee && ASSIGNEE.test(assignee) ? { assignee } : {}),
    ...(isPaymentStatus(first(query.payment)) ? { payment: first(query.payment) as PaymentStatus } : {}),
    ...(isDeadlineFlag(first(query.deadline)) ? { deadline: first(query.deadline) as DeadlineFlag } : {}),
    page,
  };
}

function toParams(f: Partial<BoardFilters>): URLSearchParams {
  const p = new URLSearchParams();
  if (f.state) p.set('state', f.state);
  if (f.from) p.set('from', f.from);
  if (f.to) p.set('to', f.to);
  if (f.q) p.set('q', f.q);
  if (f.sort && f.sort !== 'newest') p.set('sort', f.sort);
  if (f.assignee) p.set('assignee', f.assignee);
  if (f.payment) p.set('payment', f.payment);
  if (f.deadline) p.set('deadline', f.deadline);
  if (f.page && f.page > 1) p.set('page', String(f.page));
  return p;
}

/** The board URL for these filters (`/admin?state=…`); page 1 and empty values are left out. */
export function boardHref(f: Partial<BoardFilters>): string {
  const s = toParams(f).toString();
  return s ? `/admin?${s}` : '/admin';
}

/** The staff API path for these filters (always with page and rows). */
export function boardApiPath(f: BoardFilters): string {
  const p = toParams(f);
  p.set('page', String(f.page));
  p.set('rows', String(BOARD_ROWS));
  return staffApiPaths.orders(p);
}

type ExportFormat = 'csv' | 'xlsx';

function exportParams(f: Omit<BoardFilters, 'page'>, format: ExportFormat): URLSearchParams {
  const p = toParams({ ...f, page: 1 });
  if (format !== 'csv') p.set('format', format);
  return p;
}

/** The staff API path of the CSV / XLSX export for these filters (every page, in the board's order). */
export function boardExportPath(f: Omit<BoardFilters, 'page'>, format: ExportFormat = 'csv'): string {
  return staffApiPaths.ordersExport(exportParams(f, format));
}

/** The board's "Exportar CSV/XLSX" links: the storefront's handler that forwards the session (app/api/staff-export/orders). */
export function boardExportHref(f: Omit<BoardFilters, 'page'>, format: ExportFormat = 'csv'): string {
  return staffApiPaths.storefrontOrdersExport(exportParams(f, format));
}
