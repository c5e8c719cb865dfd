import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import useSWR from 'swr';
import { download, DownloadError, fetchDownload, readMultipartResponse } from '../../lib/api/download';
import { toasts } from '../../lib/toasts/toast-store';
import type { DocumentDetail } from './document-types';
import type { ReceiptFormat } from './receipt-parts';

/** One copy of a receipt as the download answers it: its part headers and its (not yet sanitised) HTML. */
export interface ReceiptCopy {
  type: string;
  variant: string;
  printed: boolean;
  html: string;
}

/** The download URL of a receipt in a format (docs/documents.md; the downloads' route). */
export const receiptUrl = (uid: string, format: ReceiptFormat) => `/api/download/receipt/${encodeURIComponent(uid)}/receipt.${format}`;

const decode = (value: string | undefined) => {
  try {
    return decodeURIComponent(value ?? '');
  } catch {
    return value ?? '';
  }
};

/** The copies of `receipt.html`: one multipart/mixed part per copy, its type, variant and printed flag in its headers. */
async function fetchCopies([, uid]: [string, string]): Promise<ReceiptCopy[]> {
  const parts = await readMultipartResponse(await fetchDownload(receiptUrl(uid, 'html')));
  return parts.map((part) => ({
    type: part.headers['x-mate-copy-type'] ?? 'customer',
    variant: decode(part.headers['x-mate-variant']),
    printed: part.headers['x-mate-printed'] === 'true',
    html: part.text,
  }));
}

/** The copies of the selected receipt, read through the download route and its multipart answer. */
export function useReceiptCopies(uid: string | undefined) {
  const swr = useSWR<ReceiptCopy[]>(uid ? ['receipt-copies', uid] : null, fetchCopies, { revalidateOnFocus: false, shouldRetryOnError: false });
  return { copies: swr.data, loading: swr.isLoading, failed: swr.error !== undefined };
}

/**
 * Download of the receipt as HTML, PDF, XML or ZIP; a failure is an error toast with the fault's reason, or 'Failed'
 * (spec 2 §8).
 */
export function useReceiptDownload(detail: DocumentDetail | undefined) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const start = (format: ReceiptFormat) => {
    if (!detail) return;
    setBusy(true);
    const name = `receipt-${detail.id ?? detail.uid}.${format}`;
    download(receiptUrl(detail.uid, format), name)
      .catch((error: unknown) => toasts.show({ type: 'error', title: t`Download`, content: error instanceof DownloadError ? error.reason : t`Failed` }))
      .finally(() => setBusy(false));
  };
  return { start, busy };
}
