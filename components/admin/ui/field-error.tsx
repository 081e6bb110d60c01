import { useId, useState } from 'react';

/**
 * The one error state of a small admin form: the ids that tie the input to its message, the message, and
 * the aria attributes to spread on the input that the message speaks about.
 */
export function useFieldError() {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const errorId = `${id}-e`;
  const invalidProps = { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined } as const;
  return { id, error, setError, errorId, invalidProps };
}

/** The message of useFieldError, announced when it appears (nothing without an error). */
export function FieldError({ id, error, className }: { id: string; error: string | null; className: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className={className} role="alert">
      {error}
    </p>
  );
}
