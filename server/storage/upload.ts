/**
 * Reads ONE uploaded file from a multipart request (with @fastify/multipart registered in the route's
 * scope) and checks it by CONTENT: the type comes from the file's magic bytes (`file-type`), never from
 * its name or the client's Content-Type. Errors are the spec's Spanish messages:
 * no file → 400 'No seleccionaste un archivo'; over the limit → 413 'El archivo pesa mas de 10 MB';
 * a type not allowed → 400 with the caller's message.
 */
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { ApiErrorCode } from '../../lib/contracts/errors';
import { MAX_UPLOAD_BYTES } from '../../lib/orders';
import { HttpError } from '../errors';
import { ORDER_MESSAGES as M } from '../services/orders-messages';
import { downloadFileName, type StoredMime } from './index';

export interface UploadedFile {
  data: Buffer;
  mime: StoredMime;
  /** the client's file name, cleaned for display only (never used as a path), with the sniffed type's extension */
  fileName: string;
  /** plain form fields sent along */
  fields: Record<string, string>;
}

/** Display name: no path, no control characters, at most 120 characters. */
function displayFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '').trim().slice(0, 120);
  return clean || fallback;
}

function multipartError(err: unknown): HttpError {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, M.fileTooLarge);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return HttpError.badRequest(M.noFile);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return HttpError.badRequest();
  if (err instanceof HttpError) return err;
  return HttpError.badRequest();
}

export async function readUpload(
  req: FastifyRequest,
  opts: { allowed: readonly StoredMime[]; typeMessage: string; typeCode?: ApiErrorCode; maxBytes?: number },
): Promise<UploadedFile> {
  if (!req.isMultipart()) throw HttpError.badRequest(M.noFile);
  const fields: Record<string, string> = {};
  let file: { data: Buffer; name: string } | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: opts.maxBytes ?? MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1000 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length > 0 && !file) file = { data, name: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw multipartError(err);
  }
  if (!file) throw HttpError.badRequest(M.noFile);
  const type = await fileTypeFromBuffer(file.data);
  const mime = type?.mime as StoredMime | undefined;
  if (!mime || !opts.allowed.includes(mime)) throw HttpError.badRequest(opts.typeMessage, opts.typeCode);
  return { data: file.data, mime, fileName: downloadFileName(displayFileName(file.name, 'archivo'), mime), fields };
}
