/**
 * Request bodies of the staff categories (server/routes/staff/categories.ts); the answers and the order body are
 * the contract's (lib/contracts/staff-categories.ts). The Spanish messages are server/errors.ts's: a rule of
 * ours that fails answers its own message.
 */
import { z } from 'zod';
import { MESSAGES } from '../errors';

/** A category's storefront address: lowercase letters without accents, digits and single dashes. */
export const CATEGORY_SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const noNul = (s: string) => !s.includes('\u0000');
const nameInput = z
  .string({ error: MESSAGES.categoryNameRequired })
  .trim()
  .min(1, { error: MESSAGES.categoryNameRequired })
  .max(100, { error: MESSAGES.categoryNameRequired })
  .refine(noNul, { error: MESSAGES.categoryNameRequired });
const slugInput = z
  .string({ error: MESSAGES.categorySlugInvalid })
  .trim()
  .max(80, { error: MESSAGES.categorySlugInvalid })
  .regex(CATEGORY_SLUG_RE, { error: MESSAGES.categorySlugInvalid });
const descriptionInput = z.string({ error: MESSAGES.badParams }).trim().max(2000).refine(noNul).nullable();

export const categoryCreateBody = z.object({ name: nameInput, slug: slugInput.optional(), description: descriptionInput.optional() }).strict();
export const categoryPatchBody = categoryCreateBody.partial();
