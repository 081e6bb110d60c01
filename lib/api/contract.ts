/**
 * Browser-side check of an API answer against its contract (lib/contracts), as `apiRead` does on the server
 * (lib/api/server.ts): the caller gets exactly the contract's type, and an answer that does not match is a
 * PublicApiError 'http', never a silently emptied field. The contract is typed structurally (any zod schema
 * fits), so this module imports no zod: a public page's island can pass a plain function instead and ship none.
 */
import { PublicApiError } from './public';

/** A contract (any zod schema) or a function that checks the answer's `data` and returns it typed. */
export type ReadContract<T> =
  | { safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[] }[] } } }
  | ((data: unknown) => T);

export function parseAnswer<T>(contract: ReadContract<T>, data: unknown): T {
  if (typeof contract === 'function') return contract(data);
  const parsed = contract.safeParse(data);
  if (parsed.success) return parsed.data;
  const where = parsed.error.issues[0]?.path.map(String).join('.') ?? '';
  throw new PublicApiError({ kind: 'http', status: 200, message: `Respuesta inesperada de la API: ${where}` });
}
