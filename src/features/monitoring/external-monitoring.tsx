import { Box, Link } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ExternalLink } from 'lucide-react';

/** MATE_MONITORING_URL framed (the server's CSP frame-src allows its origin), with a link to open it in a tab. */
export function ExternalMonitoring({ url }: { url: string }) {
  const { t } = useLingui();
  return (
    <Box>
      <Link href={url} target="_blank" rel="noopener noreferrer" textStyle="sm" mb="2" display="inline-flex" gap="1" alignItems="center" data-testid="monitoring-external-link">
        {t`Open the monitoring dashboard in a new tab`} <ExternalLink size={14} aria-hidden />
      </Link>
      <Box
        as="iframe"
        {...{ src: url, title: t`External monitoring dashboard`, referrerPolicy: 'no-referrer', sandbox: 'allow-scripts allow-same-origin allow-forms allow-popups' }}
        width="100%"
        height="75vh"
        borderWidth="1px"
        borderRadius="md"
        data-testid="monitoring-external-frame"
      />
    </Box>
  );
}
