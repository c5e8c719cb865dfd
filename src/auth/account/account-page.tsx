import { Box, Heading, HStack, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { AuthLink } from '../auth-link';
import { PasskeysSection } from './passkeys-section';
import { SecondFactorSection } from './second-factor-section';
import { SessionsSection } from './sessions-section';

/** /auth/account (signed-in users): the second factor and the active sessions of the user's own account. */
export function AccountPage() {
  const { t } = useLingui();
  return (
    <Box as="main" minH="100vh" bg="bg.subtle" p={{ base: '3', md: '8' }}>
      <Stack gap="6" maxW="5xl" mx="auto" bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }} data-testid="account-page">
        <HStack justify="space-between" flexWrap="wrap" gap="3">
          <Heading as="h1" size="lg">
            {t`Your account`}
          </Heading>
          <HStack gap="4">
            <AuthLink to="/auth/change-password">
              <Trans>Change password</Trans>
            </AuthLink>
            <AuthLink to="/">
              <Trans>Back to the start page</Trans>
            </AuthLink>
          </HStack>
        </HStack>
        <SecondFactorSection />
        <PasskeysSection />
        <SessionsSection />
      </Stack>
    </Box>
  );
}
