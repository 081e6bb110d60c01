'use client';
import { useId, useState, type ComponentType } from 'react';
import { useTranslations } from 'next-intl';
import type { SearchBoxProps } from './SearchBox';
import { SearchForm } from './SearchForm';

type Loaded = { Box: ComponentType<SearchBoxProps & { initialText?: string }> };
let loading: Promise<Loaded> | null = null;
/** One import for every search entry on the page (header and bottom-bar panel). */
export function loadSearchBox(): Promise<Loaded> {
  loading ??= import('./SearchBox').then((m) => ({ Box: m.SearchBox }));
  return loading;
}

/**
 * The search box as every page first ships it (issue 25): the same form and input as SearchBox, with none of
 * its suggestion code. A plain GET form to /products?query=… that works as it is; the suggestions (SearchBox,
 * its fetching, prices and images) load on the first sign of intent — pointer over the box, focus, a key — and
 * take its place, keeping what was typed and the focus.
 */
export function SearchEntry(props: SearchBoxProps) {
  const t = useTranslations('common.search');
  const [Box, setBox] = useState<Loaded['Box'] | null>(null);
  // What the entry hands the box when it arrives: the text typed so far and whether it has the focus (state,
  // not a read of the input, so a key pressed while the chunk loads is not lost).
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const listId = `${baseId}-list`;

  const load = () => {
    if (Box) return;
    void loadSearchBox().then((m) => setBox(() => m.Box));
  };

  if (Box) return <Box {...props} initialText={text} autoFocus={props.autoFocus || focused} />;
  return (
    <SearchForm
      onPointerEnter={load}
      onFocus={load}
      onKeyDown={load}
      data-testid="search-entry"
      input={{
        id: inputId,
        'aria-expanded': false,
        'aria-controls': listId,
        autoFocus: props.autoFocus,
        value: text,
        onChange: (e) => setText(e.target.value),
        onFocus: () => setFocused(true),
        onBlur: () => setFocused(false),
      }}
    >
      {/* the combobox's popup, empty until the suggestions load and take the entry's place */}
      <ul id={listId} role="listbox" aria-label={t('listLabel')} hidden />
    </SearchForm>
  );
}
