/**
 * The `schema` of a route, built from what every route of a plugin shares (OpenAPI tags, security, error
 * answers), so that each route states only its summary, its inputs and its success answer:
 *
 *   const doc = routeDocs({ tags: ['personal'], security: bearerSecurity, errors: authErrors });
 *   app.patch('/tags/:id', { schema: doc('Renombrar una etiqueta', { params: idParams, body: tagPatchBody, data: staffTagSchema }) }, …)
 *
 * It returns the plain object Fastify takes, with the zod schemas as given: the zod type provider still
 * infers req.params, req.query, req.body and the reply from it, and the OpenAPI document is the same.
 */
import type { z } from 'zod';
import { envelope, errorSchema } from '../../lib/contracts/common';

/** The answer of a multipart upload over the limit (readUpload, MAX_UPLOAD_BYTES). */
const tooLarge = { 413: errorSchema.describe('El archivo pesa mas de 10 MB') } as const;

type Responses = Readonly<Record<number, z.ZodType>>;
type Security = ReadonlyArray<Readonly<Record<string, readonly string[]>>>;

interface PluginDocs<E extends Responses> {
  tags: string[];
  /** bearerSecurity on routes behind app.authenticate; none on public ones */
  security?: Security;
  /** the error answers any route of the plugin may give */
  errors: E;
}

/** What a route states besides its success answer. */
interface RouteInputs {
  description?: string;
  consumes?: string[];
  produces?: string[];
  params?: z.ZodType;
  querystring?: z.ZodType;
  headers?: z.ZodType;
  body?: z.ZodType;
  /** a multipart upload: consumes multipart/form-data, may answer 413 */
  upload?: true;
}

/** Its success answer: `data` (wrapped in the envelope) or the whole `reply` (messageOnly), its status and answers of its own. */
interface Answer<S extends Status, M extends Responses> {
  status?: S;
  more?: M;
}
type Status = 200 | 201;

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type Inputs<I> = Simplify<{ tags: string[]; summary: string; security?: Security } & Pick<I, Extract<keyof I, Exclude<keyof RouteInputs, 'upload'>>>>;

/**
 * The schema of one route. Plain type parameters, no conditional types: the answer's status codes stay
 * known where `data` is itself generic (saved-records.ts), so reply.code(201) still type-checks there.
 */
export interface RouteDoc<E extends Responses> {
  <I extends RouteInputs, D extends z.ZodType, S extends Status = 200, M extends Responses = Record<never, never>>(
    summary: string,
    parts: I & Answer<S, M> & { data: D },
  ): Inputs<I> & { response: Record<S, ReturnType<typeof envelope<D>>> & E & M };
  <I extends RouteInputs, R extends z.ZodType, S extends Status = 200, M extends Responses = Record<never, never>>(
    summary: string,
    parts: I & Answer<S, M> & { reply: R },
  ): Inputs<I> & { response: Record<S, R> & E & M };
  /** a route whose answer is a file: no response schema */
  <I extends RouteInputs>(summary: string, parts: I & { data?: never; reply?: never }): Inputs<I>;
}

export function routeDocs<E extends Responses>({ tags, security, errors }: PluginDocs<E>): RouteDoc<E> {
  return (summary: string, parts: RouteInputs & Answer<Status, Responses> & { data?: z.ZodType; reply?: z.ZodType }) => {
    const { data, reply, status = 200, upload, more, ...inputs } = parts;
    const ok = data ? envelope(data) : reply;
    return {
      tags,
      summary,
      ...(upload ? { consumes: ['multipart/form-data'] } : {}),
      ...(security ? { security } : {}),
      ...inputs,
      ...(ok ? { response: { [status]: ok, ...(upload ? tooLarge : {}), ...errors, ...more } } : {}),
    } as never;
  };
}
