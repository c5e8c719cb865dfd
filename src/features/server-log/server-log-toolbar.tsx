import { Button, chakra, HStack, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ArrowDownToLine, Eraser, Pause } from 'lucide-react';
import { useId } from 'react';
import { LEVEL_LABELS } from './log-level-badge';
import { LOG_LEVELS, type LogLevel } from './server-log-types';

export interface ServerLogToolbarProps {
  level: LogLevel;
  onLevel(level: LogLevel): void;
  text: string;
  onText(text: string): void;
  following: boolean;
  onFollowing(following: boolean): void;
  onClear(): void;
}

/** Level and text filters, follow/pause and clear view. */
export function ServerLogToolbar({ level, onLevel, text, onText, following, onFollowing, onClear }: ServerLogToolbarProps) {
  const { t, i18n } = useLingui();
  const levelId = useId();
  const textId = useId();
  return (
    <HStack gap="3" align="end" flexWrap="wrap">
      <Stack gap="1" minW="40">
        <chakra.label htmlFor={levelId} textStyle="sm" fontWeight="medium">
          {t`Lowest level`}
        </chakra.label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field id={levelId} value={level} onChange={(event) => onLevel(event.currentTarget.value as LogLevel)}>
            {LOG_LEVELS.map((name) => (
              <option key={name} value={name}>
                {i18n._(LEVEL_LABELS[name])}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Stack>
      <Stack gap="1" flex="1" minW="48">
        <chakra.label htmlFor={textId} textStyle="sm" fontWeight="medium">
          {t`Text`}
        </chakra.label>
        <Input id={textId} size="sm" type="search" value={text} placeholder={t`Message, request id, URL…`} onChange={(event) => onText(event.currentTarget.value)} />
      </Stack>
      <HStack gap="2">
        {/* An action named for what it does (Pause while following, Follow while paused), not a toggle whose name would contradict its state. */}
        <Button size="sm" variant={following ? 'solid' : 'outline'} data-following={following} onClick={() => onFollowing(!following)}>
          {following ? <Pause /> : <ArrowDownToLine />}
          {following ? t`Pause` : t`Follow`}
        </Button>
        <Button size="sm" variant="outline" onClick={onClear}>
          <Eraser />
          {t`Clear view`}
        </Button>
      </HStack>
    </HStack>
  );
}
