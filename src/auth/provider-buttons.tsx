import { Button, Stack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { apiUrl } from '../lib/api/api-client';

export type ProviderId = 'directory' | 'google';

/** Where a provider sign-in starts: the server redirects to the provider (docs/auth.md "Sign-in with a directory or Google"). */
export function providerStartUrl(provider: ProviderId, returnTo: string, remember: boolean): string {
  return apiUrl(`/api/v1-pub/oidc/${provider}/start`, { returnTo, ...(remember ? { remember: '1' } : {}) });
}

function ProviderLabel({ provider }: { provider: ProviderId }) {
  return provider === 'google' ? <Trans>Sign in with Google</Trans> : <Trans>Sign in with a work or school account</Trans>;
}

/** A button per configured provider; each leaves the page for the provider, which sends the browser back to /auth/login. */
export function ProviderButtons({ providers, returnTo, remember }: { providers: ProviderId[]; returnTo: string; remember: boolean }) {
  if (providers.length === 0) return null;
  return (
    <Stack gap="2" data-testid="sign-in-providers">
      {providers.map((provider) => (
        // A long label (Arabic's fills a phone's button) wraps rather than running out of the button.
        <Button key={provider} variant="outline" width="full" whiteSpace="normal" height="auto" minH="10" py="2" onClick={() => window.location.assign(providerStartUrl(provider, returnTo, remember))} data-testid={`sign-in-with-${provider}`}>
          <ProviderLabel provider={provider} />
        </Button>
      ))}
    </Stack>
  );
}
