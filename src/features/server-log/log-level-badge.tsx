import { Badge } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { LogLevel } from './server-log-types';

/** The level's word in the UI language: the badge never says it by colour alone. */
export const LEVEL_LABELS: Record<LogLevel, MessageDescriptor> = {
  trace: msg`Trace`,
  debug: msg`Debug`,
  info: msg`Info`,
  warn: msg`Warning`,
  error: msg`Error`,
  fatal: msg`Fatal`,
};

const PALETTES: Record<LogLevel, { palette: string; variant: 'subtle' | 'solid' }> = {
  trace: { palette: 'gray', variant: 'subtle' },
  debug: { palette: 'purple', variant: 'subtle' },
  info: { palette: 'blue', variant: 'subtle' },
  warn: { palette: 'orange', variant: 'subtle' },
  error: { palette: 'red', variant: 'subtle' },
  fatal: { palette: 'red', variant: 'solid' },
};

export function LogLevelBadge({ level }: { level: LogLevel }) {
  const { i18n } = useLingui();
  const { palette, variant } = PALETTES[level];
  return (
    <Badge colorPalette={palette} variant={variant} minW="16" justifyContent="center" flexShrink={0} data-level={level}>
      {i18n._(LEVEL_LABELS[level])}
    </Badge>
  );
}
