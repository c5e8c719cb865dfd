import { imageUrl } from '../../../schemas/image-upload';
import { apiRequestHeaders, apiUrl } from '../api/api-client';

/**
 * Object URLs of a tenant's named images (docs/uploads.md). The image route needs the bearer token and the scope
 * headers, which an <img src> cannot send: each image is fetched once per tenant and name and shown from a blob: URL
 * (the CSP allows img-src blob:). The browser's cache revalidates with the ETag; an upload forgets the name here.
 */
const cache = new Map<string, Promise<string | undefined>>();

async function fetchImage(name: string, headers: Record<string, string>): Promise<string | undefined> {
  const response = await fetch(apiUrl(imageUrl(name)), { headers, cache: 'no-cache' });
  if (!response.ok) return undefined;
  return URL.createObjectURL(await response.blob());
}

/** The object URL of the image, or undefined when the tenant has none of that name (or it cannot be read now). */
export async function loadImageUrl(name: string): Promise<string | undefined> {
  const headers = await apiRequestHeaders();
  const key = `${headers['x-mate-tenant'] ?? ''}\n${name}`;
  let found = cache.get(key);
  if (!found) {
    found = fetchImage(name, headers).catch(() => undefined);
    // A miss is asked again next time: the image may be uploaded meanwhile.
    void found.then((url) => url === undefined && cache.delete(key));
    cache.set(key, found);
  }
  return found;
}

/** Forgets an image after an upload, so every preview shows the new one on its next load. */
export function forgetImage(name: string): void {
  for (const [key, url] of cache) {
    if (key.endsWith(`\n${name}`)) {
      cache.delete(key);
      void url.then((value) => value && URL.revokeObjectURL(value));
    }
  }
}
