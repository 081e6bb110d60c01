/** Bill upload checks before sending (the API checks the content again): a PDF of at most 10 MB. */
import { MAX_UPLOAD_BYTES } from '@/lib/orders/documents';

export type BillProblem = 'noFile' | 'tooLarge' | 'badType';

export function checkBillFile(file: { size: number; type: string; name?: string } | null | undefined): BillProblem | null {
  if (!file) return 'noFile';
  if (file.size > MAX_UPLOAD_BYTES) return 'tooLarge';
  const pdf = file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name ?? ''));
  return pdf ? null : 'badType';
}
