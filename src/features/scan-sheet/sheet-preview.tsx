import { Box, Grid, Image, Skeleton, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { SheetAnswer, SheetItem } from './scan-sheet-types';
import { useBarcodePicture } from './use-barcode-picture';

function PreviewCell({ item }: { item: SheetItem }) {
  const { t } = useLingui();
  const picture = useBarcodePicture(item.code, item.symbology);
  return (
    <Box borderWidth="1px" borderStyle="dashed" borderColor="gray.300" p="1.5" textAlign="center" minW="0" minH="0" display="flex" flexDirection="column" justifyContent="space-between" overflow="hidden" data-testid="sheet-cell" data-code={item.code}>
      <Text fontSize="2xs" lineClamp={2} color="gray.900">
        <bdi>{item.text}</bdi>
      </Text>
      {picture ? (
        <Image src={picture} alt={t`Barcode ${item.code}`} flex="1" minH="0" maxH="16" mx="auto" my="1" objectFit="contain" w="full" />
      ) : (
        <Skeleton h="12" my="1" />
      )}
      <Text fontSize="2xs" color="gray.600">
        <bdi>{item.articleNumber ?? ''}</bdi>
      </Text>
    </Box>
  );
}

/** The first page of the sheet as it prints: white A4 paper with the grid, whatever the theme. */
export function SheetPreview({ sheet }: { sheet: SheetAnswer }) {
  const { t } = useLingui();
  const first = sheet.items.slice(0, sheet.columns * sheet.rows);
  return (
    <Box overflowX="auto" data-testid="sheet-preview" role="region" aria-label={t`Preview of the first page`} tabIndex={0}>
      {/* Paper is white in the dark theme too: this shows what the printer will put on it. */}
      <Box bg="white" color="gray.900" shadow="md" borderRadius="sm" p="4" mx="auto" w="full" maxW="2xl" minW="80" style={{ aspectRatio: '210 / 297' }} dir="ltr">
        <Grid templateColumns={`repeat(${sheet.columns}, minmax(0, 1fr))`} templateRows={`repeat(${sheet.rows}, minmax(0, 1fr))`} gap="0" h="full">
          {first.map((item) => (
            <PreviewCell key={item.oid} item={item} />
          ))}
        </Grid>
      </Box>
    </Box>
  );
}
