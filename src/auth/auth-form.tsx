import { Button, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { messageOf } from './field-errors';
import { FormMessage } from './form-message';

interface AuthFormProps {
  onSubmit: () => void;
  submitLabel: ReactNode;
  busy: boolean;
  /** The failed request's error, told under the button. */
  failure: unknown;
  failureTestId?: string;
  /** Under everything, usually a link back. */
  footer?: ReactNode;
  children: ReactNode;
}

/** The form of the auth pages: its fields, the submit button, the failure under it and a link at the end. */
export function AuthForm({ onSubmit, submitLabel, busy, failure, failureTestId, footer, children }: AuthFormProps) {
  return (
    // noValidate: the page shows its own translated problems instead of the browser's bubbles.
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="4">
        {children}
        <Button type="submit" colorPalette="teal" loading={busy}>
          {submitLabel}
        </Button>
        {failure !== undefined && (
          <FormMessage kind="error" testId={failureTestId}>
            {messageOf(failure)}
          </FormMessage>
        )}
        {footer}
      </Stack>
    </form>
  );
}
