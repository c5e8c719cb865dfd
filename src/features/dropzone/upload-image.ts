import { apiRequestHeaders, apiUrl } from '../../lib/api/api-client';

/** What the server answers for a stored image (server/uploads/image-schemas.ts). */
export interface UploadedImage {
  name: string;
  contentType: string;
  byteSize: number;
  replaced: boolean;
  references: number;
}

/** A refused or failed upload, with the server's message when it gave one. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * Sends one file to POST /api/images as multipart/form-data. XMLHttpRequest rather than fetch: only it reports the
 * upload's progress (fetch has no upload progress events). Resolves with the server's answer, rejects with its message.
 */
export async function uploadImage(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadedImage> {
  const headers = await apiRequestHeaders();
  return new Promise<UploadedImage>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiUrl('/api/images'));
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => event.lengthComputable && onProgress(event.loaded / event.total));
    request.addEventListener('load', () => {
      const body = request.response as { message?: string } | null;
      if (request.status === 200 || request.status === 201) {
        onProgress(1);
        resolve(request.response as UploadedImage);
      } else reject(new UploadError(body?.message ?? `${request.status} ${request.statusText}`, request.status));
    });
    request.addEventListener('error', () => reject(new UploadError('The server could not be reached.', 0)));
    request.addEventListener('abort', () => reject(new UploadError('Cancelled.', 0)));
    signal?.addEventListener('abort', () => request.abort());
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}
