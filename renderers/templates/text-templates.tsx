import { Heading, Text } from '@chakra-ui/react';
import type { DescriptionFieldProps, TitleFieldProps } from '@rjsf/utils';

/** Errors show beside their fields (and as tab badges), not as a list above the form. */
export function ErrorListTemplate() {
  return null;
}

/** The field template renders its errors and help itself, as Chakra field parts. */
export function NoneTemplate() {
  return null;
}

/** A description under an object or array title. */
export function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  if (!description) return null;
  return (
    <Text id={id} fontSize="sm" color="fg.muted">
      {description}
    </Text>
  );
}

/** A title of an object or array. */
export function TitleFieldTemplate({ id, title, required }: TitleFieldProps) {
  if (!title) return null;
  return (
    <Heading id={id} size="sm">
      {title}
      {required && <span aria-hidden> *</span>}
    </Heading>
  );
}
