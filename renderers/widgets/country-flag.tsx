import { Box } from '@chakra-ui/react';
import { useEffect, useState, type ComponentType, type SVGProps } from 'react';

type FlagModule = Record<string, ComponentType<SVGProps<SVGSVGElement> & { title?: string }>>;

let flags: FlagModule | undefined;
let loading: Promise<FlagModule> | undefined;

// The flag set is loaded on first use, so forms without flags do not carry it in their bundle.
function loadFlags(): Promise<FlagModule> {
  loading ??= import('country-flag-icons/react/3x2').then((module) => (flags = module as unknown as FlagModule));
  return loading;
}

/** The shipped SVG flag of an ISO 3166 alpha-2 code (nothing for an unknown code). */
export function CountryFlag({ country }: { country: string | undefined }) {
  const code = country?.toUpperCase();
  const [, setLoaded] = useState(flags !== undefined);
  useEffect(() => {
    if (!flags && code) void loadFlags().then(() => setLoaded(true));
  }, [code]);
  const Flag = code && /^[A-Z]{2}$/.test(code) ? flags?.[code] : undefined;
  if (!Flag) return null;
  return (
    <Box as="span" display="inline-flex" width="5" flexShrink={0} data-flag={code}>
      <Flag title={code} width="100%" />
    </Box>
  );
}

/** Text-widget adornment: the flag of the code typed so far. */
export function CountryAdornment({ value }: { value: string }) {
  return <CountryFlag country={value} />;
}
