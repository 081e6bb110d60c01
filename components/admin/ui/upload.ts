import { MAX_UPLOAD_BYTES } from '@/lib/orders/documents';

/**
 * The multipart body (`file`) of an image sent to the API (product images, category images), or null after
 * `tooLarge` when it is over the API's 10 MB. The API checks the content and converts it to WebP.
 */
export function imageBody(file: File, tooLarge: () => void): FormData | null {
  if (file.size > MAX_UPLOAD_BYTES) {
    tooLarge();
    return null;
  }
  const body = new FormData();
  body.append('file', file);
  return body;
}
