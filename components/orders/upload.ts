/**
 * Proof-of-transfer upload checks before anything is sent (spec §8 'No seleccionaste un archivo',
 * 'El archivo pesa mas de' + the 10 MB limit of lib/orders/documents). The API checks the content again.
 */
import { MAX_UPLOAD_BYTES, PROOF_ACCEPT, PROOF_MIME_TYPES } from '@/lib/orders/documents';

export { MAX_UPLOAD_BYTES, PROOF_ACCEPT };

export type UploadProblem = 'noFile' | 'tooLarge' | 'badType';

export function isAcceptedProofType(type: string, name = ''): boolean {
  if ((PROOF_MIME_TYPES as readonly string[]).includes(type)) return true;
  // Some browsers give no type: fall back to the extension.
  return type === '' && /\.(pdf|png|jpe?g|webp)$/i.test(name);
}

/** The first problem with a chosen file, or null when it may be sent. */
export function checkProofFile(file: { size: number; type: string; name?: string } | null | undefined): UploadProblem | null {
  if (!file) return 'noFile';
  if (file.size > MAX_UPLOAD_BYTES) return 'tooLarge';
  if (!isAcceptedProofType(file.type, file.name)) return 'badType';
  return null;
}
