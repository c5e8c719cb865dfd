import { Box, chakra, HStack, IconButton, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Copy } from 'lucide-react';
import { memo, type KeyboardEvent } from 'react';
import { LogLevelBadge } from './log-level-badge';
import type { ServerLogLine } from './server-log-types';

/** Log text is English and code-like: it stays left-to-right, isolated, in a right-to-left page too. */
const Ltr = chakra('bdi');

export interface ServerLogLineProps {
  line: ServerLogLine;
  timeFormat: Intl.DateTimeFormat;
  /** The one line of the list in the tab order (roving focus). */
  active: boolean;
  onCopy(line: ServerLogLine): void;
  onKeyDown(event: KeyboardEvent<HTMLLIElement>, line: ServerLogLine): void;
  onFocus(line: ServerLogLine): void;
}

/** One line: time in the UI language, level badge, message, request and details, and a copy button. */
export const ServerLogLineRow = memo(function ServerLogLineRow({ line, timeFormat, active, onCopy, onKeyDown, onFocus }: ServerLogLineProps) {
  const { t } = useLingui();
  const request = [line.method, line.url, line.status].filter((part) => part !== undefined).join(' ');
  return (
    <chakra.li
      listStyleType="none"
      tabIndex={active ? 0 : -1}
      data-seq={line.seq}
      data-testid="server-log-line"
      onKeyDown={(event) => onKeyDown(event, line)}
      onFocus={() => onFocus(line)}
      px="2"
      py="1"
      borderBottomWidth="1px"
      borderColor="border.muted"
      _hover={{ bg: 'bg.muted' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '-2px', bg: 'bg.muted' }}
      css={{ '&:hover .copy-line, &:focus-within .copy-line': { opacity: 1 } }}
    >
      <HStack align="start" gap="2" flexWrap={{ base: 'wrap', md: 'nowrap' }}>
        <chakra.time dateTime={line.time} title={line.time} fontFamily="mono" fontSize="xs" color="fg.muted" flexShrink={0} pt="0.5">
          {timeFormat.format(new Date(line.time))}
        </chakra.time>
        <LogLevelBadge level={line.level} />
        {/* On a phone the text takes a full row under time, level and request id, instead of a sliver beside them. */}
        <Box flex={{ base: '1 1 100%', md: '1' }} order={{ base: 1, md: 0 }} minW="0" fontFamily="mono" fontSize="xs" wordBreak="break-word">
          <Ltr dir="ltr" display="block">
            {line.message}
            {request && <chakra.span color="fg.muted">{`  ${request}`}</chakra.span>}
          </Ltr>
          {line.details && (
            <Ltr dir="ltr" display="block" color="fg.muted">
              {line.details}
            </Ltr>
          )}
        </Box>
        {line.reqId && (
          <Text fontFamily="mono" fontSize="xs" color="fg.muted" flexShrink={0} pt="0.5" marginInlineStart={{ base: 'auto', md: '0' }}>
            <Ltr dir="ltr">{line.reqId}</Ltr>
          </Text>
        )}
        <IconButton className="copy-line" aria-label={t`Copy line`} title={t`Copy line`} size="2xs" variant="ghost" tabIndex={-1} opacity={{ base: 1, md: 0.4 }} onClick={() => onCopy(line)}>
          <Copy />
        </IconButton>
      </HStack>
    </chakra.li>
  );
});
