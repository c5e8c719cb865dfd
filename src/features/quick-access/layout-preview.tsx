import { Box } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { LayoutContent } from '../../../schemas/pos-layout';
import { PosButtonFace } from './pos-button-face';

/**
 * The layout as the terminal shows it: drawn at the screen's own size in pixels (so labels wrap and icons scale as
 * there), then scaled down to the space the page has.
 */
export function LayoutPreview({ content }: { content: LayoutContent }) {
  const { t } = useLingui();
  const outer = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  const { width, height } = content.screen;
  useEffect(() => {
    const element = outer.current;
    if (!element) return;
    const measure = () => setScale(Math.min(1, element.clientWidth / width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);
  return (
    <Box ref={outer} w="full" h={`${height * scale}px`} overflow="hidden" data-testid="layout-preview" role="img" aria-label={t`Preview at ${width} x ${height} pixels`}>
      <Box w={`${width}px`} h={`${height}px`} transform={`scale(${scale})`} transformOrigin="top left" _rtl={{ transformOrigin: 'top right' }} bg="gray.900" p="2" display="grid" gridTemplateColumns={`repeat(${content.columns}, 1fr)`} gridTemplateRows={`repeat(${content.rows}, 1fr)`} gap="2" borderRadius="md">
        {content.buttons.map((button) => (
          <Box key={button.id} gridColumn={`${button.x + 1} / span ${button.w}`} gridRow={`${button.y + 1} / span ${button.h}`} minW="0" minH="0">
            <PosButtonFace button={button} iconSize={Math.round(Math.min(width / content.columns, height / content.rows) / 3)} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}
