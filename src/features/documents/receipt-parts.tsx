import { Box, Button, HStack, Menu, Portal, Tabs, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download, Printer } from 'lucide-react';
import { useMemo } from 'react';
import { BusyHourglass } from '../../shell/busy-hourglass';
import { printReceiptCopy } from './print-receipt';
import { receiptFrameHtml } from './receipt-frame-html';
import type { ReceiptDownload } from './document-types';
import type { ReceiptCopy } from './use-receipt-copies';

export interface ReceiptPartsProps {
  copies: readonly ReceiptCopy[] | undefined;
  loading: boolean;
  failed: boolean;
  /** The receipt's downloads as the server names them. */
  downloads: readonly ReceiptDownload[];
  onDownload: (download: ReceiptDownload) => void;
  downloading: boolean;
}

/**
 * The receipt as its copies (spec 2 §2 "Documents and downloads"): one tab per copy naming its type and whether it
 * was printed, the copy's sanitised HTML in a sandboxed frame that runs nothing and loads nothing; Reprint prints the
 * copy shown, Download offers the receipt as HTML, PDF, XML or ZIP.
 */
export function ReceiptParts({ copies, loading, failed, downloads, onDownload, downloading }: ReceiptPartsProps) {
  const { t } = useLingui();
  const frames = useMemo(() => (copies ?? []).map((copy) => receiptFrameHtml(copy.html)), [copies]);
  // The server names the copy types in the user's language; a copy it did not name shows its type as sent.
  const typeName = (copy: ReceiptCopy) => copy.title || copy.type;
  const downloadMenu = (
    <Menu.Root onSelect={(details) => {
        const chosen = downloads.find((entry) => entry.format === details.value);
        if (chosen) onDownload(chosen);
      }} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" loading={downloading} data-testid="receipt-download">
          <Download aria-hidden />
          <Trans>Download</Trans>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content data-testid="receipt-download-menu">
            {downloads.map((entry) => (
              <Menu.Item key={entry.format} value={entry.format}>
                {entry.format.toUpperCase()}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
  if (loading) return <BusyHourglass />;
  if (failed || !copies)
    return (
      <HStack justify="space-between" flexWrap="wrap">
        <Text color="fg.error">
          <Trans>The receipt's copies could not be read.</Trans>
        </Text>
        {downloadMenu}
      </HStack>
    );
  if (copies.length === 0)
    return (
      <HStack justify="space-between" flexWrap="wrap">
        <Text color="fg.muted">
          <Trans>The terminal sent no printed copies of this receipt.</Trans>
        </Text>
        {downloadMenu}
      </HStack>
    );
  return (
    <Tabs.Root defaultValue="0" variant="line" size="sm" lazyMount={false} data-testid="receipt-parts">
      <HStack justify="space-between" align="flex-end" flexWrap="wrap" gap="2">
        <Tabs.List flexWrap="wrap">
          {copies.map((copy, index) => (
            <Tabs.Trigger key={index} value={String(index)} data-testid="receipt-part-tab">
              {typeName(copy)}
              {copy.variant ? ` · ${copy.variant}` : ''} · {copy.printed ? t`printed` : t`not printed`}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {downloadMenu}
      </HStack>
      {copies.map((copy, index) => (
        <Tabs.Content key={index} value={String(index)}>
          <HStack justify="flex-end" mb="2">
            <Button size="sm" variant="outline" onClick={() => printReceiptCopy(frames[index]!, typeName(copy))} data-testid="receipt-reprint">
              <Printer aria-hidden />
              <Trans>Reprint</Trans>
            </Button>
          </HStack>
          <Box borderWidth="1px" borderRadius="md" overflow="hidden" bg="white" maxW="24rem" mx="auto">
            {/* No sandbox permission at all: the copy runs no script, submits nothing, opens nothing. */}
            <iframe sandbox="" srcDoc={frames[index]} title={typeName(copy)} data-testid="receipt-frame" style={{ width: '100%', height: '28rem', border: 0, display: 'block' }} />
          </Box>
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
