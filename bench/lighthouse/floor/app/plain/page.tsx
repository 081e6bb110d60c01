import type { Metadata } from 'next';
import Image from 'next/image';
import es from '../../messages/es.json';
import { AddButton } from '../add-button';

const t = es.Floor;

export const metadata: Metadata = { title: t.title, description: t.body };

/** The same page without next-intl and outside the proxy's matcher. */
export default function PlainPage() {
  return (
    <main style={{ maxWidth: 800, margin: '0 auto', padding: 16 }}>
      <h1>{t.title}</h1>
      <Image src="/floor.jpg" alt={t.title} width={800} height={800} priority sizes="(max-width: 800px) 100vw, 800px" style={{ width: '100%', height: 'auto' }} />
      <p>{t.body}</p>
      <AddButton label={t.add} />
    </main>
  );
}
