/** Proof-of-transfer checks before anything is sent; the rules live in lib/orders/documents. */
import { checkUploadFile, MAX_UPLOAD_BYTES, PROOF_ACCEPT, PROOF_MIME_TYPES, type UploadProblem } from '@/lib/orders/documents';

export { MAX_UPLOAD_BYTES, PROOF_ACCEPT, type UploadProblem };

export function isAcceptedProofType(type: string, name = ''): boolean {
  return checkUploadFile({ size: 0, type, name }, PROOF_MIME_TYPES) === null;
}

export function checkProofFile(file: { size: number; type: string; name?: string } | null | undefined): UploadProblem | null {
  return checkUploadFile(file, PROOF_MIME_TYPES);
}
