'use client';

/**
 * The one upload control of the islands that send a file (the customer's proof of transfer, the staff's
 * bill, a carousel image, a price CSV): a labelled, uncontrolled file input whose file is read on submit
 * and cleared once the upload succeeded.
 */
import { useRef, type InputHTMLAttributes, type ReactNode, type RefObject } from 'react';

type FilePick = {
  ref: RefObject<HTMLInputElement | null>;
  /** the file chosen, or null */
  file: () => File | null;
  /** empties the input (after a successful upload) */
  clear: () => void;
};

export function useFilePick(): FilePick {
  const ref = useRef<HTMLInputElement>(null);
  return {
    ref,
    file: () => ref.current?.files?.[0] ?? null,
    clear: () => {
      if (ref.current) ref.current.value = '';
    },
  };
}

/** The label, then the file input (`accept`, aria and test attributes as given). */
export function FilePicker({
  id,
  label,
  labelClass,
  pick,
  ...input
}: { id: string; label: ReactNode; labelClass: string | undefined; pick: FilePick } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>) {
  return (
    <>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input ref={pick.ref} id={id} type="file" {...input} />
    </>
  );
}
