import { Box, Button, Code, HStack, List, Stack, Text } from '@chakra-ui/react';
import { Copy, Download } from 'lucide-react';
import { showError } from '../lib/toasts/show-error';
import { toasts } from '../lib/toasts/toast-store';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SecondFactorEnrolment } from './auth-api';
import { TextField } from './text-field';

/** The QR code an authenticator app scans (drawn by the server: the secret goes to no other service), and the secret to type. */
export function EnrolmentQr({ enrolment }: { enrolment: SecondFactorEnrolment }) {
  const { t } = useLingui();
  return (
    <Stack gap="2" data-testid="second-factor-enrolment">
      <Text textStyle="sm">
        <Trans>Scan this code with an authenticator app, then enter the 6-digit code it shows.</Trans>
      </Text>
      {/* The QR stays black on white in dark mode too: scanners need the contrast. */}
      <Box asChild width="200px" height="200px" bg="white" borderRadius="md">
        <img src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qrSvg)}`} alt={t`QR code for the authenticator app`} />
      </Box>
      <Text textStyle="sm">
        <Trans>Or type this key into the app:</Trans>{' '}
        <Code data-testid="second-factor-secret" dir="ltr" wordBreak="break-all">
          {enrolment.secret}
        </Code>
      </Text>
    </Stack>
  );
}

/** The code field of the second factor: the app's 6 digits, or a recovery code. */
export function SecondFactorCodeField({ value, onChange, error, autoFocus = true }: { value: string; onChange: (value: string) => void; error?: string; autoFocus?: boolean }) {
  return (
    <TextField
      name="code"
      label={<Trans>Code from the authenticator app, or a recovery code</Trans>}
      value={value}
      onChange={onChange}
      autoComplete="one-time-code"
      required
      autoFocus={autoFocus}
      error={error}
    />
  );
}

/** The recovery codes, shown once: each signs in once instead of the app's code. Copy and Download keep them. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useLingui();
  const text = `${codes.join('\n')}\n`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toasts.show({ type: 'success', title: t`The recovery codes are copied` });
    } catch (error) {
      showError(error);
    }
  }
  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'mate-recovery-codes.txt';
    link.click();
    // After the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return (
    <Stack gap="2" data-testid="recovery-codes">
      <Text textStyle="sm" fontWeight="semibold">
        <Trans>Your recovery codes</Trans>
      </Text>
      <Text textStyle="sm">
        <Trans>Keep them somewhere safe. Each works once in place of the app&apos;s code; they are shown only now.</Trans>
      </Text>
      <List.Root as="ol" ps="5" dir="ltr" fontFamily="mono" textStyle="sm">
        {codes.map((code) => (
          <List.Item key={code} data-testid="recovery-code">
            {code}
          </List.Item>
        ))}
      </List.Root>
      <HStack gap="2" flexWrap="wrap">
        <Button size="sm" variant="outline" onClick={() => void copy()} data-testid="recovery-codes-copy">
          <Copy aria-hidden />
          <Trans>Copy</Trans>
        </Button>
        <Button size="sm" variant="outline" onClick={download} data-testid="recovery-codes-download">
          <Download aria-hidden />
          <Trans>Download</Trans>
        </Button>
      </HStack>
    </Stack>
  );
}
