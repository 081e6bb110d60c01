/**
 * Who may render the status-page templates (app/[locale]/status-template/[kind]): only this server
 * process itself (lib/status-pages/templates.ts fetches them over loopback with this header). A random
 * token per process, shared through globalThis by the instrumentation bundle and the page bundle.
 * Any other request for that route gets the 404 page: it is not a page of the shop.
 */
import { processWide } from '@/lib/process-wide';

export const TEMPLATE_HEADER = 'x-aromas-status-template';

export function templateToken(): string {
  return processWide('statusPages.token', () => crypto.randomUUID());
}

export function isTemplateRequest(headerValue: string | null | undefined): boolean {
  return typeof headerValue === 'string' && headerValue === templateToken();
}

/** The pages rendered as templates, and the status each one is served with. */
export const TEMPLATE_KINDS = { 'not-found': 404, unavailable: 503 } as const;
export type TemplateKind = keyof typeof TEMPLATE_KINDS;

export function isTemplateKind(value: string): value is TemplateKind {
  return Object.hasOwn(TEMPLATE_KINDS, value);
}
