import { Button, Field, HStack, Input, NativeSelect, Text, Wrap } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { RotateCcw, Search } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { LocalDateInput } from '../../../renderers/widgets/local-date-input';
import { localizedText } from '../../lib/navigation/navigation-lookup';
import type { TenantOption } from '../../lib/tenancy/organisation-options';
import { queryProblem, type DocumentQueryValues } from './document-query';
import type { ScopeOption, TextFilter } from './use-scope-options';

/** The form's boxes as typed (numbers too), so that a half-typed amount is not lost. */
export type DocumentQueryDraft = Partial<Record<string, string>>;

/** The draft of a query: what the form shows for it. */
export const draftOf = (values: DocumentQueryValues): DocumentQueryDraft => Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)]));

export interface DocumentQueryFormProps {
  draft: DocumentQueryDraft;
  onChange: (draft: DocumentQueryDraft) => void;
  /** Parsed values of the draft, for the range check. */
  values: DocumentQueryValues;
  onSubmit: () => void;
  onReset: () => void;
  locations: readonly ScopeOption[];
  terminals: readonly ScopeOption[];
  /** The text boxes the server adds (line filters), after the amounts. */
  textFilters: readonly TextFilter[];
  tenants: readonly TenantOption[];
  busy: boolean;
}

/** A picker of a location, terminal or tenant; an oid that is not among the options (a drill-down's) stays shown. */
function OidSelect({ id, value, options, onChange, any }: { id: string; value: string | undefined; options: readonly ScopeOption[]; onChange: (next: string) => void; any: string }) {
  const known = value === undefined || value === '' || options.some((option) => String(option.oid) === value);
  return (
    <NativeSelect.Root size="sm" minW={{ base: '0', sm: '12rem' }}>
      <NativeSelect.Field id={id} value={value ?? ''} onChange={(event) => onChange(event.currentTarget.value)}>
        <option value="">{any}</option>
        {!known && <option value={value}>#{value}</option>}
        {options.map((option) => (
          <option key={option.oid} value={String(option.oid)}>
            {option.text || `#${option.oid}`}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function QueryField({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    // Two boxes a row on a phone, so that the grid is not pushed below the first screen.
    <Field.Root w={{ base: 'calc(50% - 0.375rem)', sm: 'auto' }}>
      <Field.Label htmlFor={id} fontSize="sm">
        {label}
      </Field.Label>
      {children}
    </Field.Root>
  );
}

/**
 * The viewer's query form (spec 2 §2, the data grids' query form for documents): a date range, location, terminal,
 * operator, amount range, the text boxes the server names (an article number) and, with more than one, the tenant.
 * Enter or Search runs it.
 */
export function DocumentQueryForm({ draft, onChange, values, onSubmit, onReset, locations, terminals, textFilters, tenants, busy }: DocumentQueryFormProps) {
  const { t, i18n } = useLingui();
  const set = (name: string, value: string | undefined) => onChange({ ...draft, [name]: value ?? '' });
  const problem = queryProblem(values);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!problem) onSubmit();
  };
  const any = t`Any`;
  return (
    <form onSubmit={submit} aria-label={t`Search documents`} data-testid="document-query-form">
      <Wrap gap="3" align="flex-end">
        <QueryField label={t`Date from`} id="document-from">
          <LocalDateInput id="document-from" size="sm" kind="date" locale={i18n.locale} unreadable="drop" value={draft.from} onValueChange={(next) => set('from', next)} maxW={{ base: 'full', sm: '10rem' }} />
        </QueryField>
        <QueryField label={t`Date to`} id="document-to">
          <LocalDateInput id="document-to" size="sm" kind="date" locale={i18n.locale} unreadable="drop" value={draft.to} onValueChange={(next) => set('to', next)} maxW={{ base: 'full', sm: '10rem' }} />
        </QueryField>
        <QueryField label={t`Location`} id="document-location">
          <OidSelect id="document-location" value={draft.location} options={locations} onChange={(next) => set('location', next)} any={any} />
        </QueryField>
        <QueryField label={t`Terminal`} id="document-terminal">
          <OidSelect id="document-terminal" value={draft.terminal} options={terminals} onChange={(next) => set('terminal', next)} any={any} />
        </QueryField>
        <QueryField label={t`Operator`} id="document-operator">
          <Input id="document-operator" size="sm" maxLength={40} value={draft.operator ?? ''} onChange={(event) => set('operator', event.currentTarget.value)} maxW={{ base: 'full', sm: '12rem' }} />
        </QueryField>
        <QueryField label={t`Amount from`} id="document-amount-min">
          <Input id="document-amount-min" size="sm" inputMode="decimal" value={draft.amountMin ?? ''} onChange={(event) => set('amountMin', event.currentTarget.value)} maxW={{ base: 'full', sm: '8rem' }} />
        </QueryField>
        <QueryField label={t`Amount to`} id="document-amount-max">
          <Input id="document-amount-max" size="sm" inputMode="decimal" value={draft.amountMax ?? ''} onChange={(event) => set('amountMax', event.currentTarget.value)} maxW={{ base: 'full', sm: '8rem' }} />
        </QueryField>
        {textFilters.map((filter) => (
          <QueryField key={filter.name} label={localizedText(filter.label, i18n.locale)} id={`document-${filter.name}`}>
            <Input id={`document-${filter.name}`} size="sm" maxLength={filter.maxLength} value={draft[filter.name] ?? ''} onChange={(event) => set(filter.name, event.currentTarget.value)} maxW={{ base: 'full', sm: '10rem' }} />
          </QueryField>
        ))}
        {tenants.length > 1 && (
          <QueryField label={t`Organisation`} id="document-tenant">
            <OidSelect id="document-tenant" value={draft.tenant} options={tenants.map((tenant) => ({ oid: tenant.oid, text: tenant.text }))} onChange={(next) => set('tenant', next)} any={t`All of mine`} />
          </QueryField>
        )}
        <HStack gap="2">
          <Button type="submit" size="sm" loading={busy} disabled={problem !== undefined} data-testid="document-search">
            <Search aria-hidden />
            <Trans>Search</Trans>
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onReset}>
            <RotateCcw aria-hidden />
            <Trans>Reset</Trans>
          </Button>
        </HStack>
      </Wrap>
      {problem && (
        <Text color="fg.error" fontSize="sm" mt="2" role="alert">
          {problem === 'dates' ? <Trans>The first day comes after the last.</Trans> : <Trans>The smallest amount is above the largest.</Trans>}
        </Text>
      )}
    </form>
  );
}
