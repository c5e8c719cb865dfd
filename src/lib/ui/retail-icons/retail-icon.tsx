import { CircleHelp } from 'lucide-react';
import { RETAIL_ICON_COMPONENTS } from './retail-icon-components';

/** A retail icon by its name (schemas/retail-icons.ts); an unknown name shows a question mark rather than nothing. */
export function RetailIcon({ name, size = 20 }: { name: string; size?: number }) {
  const Icon = RETAIL_ICON_COMPONENTS[name] ?? CircleHelp;
  return <Icon size={size} aria-hidden="true" focusable="false" />;
}
