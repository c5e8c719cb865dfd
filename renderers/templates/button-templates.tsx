import { IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { IconButtonProps } from '@rjsf/utils';
import { ArrowDown, ArrowUp, Copy, Plus, Trash2, X } from 'lucide-react';

type ToolKind = 'add' | 'copy' | 'up' | 'down' | 'remove' | 'clear';

const ICONS = { add: Plus, copy: Copy, up: ArrowUp, down: ArrowDown, remove: Trash2, clear: X } as const;

function useToolLabel(kind: ToolKind): string {
  const { t } = useLingui();
  switch (kind) {
    case 'add':
      return t`Add`;
    case 'copy':
      return t`Copy`;
    case 'up':
      return t`Move up`;
    case 'down':
      return t`Move down`;
    case 'remove':
      return t`Remove`;
    case 'clear':
      return t`Clear`;
  }
}

function toolButton(kind: ToolKind) {
  function ToolButton({ registry: _registry, uiSchema: _uiSchema, icon: _icon, iconType: _iconType, color: _color, className: _className, ...rest }: IconButtonProps) {
    const text = useToolLabel(kind);
    const Icon = ICONS[kind];
    return (
      <IconButton type="button" size="sm" variant="ghost" colorPalette={kind === 'remove' ? 'red' : undefined} aria-label={text} title={text} {...rest}>
        <Icon />
      </IconButton>
    );
  }
  return ToolButton;
}

/** rjsf's button templates on Chakra; the form's own Save button lives outside rjsf, so SubmitButton renders nothing. */
export const BUTTON_TEMPLATES = {
  AddButton: toolButton('add'),
  CopyButton: toolButton('copy'),
  MoveUpButton: toolButton('up'),
  MoveDownButton: toolButton('down'),
  RemoveButton: toolButton('remove'),
  ClearButton: toolButton('clear'),
  SubmitButton: () => null,
};
