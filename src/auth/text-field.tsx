import { Field, Input } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface TextFieldProps {
  name: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'password' | 'email';
  autoComplete?: string;
  error?: ReactNode;
  required?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** A labelled input with its error text, the one field shape of the auth forms. */
export function TextField({ name, label, value, onChange, type = 'text', autoComplete, error, required, readOnly, disabled, autoFocus }: TextFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} readOnly={readOnly} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input name={name} type={type} value={value} autoComplete={autoComplete} autoFocus={autoFocus} onChange={(event) => onChange(event.currentTarget.value)} />
      {error && <Field.ErrorText data-testid={`${name}-error`}>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
