/*
 * The <option>s of the back-office's selects, written once. The first, empty option ("Todos", "Ninguno")
 * stays with the caller, since its text and meaning differ per select.
 */

/** One option per `{ id, name }` record (staff members, categories, transports). */
export function NamedOptions({ items }: { items: readonly { id: number | string; name: string }[] }) {
  return (
    <>
      {items.map((i) => (
        <option key={i.id} value={i.id}>
          {i.name}
        </option>
      ))}
    </>
  );
}

/** One option per code (a state, a sort, a payment method), its text from `label` (messages/). */
export function CodeOptions<T extends string>({ codes, label }: { codes: readonly T[]; label: (code: T) => string }) {
  return (
    <>
      {codes.map((c) => (
        <option key={c} value={c}>
          {label(c)}
        </option>
      ))}
    </>
  );
}
