/** The viewers' files, served by the product (server/api-docs): loaded on first use so the shell's bundle stays small. */
export const ASSET_BASE = '/api/docs/assets';

const loading = new Map<string, Promise<void>>();

function once(url: string, create: () => HTMLElement): Promise<void> {
  let found = loading.get(url);
  if (!found) {
    found = new Promise<void>((resolve, reject) => {
      const element = create();
      element.addEventListener('load', () => resolve());
      element.addEventListener('error', () => {
        // A failed load may be tried again (a retry button, a later visit).
        loading.delete(url);
        element.remove();
        reject(new Error(`Could not load ${url}`));
      });
      document.head.appendChild(element);
    });
    loading.set(url, found);
  }
  return found;
}

/** Adds a script of ours once; resolves when it has run. */
export function loadScript(url: string): Promise<void> {
  return once(url, () => Object.assign(document.createElement('script'), { src: url, async: true }));
}

/** Adds a stylesheet of ours once; resolves when it applies. */
export function loadStylesheet(url: string): Promise<void> {
  return once(url, () => Object.assign(document.createElement('link'), { rel: 'stylesheet', href: url }));
}
