import type { Thing, WithContext } from 'schema-dts';
import { serializeJsonForScript } from './inline-script';

/** Server component: structured data, escaped before inlining. */
export function JsonLd<T extends Thing>({ data }: { data: WithContext<T> | WithContext<T>[] }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonForScript(data) }} />;
}
