import { useLingui } from '@lingui/react/macro';

/** The document kinds (the contract's `kind`) as words in the user's language; an unknown kind shows as sent. */
export function useKindLabel(): (kind: string) => string {
  const { t } = useLingui();
  const labels: Record<string, string> = {
    sale: t`Sale`,
    return: t`Return`,
    cancellation: t`Cancellation`,
    'cash-deposit': t`Cash deposit`,
    'cash-withdrawal': t`Cash withdrawal`,
    'end-of-day': t`End of day`,
  };
  return (kind) => labels[kind] ?? kind;
}
