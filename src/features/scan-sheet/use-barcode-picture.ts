import useSWR from 'swr';
import { fetchDownload } from '../../lib/api/download';

/**
 * A blob URL of the barcode picture. GET /api/barcode needs the token, which an <img src> cannot send, so the SVG is
 * fetched and shown from a blob URL; SWR keeps one per code for the session (a few KB each), so a preview shown
 * again draws nothing anew.
 */
export function useBarcodePicture(code: string, symbology: 'ean13' | 'code128'): string | undefined {
  const path = `/api/barcode/${encodeURIComponent(code)}.svg?type=${symbology}&height=12&includetext=true`;
  const { data } = useSWR(path, async (url: string) => URL.createObjectURL(await (await fetchDownload(url)).blob()), { revalidateOnFocus: false, revalidateIfStale: false });
  return data;
}
