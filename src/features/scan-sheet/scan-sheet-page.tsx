import { Alert, Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Download, Shuffle } from 'lucide-react';
import { useState } from 'react';
import { download } from '../../lib/api/download';
import { BusyHourglass } from '../../shell/busy-hourglass';
import { SHEET_MAX_COUNT, type SheetLayout } from './scan-sheet-types';
import { SheetPreview } from './sheet-preview';
import { useScanSheet } from './use-scan-sheet';

/**
 * /tools/scan-sheet (component 'scan-sheet'): a printable A4 PDF of random articles' barcodes of the current tenant,
 * for scanner tests (docs/scan-sheet.md). Count, grid and seed live in the URL, so the same sheet can be printed again.
 */
export function ScanSheetPage() {
  const { t, i18n } = useLingui();
  const sheet = useScanSheet();
  const [countText, setCountText] = useState(String(sheet.choice.count));
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<string>();
  const layouts: Record<SheetLayout, string> = { 'a4-2x5': t`A4, 2 × 5 (large)`, 'a4-3x8': t`A4, 3 × 8 (medium)`, 'a4-4x10': t`A4, 4 × 10 (small)` };
  const countValid = /^\d+$/.test(countText) && Number(countText) >= 1 && Number(countText) <= SHEET_MAX_COUNT;
  const save = async () => {
    setDownloading(true);
    setFailure(undefined);
    try {
      await download(sheet.pdfUrl, `scan-sheet-${sheet.choice.seed ?? 'new'}.pdf`, i18n);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setDownloading(false);
    }
  };
  const data = sheet.sheet;
  return (
    <Stack gap="4" data-testid="scan-sheet">
      <HStack gap="3" align="end" flexWrap="wrap">
        <Field.Root invalid={!countValid} maxW="36">
          <Field.Label>{t`Barcodes`}</Field.Label>
          <Input
            size="sm"
            inputMode="numeric"
            value={countText}
            onChange={(event) => {
              setCountText(event.target.value);
              const value = Number(event.target.value);
              if (/^\d+$/.test(event.target.value) && value >= 1 && value <= SHEET_MAX_COUNT) sheet.choose({ count: value });
            }}
          />
          <Field.ErrorText>{t`From 1 to ${SHEET_MAX_COUNT}`}</Field.ErrorText>
        </Field.Root>
        <Field.Root maxW="56">
          <Field.Label>{t`Sheet layout`}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={sheet.choice.layout} onChange={(event) => sheet.choose({ layout: event.target.value as SheetLayout })}>
              {Object.entries(layouts).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button size="sm" variant="outline" onClick={sheet.shuffle}>
          <Shuffle size={14} aria-hidden /> {t`Other articles`}
        </Button>
        <Button size="sm" colorPalette="blue" onClick={() => void save()} loading={downloading} disabled={!data || data.items.length === 0}>
          <Download size={14} aria-hidden /> {t`Download PDF`}
        </Button>
      </HStack>
      {failure && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>{t`The PDF could not be made: ${failure}`}</Alert.Description>
        </Alert.Root>
      )}
      {sheet.error !== undefined ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>{t`The sheet could not be read.`}</Alert.Description>
          <Button size="xs" variant="outline" onClick={sheet.retry}>
            {t`Try again`}
          </Button>
        </Alert.Root>
      ) : !data ? (
        <BusyHourglass />
      ) : data.items.length === 0 ? (
        <Text color="fg.muted" data-testid="sheet-empty">
          {t`This tenant has no articles with a barcode or an article number.`}
        </Text>
      ) : (
        <>
          <Text textStyle="sm" color="fg.muted" data-testid="sheet-summary">
            {t`Barcodes: ${i18n.number(data.items.length)}; pages: ${i18n.number(data.pages)}; seed ${data.seed} (the same seed prints the same articles). EAN-13 where the GTIN is valid, else Code 128.`}
          </Text>
          <SheetPreview sheet={data} />
        </>
      )}
    </Stack>
  );
}
