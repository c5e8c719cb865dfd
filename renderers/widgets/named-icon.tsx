import { DynamicIcon, type IconName } from 'lucide-react/dynamic';

/** A lucide icon by its kebab-case name, as metadata names icons; loaded on demand. */
export function NamedIcon({ name, size = 16 }: { name: string | undefined; size?: number }) {
  if (!name) return null;
  return <DynamicIcon name={name as IconName} size={size} aria-hidden data-icon={name} />;
}
