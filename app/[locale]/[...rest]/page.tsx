import { notFound } from 'next/navigation';

/** Any path no other route matches (3+ segments, or unknown deeper paths) renders the localized 404. */
export default function CatchAllPage(): never {
  notFound();
}
