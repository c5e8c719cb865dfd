import { hasFlag } from 'country-flag-icons';
import * as flags from 'country-flag-icons/react/3x2';
import { Globe } from 'lucide-react';

type FlagComponent = (props: { title?: string; className?: string; style?: React.CSSProperties }) => React.ReactElement;

/** A country's flag shipped with the app (no network); a globe when the country is unknown or absent. */
export function CountryFlag({ country, size = 18 }: { country?: string | null; size?: number }) {
  const code = (country ?? '').toUpperCase();
  const Flag = hasFlag(code) ? (flags as unknown as Record<string, FlagComponent>)[code] : undefined;
  if (!Flag) return <Globe size={size} aria-hidden />;
  return <Flag aria-hidden style={{ width: size, height: (size * 2) / 3, borderRadius: 2, flexShrink: 0 }} />;
}
