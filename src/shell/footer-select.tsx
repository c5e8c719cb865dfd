import { chakra, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One choice of a footer select; `title` and `lang` describe options shown by a code (languages). */
export interface FooterSelectOption<T extends string> {
  value: T;
  label: ReactNode;
  title?: string;
  lang?: string;
}

interface FooterSelectProps<T extends string> {
  id: string;
  /** Read by screen readers only: the footer is too narrow for visible labels. */
  label: string;
  value: T;
  options: readonly FooterSelectOption<T>[];
  onChange: (value: T) => void;
  width: string;
  title?: string;
}

/** The small labelled select of the footer (language, layout, theme). */
export function FooterSelect<T extends string>({ id, label, value, options, onChange, width, title }: FooterSelectProps<T>) {
  return (
    <>
      <chakra.label htmlFor={id} srOnly>
        {label}
      </chakra.label>
      <NativeSelect.Root size="xs" width={width}>
        {/* The options are the only values the select can take, so its value is one of T. */}
        <NativeSelect.Field id={id} value={value} title={title} onChange={(event) => onChange(event.currentTarget.value as T)}>
          {options.map((option) => (
            <option key={option.value} value={option.value} title={option.title} lang={option.lang}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </>
  );
}
