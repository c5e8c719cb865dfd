import { Button, type ButtonProps } from '@chakra-ui/react';
import { NavIcon } from '../../lib/ui/nav-icon';
import type { DataRecord } from './data-api';
import type { RowCommands } from './use-row-commands';

/**
 * The buttons of a kind's row commands (metadata `extensions.commands`) for one stored record: the open row's toolbar
 * and the full-page editor offer the same ones. The running command shows busy and the others wait for it.
 */
export function RowCommandButtons({ rowCommands, record, size = 'xs' }: { rowCommands: RowCommands | undefined; record: DataRecord; size?: ButtonProps['size'] }) {
  if (!rowCommands) return null;
  const { commands, running, run } = rowCommands;
  return commands.map((command) => (
    <Button key={command.id} size={size} variant="ghost" loading={running === command.id} disabled={running !== undefined} onClick={() => run(command, record)} data-testid={`row-command-${command.id}`}>
      <NavIcon name={command.icon} size={size === 'xs' ? 14 : 16} /> {command.label}
    </Button>
  ));
}
