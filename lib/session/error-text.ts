/**
 * The text of a failed account call: by the error envelope's `code` (lib/contracts/errors.ts), never by
 * comparing the server's text. A code of the account flows shows its translation under `account.server.*`;
 * any other code (e.g. INVALID_FIELD, whose message names the field's problem) shows the server's Spanish
 * message as it came; no message at all shows `fallback`.
 */
import { ACCOUNT_ERROR_CODES } from '../contracts/account-error-codes';

type AccountErrorKey = keyof typeof ACCOUNT_ERROR_CODES;

const KEY_BY_CODE = new Map<string, AccountErrorKey>(
  (Object.entries(ACCOUNT_ERROR_CODES) as [AccountErrorKey, string][]).map(([key, code]) => [code, key]),
);

/** The `account.server.*` key of an error code, or null when the account flows have no text for it. */
export function accountErrorKey(code: string | null | undefined): AccountErrorKey | null {
  return code ? (KEY_BY_CODE.get(code) ?? null) : null;
}

export function translateAccountError(
  t: (key: `server.${AccountErrorKey}`) => string,
  failure: { code: string | null; message: string | null },
  fallback: string,
): string {
  const key = accountErrorKey(failure.code);
  if (key) return t(`server.${key}`);
  return failure.message || fallback;
}
