import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import useSWR from 'swr';
import { download, DownloadError, fetchDownload, readMultipartResponse } from '../../lib/api/download';
import { toasts } from '../../lib/toasts/toast-store';
import type { DocumentDetail, ReceiptDownload } from './document-types';

/** One copy of a receipt as the download answers it: its part headers and its (not yet sanitised) HTML. */
export interface ReceiptCopy {
  type: string;
  /** The copy type's name in the user's language, as the server names it ('Customer copy'). */
  title: string;
  variant: string;
  printed: boolean;
  html: string;
}

const decode = (value: string | undefined) => {
  try {
    return decodeURIComponent(value ?? '');
  } catch {
    return value ?? '';
  }
};

/**
 * The copies of the HTML download: one multipart/mixed part per copy, its type (and the type's title in the language
 * the call asks for), variant and printed flag in its headers.
 */
async function fetchCopies([, href]: [string, string]): Promise<ReceiptCopy[]> {
  const parts = await readMultipartResponse(await fetchDownload(href));
  return parts.map((part) => ({
    type: part.headers['x-mate-copy-type'] ?? '',
    title: decode(part.headers['x-mate-copy-title']),
    // The variant's name in the user's language (our own layout's), else as the terminal sent it.
    variant: decode(part.headers['x-mate-variant-title'] ?? part.headers['x-mate-variant']),
    printed: part.headers['x-mate-printed'] === 'true',
    html: part.text,
  }));
}

/** The copies of the selected receipt, read through the HTML download the server names and its multipart answer. */
export function useReceiptCopies(detail: DocumentDetail | undefined) {
  const href = detail?.downloads.find((entry) => entry.format === 'html')?.href;
  const swr = useSWR<ReceiptCopy[]>(href ? ['receipt-copies', href] : null, fetchCopies, { revalidateOnFocus: false, shouldRetryOnError: false });
  return { copies: swr.data, loading: swr.isLoading, failed: swr.error !== undefined || (detail !== undefined && href === undefined) };
}

/**
 * Download of the receipt in one of the formats the server offers; a failure is an error toast with the fault's
 * reason, or 'Failed' (spec 2 §8).
 */
export function useReceiptDownload() {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const start = (entry: ReceiptDownload) => {
    setBusy(true);
    download(entry.href, entry.fileName)
      .catch((error: unknown) => toasts.show({ type: 'error', title: t`Download`, content: error instanceof DownloadError ? error.reason : t`Failed` }))
      .finally(() => setBusy(false));
  };
  return { start, busy };
}
