import { Alert, Box, CloseButton, Heading, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from 'react-router';
import { formatNumber } from '../../lib/format/format-number';
import { formatDocumentTime } from './document-time';
import { BusyHourglass } from '../../shell/busy-hourglass';
import type { DocumentDetail, DocumentSummary, ReceiptDownload } from './document-types';
import { ReceiptParts } from './receipt-parts';
import type { ReceiptCopy } from './use-receipt-copies';

export interface DocumentDetailPaneProps {
  detail: DocumentDetail | undefined;
  loading: boolean;
  failed: boolean;
  onClose: () => void;
  /** The viewer's address of another document (an original, a correction). */
  hrefOf: (document: DocumentSummary) => string;
  base: string;
  copies: { copies: readonly ReceiptCopy[] | undefined; loading: boolean; failed: boolean };
  downloads: readonly ReceiptDownload[];
  onDownload: (download: ReceiptDownload) => void;
  downloading: boolean;
}

/**
 * The selected document: its number, date, place and state (an unprocessed one with the reason), links to the original
 * it corrects and to its corrections, the receipt's copies, and its lines (each article linked to its data grid),
 * payments and taxes per rate.
 */
export function DocumentDetailPane({ detail, loading, failed, onClose, hrefOf, base, copies, downloads, onDownload, downloading }: DocumentDetailPaneProps) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const money = (value: number) => (detail ? formatNumber(value, locale, { style: 'currency', currency: detail.currency }) : '');
  const kindName = (kind: string) =>
    ({ sale: t`Sale`, return: t`Return`, cancellation: t`Cancellation`, 'cash-deposit': t`Cash deposit`, 'cash-withdrawal': t`Cash withdrawal`, 'end-of-day': t`End of day` })[kind] ?? kind;
  const linkTo = (document: DocumentSummary) => (
    <Link asChild colorPalette="blue" key={document.uid}>
      <RouterLink to={hrefOf(document)} data-testid="document-link">
        {kindName(document.kind)} {document.id ?? ''} · {formatDocumentTime(document, locale, { dateStyle: 'short', timeStyle: 'short' })}
      </RouterLink>
    </Link>
  );

  return (
    <Box as="section" aria-label={t`Document`} borderWidth="1px" borderRadius="md" p={{ base: '3', md: '4' }} data-testid="document-detail">
      {loading && <BusyHourglass />}
      {failed && (
        <Text color="fg.error" role="alert">
          <Trans>The document could not be read.</Trans>
        </Text>
      )}
      {detail && (
        <Stack gap="4">
          <HStack justify="space-between" align="flex-start">
            <Stack gap="1">
              <Heading as="h2" size="md">
                {kindName(detail.kind)} {detail.id ?? ''}
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                {formatDocumentTime(detail, locale, { dateStyle: 'full', timeStyle: 'short' })} · <bdi>{detail.locationName ?? ''}</bdi> · <bdi>{detail.terminalName ?? `#${detail.terminalOid}`}</bdi>
                {detail.operator ? (
                  <>
                    {' · '}
                    <bdi>{detail.operator}</bdi>
                  </>
                ) : null}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                <Trans>Uid</Trans> <bdi dir="ltr">{detail.uid}</bdi>
              </Text>
            </Stack>
            <CloseButton size="sm" aria-label={t`Close the document`} onClick={onClose} />
          </HStack>
          {!detail.processed && (
            <Alert.Root status="warning" data-testid="document-unprocessed">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>
                  <Trans>Not processed</Trans>
                </Alert.Title>
                <Alert.Description>{detail.processingError ?? t`Waiting to be processed.`}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          {detail.references && (
            <Text fontSize="sm">
              <Trans>Corrects</Trans>: {detail.original ? linkTo(detail.original) : <bdi dir="ltr">{detail.references}</bdi>}
            </Text>
          )}
          {detail.corrections.length > 0 && (
            <Stack gap="1" fontSize="sm" data-testid="document-corrections">
              <Text fontWeight="semibold">
                <Trans>Corrected by</Trans>
              </Text>
              {detail.corrections.map((correction) => (
                <Box key={correction.uid}>{linkTo(correction)}</Box>
              ))}
            </Stack>
          )}
          <ReceiptParts {...copies} downloads={downloads} onDownload={onDownload} downloading={downloading} />
          <Box overflowX="auto">
            <Table.Root size="sm" data-testid="document-lines">
              <Table.Caption captionSide="top" textAlign="start">
                <Trans>Lines</Trans>
              </Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>
                    <Trans>Article</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>Text</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <Trans>Quantity</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <Trans>Amount</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <Trans>Tax</Trans>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {detail.lines.map((line) => (
                  <Table.Row key={line.lineNo}>
                    <Table.Cell>
                      {line.articleNumber && line.articleLink ? (
                        <Link asChild colorPalette="blue">
                          <RouterLink to={`${base}${line.articleLink}`} data-testid="document-article-link">
                            <bdi>{line.articleNumber}</bdi>
                          </RouterLink>
                        </Link>
                      ) : (
                        <bdi>{line.articleNumber}</bdi>
                      )}
                    </Table.Cell>
                    <Table.Cell>
                      <bdi>{line.text}</bdi>
                    </Table.Cell>
                    <Table.Cell textAlign="end">{formatNumber(line.quantity, locale)}</Table.Cell>
                    <Table.Cell textAlign="end">{money(line.amount)}</Table.Cell>
                    <Table.Cell textAlign="end">{formatNumber(line.taxRate / 100, locale, { style: 'percent', maximumFractionDigits: 2 })}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
              <Table.Footer>
                <Table.Row>
                  <Table.Cell colSpan={3} fontWeight="semibold">
                    <Trans>Total</Trans>
                  </Table.Cell>
                  <Table.Cell textAlign="end" fontWeight="semibold">
                    {money(detail.total)}
                  </Table.Cell>
                  <Table.Cell />
                </Table.Row>
              </Table.Footer>
            </Table.Root>
          </Box>
          <HStack align="flex-start" gap="6" flexWrap="wrap">
            <Table.Root size="sm" w="auto" data-testid="document-payments">
              <Table.Caption captionSide="top" textAlign="start">
                <Trans>Payments</Trans>
              </Table.Caption>
              <Table.Body>
                {detail.payments.map((payment) => (
                  <Table.Row key={payment.lineNo}>
                    <Table.Cell>{({ cash: t`Cash`, card: t`Card`, voucher: t`Voucher`, mobile: t`Mobile` } as Record<string, string>)[payment.method] ?? payment.method}</Table.Cell>
                    <Table.Cell textAlign="end">{money(payment.amount)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
            {detail.taxes.length > 0 && (
              <Table.Root size="sm" w="auto" data-testid="document-taxes">
                <Table.Caption captionSide="top" textAlign="start">
                  <Trans>Taxes per rate</Trans>
                </Table.Caption>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>
                      <Trans>Rate</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">
                      <Trans>Net</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">
                      <Trans>Tax</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">
                      <Trans>Gross</Trans>
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {detail.taxes.map((tax) => (
                    <Table.Row key={tax.rate}>
                      <Table.Cell>{formatNumber(tax.rate / 100, locale, { style: 'percent', maximumFractionDigits: 2 })}</Table.Cell>
                      <Table.Cell textAlign="end">{money(tax.net)}</Table.Cell>
                      <Table.Cell textAlign="end">{money(tax.tax)}</Table.Cell>
                      <Table.Cell textAlign="end">{money(tax.gross)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
          </HStack>
        </Stack>
      )}
    </Box>
  );
}
