import { Field, Input, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { MAX_NAME_LENGTH } from '../../../schemas/pos-layout';
import { showError } from '../../lib/toasts/show-error';
import { ActionDialog } from '../../lib/ui/action-dialog';
import { ScopeSelect } from '../../lib/tenancy/pos-scope-select';

/** Asks for a layout's name and scope: for a new layout and for a copy. The server's refusal is shown and the dialog stays. */
export function NameScopeDialog({ title, actionLabel, initialName, initialScope, testId, onSubmit, onClose }: { title: ReactNode; actionLabel: string; initialName: string; initialScope: string; testId: string; onSubmit: (name: string, scope: string) => Promise<void>; onClose: () => void }) {
  const { t } = useLingui();
  const [name, setName] = useState(initialName);
  const [scope, setScope] = useState(initialScope);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await onSubmit(name.trim(), scope);
    } catch (error) {
      showError(error);
      setBusy(false);
    }
  };
  return (
    <ActionDialog title={title} testId={testId} busy={busy} onCancel={onClose} action={{ label: actionLabel, colorPalette: 'blue', disabled: name.trim() === '', onClick: () => void submit(), testId: `${testId}-confirm` }}>
      <Stack gap="3" as="form" onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() !== '') void submit();
      }}>
        <Field.Root required>
          <Field.Label>{t`Name`}</Field.Label>
          <Input autoFocus value={name} maxLength={MAX_NAME_LENGTH} onChange={(event) => setName(event.target.value)} data-testid={`${testId}-name`} />
        </Field.Root>
        <ScopeSelect value={scope} label={t`Scope`} onChange={setScope} testId={`${testId}-scope`} />
      </Stack>
    </ActionDialog>
  );
}
