'use client';

/**
 * The one upload control of the islands that send a file (the customer's proof of transfer, the staff's
 * bill, a carousel image, a product image): a labelled, uncontrolled file input (its ref from the island's
 * useRef) whose file is read on submit and cleared once the upload succeeded.
 */
import type { InputHTMLAttributes, ReactNode, RefObject } from 'react';

type FileInputRef = RefObject<HTMLInputElement | null>;

/** The file chosen in the input, or null. */
export function pickedFile(input: FileInputRef): File | null {
  return input.current?.files?.[0] ?? null;
}

/** Empties the input (after a successful upload). */
export function clearPicked(input: FileInputRef): void {
  if (input.current) input.current.value = '';
}

/** The label, then the file input (`accept`, aria and test attributes as given). */
export function FilePicker({
  id,
  label,
  labelClass,
  inputRef,
  ...input
}: { id: string; label: ReactNode; labelClass: string | undefined; inputRef: FileInputRef } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>) {
  return (
    <>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input ref={inputRef} id={id} type="file" {...input} />
    </>
  );
}
