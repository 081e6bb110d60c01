/**
 * THE shapes of the bulk price change and the audit log (issue 24 §2): what the back-office sends
 * (selection, rule) and what the API answers (preview, applied change, audit entries). The routes declare
 * them (validation + OpenAPI) and the page's types are inferred from them.
 * Pure zod: no server-only or browser-only import. Money on the wire is pesos (≤ 2 decimals).
 */
import { z } from 'zod';
import '../security/zod';
import { PRICE_FIELDS, ROUNDINGS, VIOLATIONS } from '../prices/rules';
import { CSV_ROW_PROBLEMS } from '../prices/csv';
import { PRICE_MESSAGES as M } from '../prices/messages';

const PRODUCT_STATES = ['active', 'limited', 'noStock', 'hidden'] as const;

/** Which products: top-level products matching every given filter, with their variations. */
export const priceSelectionSchema = z
  .object({
    category: z.number({ error: M.selection }).int({ error: M.selection }).min(1, { error: M.selection }).max(2_147_483_647).optional(),
    q: z
      .string({ error: M.selection })
      .trim()
      .max(100, { error: M.selection })
      .refine((s) => !s.includes('\u0000'), { error: M.selection })
      .optional(),
    state: z.enum(PRODUCT_STATES, { error: M.selection }).optional(),
  })
  .strict();
export type PriceSelection = z.infer<typeof priceSelectionSchema>;

/** Two decimals at most, as an integer of hundredths (float noise tolerated). */
const hundredths = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

const priceRuleSchema = z
  .object({
    kind: z.enum(['percent', 'amount'], { error: M.rule }),
    /** percent (−99.99 … 1000) or pesos (−20.000.000 … 20.000.000), ≤ 2 decimals; negative lowers prices */
    value: z.number({ error: M.ruleValue }).refine((v) => Number.isFinite(v) && v !== 0 && hundredths(v), { error: M.ruleValue }),
    fields: z.array(z.enum(PRICE_FIELDS, { error: M.ruleFields }), { error: M.ruleFields }).min(1, { error: M.ruleFields }).max(3),
    rounding: z.enum(ROUNDINGS, { error: M.rule }).default('none'),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.kind === 'percent' && (r.value <= -100 || r.value > 1000)) ctx.addIssue({ code: 'custom', message: M.ruleValue, path: ['value'] });
    if (r.kind === 'amount' && Math.abs(r.value) > 20_000_000) ctx.addIssue({ code: 'custom', message: M.ruleValue, path: ['value'] });
  });
export type PriceRuleInput = z.infer<typeof priceRuleSchema>;

export const bulkPriceBodySchema = z.object({ selection: priceSelectionSchema.default({}), rule: priceRuleSchema }).strict();

const tierWire = z.object({ id: z.number().int(), units: z.number().int(), price: z.number(), isVip: z.boolean() });
const priceSetWireSchema = z.object({ price: z.number(), discount: z.number().nullable(), tiers: z.array(tierWire) });
export type PriceSetWire = z.infer<typeof priceSetWireSchema>;

const priceChangeRowSchema = z.object({
  productId: z.number().int(),
  parentId: z.number().int().nullable(),
  sku: z.string(),
  name: z.string(),
  slug: z.string(),
  before: priceSetWireSchema,
  after: priceSetWireSchema,
  violations: z.array(z.enum(VIOLATIONS)).describe('Vacío cuando la fila se puede guardar'),
});
export type PriceChangeRow = z.infer<typeof priceChangeRowSchema>;

const csvBadRowSchema = z.object({ line: z.number().int(), sku: z.string(), problems: z.array(z.enum(CSV_ROW_PROBLEMS)) });

export const pricePreviewSchema = z.object({
  /** products and variations whose prices change */
  count: z.number().int(),
  /** products and variations selected (changed or not) */
  selected: z.number().int(),
  /** sums of (after − before), in pesos, per field */
  totals: z.object({ price: z.number(), discount: z.number(), tiers: z.number() }),
  violationCount: z.number().int(),
  rows: z.array(priceChangeRowSchema),
  /** CSV import only: the rows that could not be read or matched (nothing is applied while there are any) */
  bad: z.array(csvBadRowSchema),
});
export type PricePreview = z.infer<typeof pricePreviewSchema>;

export const AUDIT_ACTIONS = ['prices.bulk', 'prices.csv', 'prices.undo'] as const;
const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

const auditSummarySchema = z.object({
  selection: priceSelectionSchema.partial().nullable(),
  rule: z.object({ kind: z.enum(['percent', 'amount']), value: z.number(), fields: z.array(z.enum(PRICE_FIELDS)), rounding: z.enum(ROUNDINGS) }).nullable(),
  fileName: z.string().nullable(),
  count: z.number().int(),
  totals: z.object({ price: z.number(), discount: z.number(), tiers: z.number() }),
  /** undo only: the change it reverted and the rows it left alone (edited by hand after that change) */
  undoOf: z.number().int().nullable(),
  skipped: z.array(z.object({ productId: z.number().int(), sku: z.string(), name: z.string() })),
});
export type AuditSummary = z.infer<typeof auditSummarySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  actor: z.object({ id: z.number().int().nullable(), name: z.string(), email: z.string() }),
  action: auditActionSchema,
  summary: auditSummarySchema,
  undoneBy: z.number().int().nullable(),
  /** the newest change not undone yet: the one the undo button reverts */
  canUndo: z.boolean(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditEntryDetailSchema = auditEntrySchema.extend({
  rows: z.array(priceChangeRowSchema.omit({ violations: true, slug: true })),
});

export const priceApplySchema = z.object({ entry: auditEntrySchema });

export const auditQuerySchema = z.object({
  actor: z.coerce.number().int().min(1).max(2_147_483_647).optional().describe('Id de quien hizo el cambio'),
  action: auditActionSchema.optional(),
  from: z.iso.date().optional().describe('Desde (día, hora de la tienda)'),
  to: z.iso.date().optional().describe('Hasta (día incluido)'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const auditListSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
  /** everyone who has an entry, for the "who" filter */
  actors: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
});
export type AuditList = z.infer<typeof auditListSchema>;
