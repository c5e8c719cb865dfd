import { Badge, Box, Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { RotateCcw, Upload } from 'lucide-react';
import { useCallback, useEffect, useId, useState, type DragEvent } from 'react';
import { DROPZONE_PARALLEL_UPLOADS, IMAGE_ACCEPT } from '../../../schemas/image-upload';
import { ImagePreview } from '../../../renderers/widgets/image-preview';
import { apiGet } from '../../lib/api/api-client';
import { formatNumber } from '../../lib/format/format-number';
import { useUploadQueue, type UploadItem } from './use-upload-queue';

interface StoredImage {
  name: string;
  byteSize: number;
  uploadedAt: string;
}

function useStoredImages() {
  const [images, setImages] = useState<StoredImage[]>();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let cancelled = false;
    apiGet<{ items: StoredImage[] }>('/api/images', { take: 100 })
      .then((answer) => !cancelled && setImages(answer.items))
      .catch(() => !cancelled && setImages([]));
    return () => {
      cancelled = true;
    };
  }, [version]);
  return { images, reload: useCallback(() => setVersion((n) => n + 1), []) };
}

function UploadRow({ item, onRetry }: { item: UploadItem; onRetry: () => void }) {
  const { t, i18n } = useLingui();
  const percent = Math.round(item.progress * 100);
  const name = item.file.name;
  const status =
    item.state === 'queued' ? t`Waiting` : item.state === 'uploading' ? t`Uploading ${formatNumber(percent, i18n.locale)} %` : item.state === 'failed' ? t`Refused` : item.result?.replaced ? t`Replaced` : t`Stored`;
  const references = item.result?.references ?? 0;
  return (
    <Box as="li" listStyleType="none" borderWidth="1px" borderRadius="md" p="3" data-testid="upload-item" data-state={item.state}>
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Text fontWeight="medium" truncate maxW="full" dir="auto">
          {name}
        </Text>
        <Badge colorPalette={item.state === 'failed' ? 'red' : item.state === 'done' ? 'green' : 'gray'}>{status}</Badge>
      </HStack>
      <Progress.Root value={percent} size="sm" mt="2" colorPalette={item.state === 'failed' ? 'red' : 'blue'} aria-label={t`Upload of ${name}`}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      {item.state === 'failed' && (
        <HStack mt="2" justify="space-between" gap="3" flexWrap="wrap">
          <Text color="fg.error" fontSize="sm" role="alert" data-testid="upload-message">
            {item.message}
          </Text>
          <Button size="xs" variant="outline" onClick={onRetry}>
            <RotateCcw aria-hidden /> {t`Try again`}
          </Button>
        </HStack>
      )}
      {item.state === 'done' && (
        <Text mt="2" fontSize="sm" color="fg.muted">
          {references === 0 ? t`No record names this image yet.` : references === 1 ? t`One record names this image.` : t`${formatNumber(references, i18n.locale)} records name this image.`}
        </Text>
      )}
    </Box>
  );
}

/**
 * /tools/dropzone (component 'dropzone'): drop images (or pick them with the file input) to store them under their
 * file names in the current tenant; fields with usage ImageName show the image of that name (docs/uploads.md).
 */
export function DropzonePage() {
  const { t, i18n } = useLingui();
  const inputId = useId();
  const stored = useStoredImages();
  const queue = useUploadQueue(stored.reload);
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (event.dataTransfer.files.length > 0) queue.add(event.dataTransfer.files);
  };
  return (
    <Stack gap="5" data-testid="dropzone-page">
      <Box
        data-testid="dropzone"
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={over ? 'colorPalette.solid' : 'border.emphasized'}
        colorPalette="blue"
        bg={over ? 'colorPalette.subtle' : 'bg.subtle'}
        borderRadius="lg"
        p={{ base: '5', md: '8' }}
        textAlign="center"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <Stack align="center" gap="3">
          <Upload aria-hidden size={32} />
          <Text fontWeight="medium">{t`Drop images here`}</Text>
          <Text fontSize="sm" color="fg.muted">
            {t`PNG, JPEG, WebP or GIF. Each is stored under its file name; a field with that image name shows it. ${formatNumber(DROPZONE_PARALLEL_UPLOADS, i18n.locale)} upload at once.`}
          </Text>
          <label htmlFor={inputId}>
            <Text as="span" fontSize="sm">
              {t`Or choose files:`}
            </Text>
          </label>
          <input
            id={inputId}
            data-testid="dropzone-input"
            type="file"
            multiple
            accept={IMAGE_ACCEPT}
            onChange={(event) => {
              if (event.target.files) queue.add(event.target.files);
              event.target.value = '';
            }}
          />
        </Stack>
      </Box>
      {queue.items.length > 0 && (
        <Stack gap="2" as="section" aria-label={t`Uploads`}>
          <HStack justify="space-between">
            <Text fontWeight="semibold">{t`Uploads`}</Text>
            <Button size="xs" variant="ghost" onClick={queue.clearFinished}>
              {t`Clear finished`}
            </Button>
          </HStack>
          <Stack as="ul" gap="2" m="0" p="0">
            {queue.items.map((item) => (
              <UploadRow key={item.id} item={item} onRetry={() => queue.retry(item.id)} />
            ))}
          </Stack>
        </Stack>
      )}
      <Stack gap="2" as="section" aria-label={t`Images of this organisation`} data-testid="stored-images">
        <Text fontWeight="semibold">{t`Images of this organisation`}</Text>
        {stored.images?.length === 0 && <Text color="fg.muted">{t`No images yet.`}</Text>}
        <Box display="grid" gridTemplateColumns="repeat(auto-fill, minmax(9rem, 1fr))" gap="3">
          {stored.images?.map((image) => (
            <Stack key={image.name} align="center" gap="1" borderWidth="1px" borderRadius="md" p="2" data-testid="stored-image">
              <ImagePreview name={image.name} size={20} />
              <Text fontSize="sm" truncate maxW="full" dir="auto">
                {image.name}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {t`${formatNumber(Math.ceil(image.byteSize / 1024), i18n.locale)} KB`}
              </Text>
            </Stack>
          ))}
        </Box>
      </Stack>
    </Stack>
  );
}
