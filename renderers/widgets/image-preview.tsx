import { Box, Image } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';

/** Loads a named image as a URL an <img> can show; undefined when there is none. The app provides it (docs/uploads.md). */
export type ImageLoader = (name: string) => Promise<string | undefined>;

let loader: ImageLoader | undefined;

/** Set once at start by the app: renderers know no API, the app's loader sends the token and scope. */
export function provideImageLoader(next: ImageLoader | undefined): void {
  loader = next;
}

/**
 * A small preview of the image a field with usage ImageName names, loaded only once it scrolls into view (a grid of
 * many rows fetches only the visible ones). Nothing is shown for an empty name, a missing image or no loader; the
 * name stays the field's text, so the preview is decoration (empty alt).
 */
export function ImagePreview({ name, size = 8 }: { name: string; size?: number }) {
  const frame = useRef<HTMLDivElement>(null);
  const [seen, setVisible] = useState(false);
  // Without IntersectionObserver (old browsers, tests) every preview counts as in view.
  const visible = seen || typeof IntersectionObserver === 'undefined';
  // The image found for a name; a different name shows nothing until its own image is found.
  const [found, setFound] = useState<{ name: string; url: string | undefined }>();
  const trimmed = name.trim();
  const url = found?.name === trimmed ? found.url : undefined;
  useEffect(() => {
    const element = frame.current;
    if (!element || visible) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setVisible(true));
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);
  useEffect(() => {
    let cancelled = false;
    if (!visible || !loader || trimmed === '') return;
    void loader(trimmed).then((url) => !cancelled && setFound({ name: trimmed, url }));
    return () => {
      cancelled = true;
    };
  }, [trimmed, visible]);
  return (
    <Box ref={frame} flexShrink={0} width={url ? size : 0} height={size} display="inline-flex" alignItems="center" data-testid="image-preview" data-loaded={url ? 'true' : 'false'}>
      {url && <Image src={url} alt="" width={size} height={size} objectFit="contain" borderRadius="sm" borderWidth="1px" borderColor="border" bg="bg.subtle" />}
    </Box>
  );
}

/** The image widget's adornment: the preview beside the name. */
export function ImageAdornment({ value }: { value: string }) {
  return <ImagePreview name={value} size={10} />;
}
