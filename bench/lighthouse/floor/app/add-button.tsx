'use client';
import { useState } from 'react';

/** The floor page's one client island: about the smallest interaction a product page has. */
export function AddButton({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)} style={{ padding: '12px 20px', fontSize: 16 }}>
      {label} ({count})
    </button>
  );
}
