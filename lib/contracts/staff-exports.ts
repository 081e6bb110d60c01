/**
 * THE staff exports' contract (GET api/staff/orders/export, api/staff/customers/export): the file format and
 * the filters, the same as the screen each export comes from (the board's are server/routes/staff/board-query.ts,
 * the customers' those of lib/contracts/staff-customers.ts). The answer is a file, not JSON. Pure zod.
 */
import { z } from 'zod';
// the zod settings of every contract: no eval probe under our CSP (see the file)
import '../security/zod';
import { customerListQuery } from './staff-customers';

const SHEET_FORMATS = ['csv', 'xlsx'] as const;
export type SheetFormat = (typeof SHEET_FORMATS)[number];

export const exportFormat = z.enum(SHEET_FORMATS).default('csv').describe('csv (por defecto) o xlsx');

/** The customers list's search, VIP filter and order (customers only: staff accounts are never exported). */
export const customersExportQuery = customerListQuery.pick({ q: true, vip: true, sort: true }).extend({ format: exportFormat });
