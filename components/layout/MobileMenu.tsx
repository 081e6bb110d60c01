'use client';
import { useState } from 'react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { MenuIcon } from '@/components/ui/icons';
import { markHydrated } from '@/lib/hydration';
import type { MenuCategory } from './MobileMenuDrawer';
import styles from './MobileMenu.module.css';

export type { MenuCategory };

// The drawer (links, log-out, language switcher) loads when the shopper reaches for the button (issue 25).
const loadDrawer = () => import('./MobileMenuDrawer');
const MobileMenuDrawer = dynamic(() => loadDrawer().then((m) => m.MobileMenuDrawer), { ssr: false });

/**
 * Mobile left menu (spec §2 "Mobile"): the button that opens the drawer (MobileMenuDrawer). Its code is
 * fetched on hover / focus / touch of the button, and the drawer opens as soon as it is there.
 */
export function MobileMenu({ categories }: { categories: MenuCategory[] }) {
  const t = useTranslations('common.nav');
  // how many times the button was pressed: each press opens the drawer
  const [presses, setPresses] = useState(0);
  const [open, setOpen] = useState(false);
  const prefetch = () => void loadDrawer();

  return (
    <>
      <button
        ref={markHydrated}
        type="button"
        className={styles.trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onTouchStart={prefetch}
        onClick={() => setPresses((n) => n + 1)}
      >
        <MenuIcon />
        <span className="visually-hidden">{t('openMenu')}</span>
      </button>
      {presses > 0 ? <MobileMenuDrawer categories={categories} presses={presses} onOpenChange={setOpen} /> : null}
    </>
  );
}
