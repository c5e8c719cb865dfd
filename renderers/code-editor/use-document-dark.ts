import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

const isDark = () => document.documentElement.classList.contains('dark');

/**
 * Whether the page is drawn dark: Chakra's `dark` class on <html>, which the app's theme choice sets. Read from the
 * document rather than a context of the app, so the editor follows the theme wherever it is mounted, live.
 */
export function useDocumentDark(): boolean {
  return useSyncExternalStore(subscribe, isDark, () => false);
}
