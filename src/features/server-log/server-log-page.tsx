import { Alert, Box, Button, chakra, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { ApiRequestError } from '../../lib/api/api-error';
import { copyToClipboard } from '../../lib/toasts/copy-to-clipboard';
import { lineAsText } from './server-log-lines';
import { ServerLogLineRow } from './server-log-line';
import { ServerLogToolbar } from './server-log-toolbar';
import type { LogLevel, ServerLogLine } from './server-log-types';
import { useFollowScroll } from './use-follow-scroll';
import { useServerLog } from './use-server-log';

/** Lines drawn at once; earlier held lines come on request, so a full buffer does not draw 2,000 rows. */
const PAGE_OF_LINES = 300;
/** A text filter is sent once typing pauses. */
const TEXT_FILTER_DELAY_MS = 300;

/** /diagnostics/logs (component 'server-log'): this instance's log, live. */
export function ServerLogPage() {
  const { t, i18n } = useLingui();
  const [level, setLevel] = useState<LogLevel>('trace');
  const [text, setText] = useState('');
  const [sentText, setSentText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSentText(text), TEXT_FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const filter = useMemo(() => ({ level, text: sentText }), [level, sentText]);
  const log = useServerLog(filter);
  const [shown, setShown] = useState(PAGE_OF_LINES);
  const visible = log.lines.length > shown ? log.lines.slice(log.lines.length - shown) : log.lines;
  const { ref, following, setFollowing, onScroll } = useFollowScroll(visible[visible.length - 1]?.seq ?? 0);
  const [activeSeq, setActiveSeq] = useState<number | undefined>(undefined);
  const active = visible.some((line) => line.seq === activeSeq) ? activeSeq : visible[visible.length - 1]?.seq;
  const timeFormat = useMemo(() => new Intl.DateTimeFormat(i18n.locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3 }), [i18n.locale]);

  const copy = useCallback((line: ServerLogLine) => void copyToClipboard(lineAsText(line)), []);
  const onFocus = useCallback((line: ServerLogLine) => setActiveSeq(line.seq), []);
  // Roving focus: the list is one tab stop; arrows, Home and End move between lines, C or Enter copies one.
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLLIElement>, line: ServerLogLine) => {
      const current = event.currentTarget;
      const target =
        event.key === 'ArrowDown' ? current.nextElementSibling : event.key === 'ArrowUp' ? current.previousElementSibling : event.key === 'Home' ? current.parentElement?.firstElementChild : event.key === 'End' ? current.parentElement?.lastElementChild : undefined;
      if (target instanceof HTMLElement) {
        event.preventDefault();
        target.focus();
      } else if (event.key === 'Enter' || event.key.toLowerCase() === 'c') {
        if (event.ctrlKey || event.metaKey || event.altKey) return;
        event.preventDefault();
        copy(line);
      }
    },
    [copy],
  );

  const instance = log.instance;
  const forbidden = log.error instanceof ApiRequestError && log.error.status === 403;
  return (
    <Stack gap="3" data-testid="server-log">
      <ServerLogToolbar
        level={level}
        onLevel={setLevel}
        text={text}
        onText={setText}
        following={following}
        onFollowing={setFollowing}
        onClear={() => {
          log.clear();
          setShown(PAGE_OF_LINES);
        }}
      />
      {instance && (
        <Text textStyle="sm" color="fg.muted" data-testid="server-log-instance">
          <Trans>
            Instance{' '}
            <chakra.bdi dir="ltr" fontFamily="mono">
              {instance.hostname}
            </chakra.bdi>
            , process {instance.pid}, id{' '}
            <chakra.bdi dir="ltr" fontFamily="mono" title={instance.id}>
              {instance.id.slice(0, 8)}
            </chakra.bdi>
            , started {i18n.date(instance.startedAt, { dateStyle: 'short', timeStyle: 'medium' })}. Each instance shows its own log.
          </Trans>
        </Text>
      )}
      {log.error !== undefined && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{forbidden ? t`Reading the server log needs Read on this page in the Global column: the log covers the whole installation.` : t`The server log could not be read.`}</Alert.Description>
          </Alert.Content>
          {!forbidden && (
            <Button size="xs" variant="outline" onClick={log.reload}>
              {t`Try again`}
            </Button>
          )}
        </Alert.Root>
      )}
      {log.liveElsewhere && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>{t`New lines come from another server instance than this list; reload the page to follow one instance.`}</Alert.Description>
        </Alert.Root>
      )}
      <Box
        ref={ref}
        onScroll={onScroll}
        role="log"
        aria-live="off"
        aria-label={t`Server log lines`}
        aria-busy={log.loading}
        h={{ base: '65dvh', md: 'calc(100dvh - 22rem)' }}
        minH="72"
        overflowY="auto"
        borderWidth="1px"
        borderColor="border"
        borderRadius="md"
        bg="bg.panel"
      >
        {(log.truncated || log.lines.length > shown) && (
          <Stack align="center" py="2" gap="1">
            {log.lines.length > shown ? (
              <Button size="xs" variant="ghost" onClick={() => setShown((count) => count + PAGE_OF_LINES)}>
                {t`Show earlier lines`}
              </Button>
            ) : (
              <Text textStyle="xs" color="fg.muted">{t`Older lines are left out; narrow the filter to find them.`}</Text>
            )}
          </Stack>
        )}
        {visible.length === 0 && !log.loading ? (
          <Text p="4" color="fg.muted">
            {log.lines.length === 0 && !sentText && level === 'trace' ? t`No lines yet. New lines appear here as the server writes them.` : t`No line matches the filter.`}
          </Text>
        ) : (
          <chakra.ul m="0" p="0">
            {visible.map((line) => (
              <ServerLogLineRow key={line.seq} line={line} timeFormat={timeFormat} active={line.seq === active} onCopy={copy} onKeyDown={onKeyDown} onFocus={onFocus} />
            ))}
          </chakra.ul>
        )}
      </Box>
      <Text textStyle="xs" color="fg.muted">
        <Trans>
          Lines held: {log.lines.length}. Scrolling up pauses following; the arrow keys move between lines, C copies the focused one. Clear view empties this page, not the server&apos;s log.
        </Trans>
      </Text>
    </Stack>
  );
}
