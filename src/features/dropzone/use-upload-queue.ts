import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { DROPZONE_PARALLEL_UPLOADS } from '../../../schemas/image-upload';
import { forgetImage } from '../../lib/images/image-urls';
import { uploadImage, type UploadedImage } from './upload-image';

/** One file of the dropzone and how far it got. */
export interface UploadItem {
  id: number;
  file: File;
  state: 'queued' | 'uploading' | 'done' | 'failed';
  /** 0 to 1. */
  progress: number;
  result?: UploadedImage;
  message?: string;
}

/**
 * The dropzone's queue: files wait their turn, at most DROPZONE_PARALLEL_UPLOADS upload at once (spec 2 §9), each
 * with its own progress; a failed one can be tried again. `onDone` hears of each stored image.
 */
export function useUploadQueue(onDone: (image: UploadedImage) => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const nextId = useRef(1);
  const done = useEffectEvent((image: UploadedImage) => onDone(image));
  const update = (id: number, change: Partial<UploadItem>) => setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));

  // Starts queued files while fewer than the limit are uploading.
  useEffect(() => {
    const running = items.filter((item) => item.state === 'uploading').length;
    const waiting = items.filter((item) => item.state === 'queued').slice(0, Math.max(0, DROPZONE_PARALLEL_UPLOADS - running));
    if (waiting.length === 0) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the queue's scheduler: it starts uploads (outside React) and marks those very items uploading in the same step, so none starts twice.
    setItems((list) => list.map((item) => (waiting.some((w) => w.id === item.id) ? { ...item, state: 'uploading', progress: 0, message: undefined } : item)));
    for (const item of waiting) {
      uploadImage(item.file, (progress) => update(item.id, { progress }))
        .then((result) => {
          forgetImage(result.name);
          update(item.id, { state: 'done', progress: 1, result });
          done(result);
        })
        .catch((error: unknown) => update(item.id, { state: 'failed', message: error instanceof Error ? error.message : String(error) }));
    }
  }, [items]);

  const add = useCallback((files: Iterable<File>) => {
    const added = [...files].map((file): UploadItem => ({ id: nextId.current++, file, state: 'queued', progress: 0 }));
    setItems((list) => [...added, ...list]);
  }, []);
  const retry = useCallback((id: number) => update(id, { state: 'queued', progress: 0, message: undefined }), []);
  const clearFinished = useCallback(() => setItems((list) => list.filter((item) => item.state !== 'done')), []);
  return { items, add, retry, clearFinished };
}
