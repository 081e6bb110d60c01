'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type * as z from 'zod';
import { useMessages } from '@/components/toast/MessagesProvider';
import { useShopForm } from '@/components/ui/form';
import { accountRequest, type AccountRequestOptions, type AccountResult } from '@/lib/session/api';
import { useSession } from '@/lib/session/SessionProvider';
import { withAccessToken } from '@/lib/session/refresh';
import { readToken } from '@/lib/session/store';
import { translateAccountError } from '@/lib/session/error-text';
import type { AccountMessageKey } from '@/lib/contracts/errors';
import { messagesFrom, type ValidationKey, type ValidationMessages } from '@/lib/validation/account';

/** The validation messages of the current locale (same keys as the Spanish defaults). */
function useValidationMessages() {
  const t = useTranslations('account.validation');
  return useMemo(() => messagesFrom((k: ValidationKey) => t(k)), [t]);
}

/**
 * An account form: its zod schema built with the validation messages of the current locale, and the
 * account flows' 'Completa bien los campos' on an invalid submit (components/ui/form useShopForm).
 * `makeSchema` is a module-level function (lib/validation/account), so the schema is built once per locale.
 */
export function useAccountForm<S extends z.ZodType<FieldValues, FieldValues>>(
  makeSchema: (m: ValidationMessages) => S,
  defaultValues: DefaultValues<z.input<S>>,
) {
  const t = useTranslations('account.form');
  const m = useValidationMessages();
  const schema = useMemo(() => makeSchema(m), [makeSchema, m]);
  return useShopForm(schema, defaultValues, t('incomplete'));
}

/**
 * The text of a failed account call, by its error code (lib/session/error-text.ts): translated when the
 * account flows know the code, else the server's message as it came, else `fallback`.
 */
export function useServerError() {
  const t = useTranslations('account');
  return useCallback(
    (res: Pick<AccountResult<unknown>, 'code' | 'message'>, fallback?: string) =>
      translateAccountError((k: `server.${AccountMessageKey}`) => t(k), res, fallback ?? t('form.request')),
    [t],
  );
}

/** A confirmation of the account flows (`account.server.<key>`): the action that succeeded names it. */
export function useServerConfirmation() {
  const t = useTranslations('account');
  return useCallback((key: AccountMessageKey) => t(`server.${key}`), [t]);
}

/**
 * accountRequest bound to the session's API URL and (with `auth: true`) the newest access token: renewed
 * when about to expire, and on a 401 renewed and retried once (ADR 0005), so a form opened after a break
 * does not log the visitor out. Its identity changes only with the API URL, not with the token, so effects
 * that call it do not re-run on login.
 */
export function useAccountApi() {
  const { apiUrl, token } = useSession();
  const tokenRef = useRef(token);
  useEffect(() => {
    tokenRef.current = token;
  }, [token]);
  return useCallback(
    <T,>(path: string, options: AccountRequestOptions & { auth?: boolean } = {}): Promise<AccountResult<T>> => {
      if (!options.auth) return accountRequest<T>(apiUrl, path, options);
      // the cookie first: another tab or island may have renewed the token since this one rendered
      if (!readToken() && tokenRef.current) return accountRequest<T>(apiUrl, path, { ...options, token: tokenRef.current });
      return withAccessToken(apiUrl, (t) => accountRequest<T>(apiUrl, path, { ...options, token: t }));
    },
    [apiUrl],
  );
}

/**
 * The standard reaction to a failed account call: a network failure shows the spec's warning
 * ('Hubo un prolema en la solicitud, vuelve a intentarlo'); anything else returns the translated server
 * message for the form to show (and shows it as an error toast).
 */
export function useFailureHandler() {
  const t = useTranslations('account.form');
  const serverError = useServerError();
  const { notify } = useMessages();
  return useCallback(
    (res: AccountResult<unknown>): string => {
      if (res.status === 0) {
        const text = t('network');
        notify('WARNING', text);
        return text;
      }
      const text = serverError(res);
      notify('ERROR', text);
      return text;
    },
    [notify, serverError, t],
  );
}

/**
 * What an account form's submit needs: `api`, `notify` (toasts), `confirmation` (the server's confirmation
 * texts) and the failed call's text shown above the form: `serverError`, set by `fail(res)` (which also shows
 * useFailureHandler's toast) and cleared by `clearError()` before a new try.
 */
export function useAccountSubmit() {
  const api = useAccountApi();
  const failureText = useFailureHandler();
  const confirmation = useServerConfirmation();
  const { notify } = useMessages();
  const [serverError, setServerError] = useState<string | null>(null);
  const fail = useCallback((res: AccountResult<unknown>) => setServerError(failureText(res)), [failureText]);
  const clearError = useCallback(() => setServerError(null), []);
  return { api, notify, confirmation, serverError, fail, clearError };
}
