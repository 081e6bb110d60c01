import type { z } from 'zod';

/**
 * Parses a process's environment with its schema (server/env.ts for the API, lib/env.ts for the storefront).
 * A bad value stops the start with one line naming every bad variable, the value it had and what it must be,
 * instead of a raw ZodError dump or a failure at the first request that reads it.
 */
export function parseEnv<S extends z.ZodType>(schema: S, source: NodeJS.ProcessEnv, processName: string): z.infer<S> {
  const parsed = schema.safeParse(source);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `${i.path.join('.')}=${JSON.stringify(source[String(i.path[0])] ?? '')}: ${i.message}`);
  throw new Error(`Configuración inválida ${processName}: ${lines.join('; ')}`);
}
