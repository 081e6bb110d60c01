import tones from '@/components/ui/Badge.module.css';
import styles from './StateBadge.module.css';

export type BadgeTone = 'warning' | 'danger' | 'vip' | 'sale';

/** A small pill label: low stock, no stock, VIP, sale. */
export function Badge({ tone, children, className }: { tone: BadgeTone; children: React.ReactNode; className?: string }) {
  return <span className={[styles.badge, tones[tone], className ?? ''].filter(Boolean).join(' ')}>{children}</span>;
}

/** The stock label of a state (spec §4): limited → low stock, noStock → no stock, else nothing. */
export function StateBadge({
  state,
  labels,
  className,
}: {
  state: string | null | undefined;
  labels: { limited: string; noStock: string };
  className?: string;
}) {
  if (state === 'limited') return <Badge tone="warning" className={className}>{labels.limited}</Badge>;
  if (state === 'noStock') return <Badge tone="danger" className={className}>{labels.noStock}</Badge>;
  return null;
}
