/** Bill upload checks before sending (the API checks the content again): a PDF of at most 10 MB. */
import { checkUploadFile, STAFF_FILE_MIME_TYPES, type UploadProblem } from '@/lib/orders/documents';

export type BillProblem = UploadProblem;

export function checkBillFile(file: { size: number; type: string; name?: string } | null | undefined): BillProblem | null {
  return checkUploadFile(file, STAFF_FILE_MIME_TYPES);
}
