import { HStack } from '@chakra-ui/react';
import useSWR from 'swr';
import type { CompiledLookup } from '../../../schemas';
import { apiGet } from '../../lib/api/api-client';
import { CountryFlag } from '../../lib/ui/country-flag';
import { dataBase, type DataRecord, type ListPage } from './data-api';
import { toLookupOption } from './data-lookups';
import { formatCell } from '../../lib/format/format-cell';
import { lookupBatchFilter, lookupBatchKey, recordsByValue, type LookupBatch } from './lookup-texts';

async function readBatch(batch: LookupBatch): Promise<Map<string, DataRecord>> {
  const page = await apiGet<ListPage>(dataBase(batch.entity), { take: batch.values.length, filter: JSON.stringify(lookupBatchFilter(batch)) });
  return recordsByValue(batch.valueField, page.items);
}

/** The looked-up records of a batch, by value; one request per distinct batch however many cells ask (SWR dedupes). */
export function useLookupRecords(batch: LookupBatch | undefined): Map<string, DataRecord> | undefined {
  const { data } = useSWR(batch ? lookupBatchKey(batch) : null, () => readBatch(batch!), { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: false });
  return data;
}

/** A lookup value as the looked-up record's text (and flag); the stored value while loading or when not found. */
export function LookupText({ lookup, value, batch }: { lookup: CompiledLookup; value: unknown; batch: LookupBatch | undefined }) {
  const records = useLookupRecords(value === null || value === undefined || value === '' ? undefined : batch);
  const record = records?.get(String(value));
  // Texts are isolated (<bdi>): a Latin code keeps its order inside a right-to-left page.
  if (!record) return <bdi data-lookup-value={formatCell(value)}>{formatCell(value)}</bdi>;
  const option = toLookupOption(lookup, record);
  return (
    <HStack as="span" display="inline-flex" gap="1" data-lookup-value={formatCell(value)} title={formatCell(value)}>
      {option.country && <CountryFlag country={option.country} size={16} />}
      <bdi>{option.text}</bdi>
    </HStack>
  );
}
