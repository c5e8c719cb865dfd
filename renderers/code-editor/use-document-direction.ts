import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['dir'] });
  return () => observer.disconnect();
}

const direction = (): 'ltr' | 'rtl' => (document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr');

/**
 * The page's writing direction (`dir` on <html>, which the app sets per language). Ark's dialogs write `dir="ltr"` on
 * their parts unless told otherwise, so a dialog takes it from here to read right to left in Arabic.
 */
export function useDocumentDirection(): 'ltr' | 'rtl' {
  return useSyncExternalStore(subscribe, direction, () => 'ltr');
}
