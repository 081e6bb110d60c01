'use client';

import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslations } from 'next-intl';
import {
  canDecrement,
  canIncrement,
  clamp,
  decrement,
  increment,
  normalizeBounds,
  parseInput,
} from '@/lib/cart/quantity';
import type { CartItem } from '@/lib/cart/types';
import styles from './QuantitySelector.module.css';

/** What the selector knows about the thing it sells: a cart item without its units. */
export type QuantityItem = Omit<CartItem, 'units'>;

export interface QuantitySelectorProps {
  item: QuantityItem;
  /** Limits as the product carries them; absent or 0 → spec §9 defaults (min 0, max 5000, step 1). */
  min?: number | null;
  max?: number | null;
  steps?: number | null;
  /** Units already in the cart (0 when none). When it changes from outside, the field follows. */
  initial?: number;
  /**
   * Called with every committed quantity (button press, blur, Enter, key-up past the maximum).
   * Always a valid quantity: 0 or a multiple of the step within the limits. Debouncing (200 ms) and
   * the cart/toast side belong to the caller.
   */
  onChange?: (units: number, item: QuantityItem) => void;
  /** Accessible name of the item (defaults to item.cartName). */
  label?: string;
}

/**
 * Plus/minus buttons around a numeric field, with the rules of spec §5 (lib/cart/quantity):
 * typing a non-number is ignored (an empty field means 0); on key-up a value above the maximum is
 * brought down at once; on blur/Enter the value is clamped and snapped to the step; + adds a step
 * (disabled at the maximum), − removes a step and drops to 0 below the minimum (disabled at 0).
 */
export function QuantitySelector({ item, min, max, steps, initial = 0, onChange, label }: QuantitySelectorProps) {
  const t = useTranslations('product.quantity');
  const bounds = useMemo(() => normalizeBounds({ min, max, steps }), [min, max, steps]);
  const name = label ?? item.cartName;
  const inputId = useId();
  const [value, setValue] = useState(() => clamp(initial, bounds));
  const [text, setText] = useState(() => String(clamp(initial, bounds)));
  const [announcement, setAnnouncement] = useState('');
  const committed = useRef(clamp(initial, bounds));
  const focused = useRef(false);

  // Follow the cart when it changes elsewhere (another tab, the cart page), unless the user is typing.
  useEffect(() => {
    if (focused.current) return;
    const next = clamp(initial, bounds);
    committed.current = next;
    setValue(next);
    setText(String(next));
  }, [initial, bounds]);

  function commit(next: number) {
    setValue(next);
    setText(String(next));
    if (next !== committed.current) {
      committed.current = next;
      setAnnouncement(t('announce', { count: next, name }));
      onChange?.(next, item);
    }
  }

  function onType(raw: string) {
    if (raw.trim() === '') {
      // An emptied field means 0 (committed on blur).
      setText('');
      setValue(0);
      return;
    }
    const parsed = parseInput(raw, Number.NaN);
    if (Number.isNaN(parsed)) return; // not a number: ignored, the field keeps its value
    setText(String(parsed));
    setValue(parsed);
  }

  function onKeyUp(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter') {
      commit(clamp(value, bounds));
      return;
    }
    if (value > bounds.highest) commit(bounds.highest);
  }

  const step = bounds.step;
  const plusLabel = step > 1 ? t('increaseStep', { steps: step, name }) : t('increase', { name });
  const minusLabel = step > 1 ? t('decreaseStep', { steps: step, name }) : t('decrease', { name });

  return (
    <div className={styles.selector} data-testid="quantity-selector">
      <button
        type="button"
        className={styles.button}
        onClick={() => commit(decrement(value, bounds))}
        disabled={!canDecrement(value)}
        aria-label={minusLabel}
        aria-controls={inputId}
      >
        <span aria-hidden="true">−</span>
      </button>
      <label htmlFor={inputId} className="visually-hidden">
        {t('label', { name })}
      </label>
      <input
        id={inputId}
        className={styles.input}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        enterKeyHint="done"
        value={text}
        onChange={(e) => onType(e.target.value)}
        onKeyUp={onKeyUp}
        onFocus={(e) => {
          focused.current = true;
          e.target.select();
        }}
        onBlur={() => {
          focused.current = false;
          commit(clamp(value, bounds));
        }}
      />
      <button
        type="button"
        className={styles.button}
        onClick={() => commit(increment(value, bounds))}
        disabled={!canIncrement(value, bounds)}
        aria-label={plusLabel}
        aria-controls={inputId}
      >
        <span aria-hidden="true">+</span>
      </button>
      <span className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </span>
    </div>
  );
}

