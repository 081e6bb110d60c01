/** zod schemas of the checkout forms (address, billing data); messages are passed in (translated). */
import { z } from 'zod';
import '@/lib/security/zod';
import { DOCUMENT_TYPES, TAX_CONDITIONS, isValidDocument, normalizeDocumentNumber } from '@/lib/validation/cuit';

export interface AddressMessages {
  required: string;
  postalCode: string;
}

export function addressSchema(m: AddressMessages) {
  const req = z.string().trim().min(1, m.required).max(120, m.required);
  return z.object({
    province: req,
    city: req,
    street: req,
    number: z.string().trim().min(1, m.required).max(20, m.required),
    postalCode: z
      .string()
      .trim()
      .min(1, m.required)
      .regex(/^[A-Za-z]?\d{4}[A-Za-z]{0,3}$/, m.postalCode),
    floor: z.string().trim().max(40).optional(),
    extraData: z.string().trim().max(200).optional(),
  });
}
export type AddressForm = z.infer<ReturnType<typeof addressSchema>>;
export type AddressFormInput = z.input<ReturnType<typeof addressSchema>>;

export interface BillingMessages {
  taxCondition: string;
  required: string;
  CUIT: string;
  CUIL: string;
  DNI: string;
}

/**
 * Every rule runs on submit (spec §5): the checks live in one superRefine over plain strings, so a
 * missing tax condition does not hide an invalid number.
 */
export function billingSchema(m: BillingMessages) {
  return z
    .object({
      taxCondition: z.string(),
      documentType: z.enum(DOCUMENT_TYPES),
      number: z.string().trim(),
    })
    .superRefine((v, ctx) => {
      if (!(TAX_CONDITIONS as readonly string[]).includes(v.taxCondition)) {
        ctx.addIssue({ code: 'custom', path: ['taxCondition'], message: m.taxCondition });
      }
      if (!v.number) ctx.addIssue({ code: 'custom', path: ['number'], message: m.required });
      else if (!isValidDocument(v.documentType, v.number)) {
        ctx.addIssue({ code: 'custom', path: ['number'], message: m[v.documentType] });
      }
    })
    .transform((v) => ({ ...v, number: normalizeDocumentNumber(v.number) }));
}
export type BillingForm = z.output<ReturnType<typeof billingSchema>>;
