import { useEffect, useState } from 'react';

/**
 * The width of an element's visible content box (`clientWidth`: without its scrollbar), kept up to date as it
 * resizes; undefined until the element is there. The grid's details line spans every column and so can be wider than
 * the grid shows: it is kept to this width, so its toolbar wraps inside what the user sees.
 */
export function useClientWidth(element: () => HTMLElement | null | undefined): number | undefined {
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    const box = element();
    if (!box) return;
    const update = () => setWidth(box.clientWidth);
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(box);
    return () => observer.disconnect();
  }, [element]);
  return width;
}
