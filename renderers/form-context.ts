import { createContext } from 'react';
import type { CompiledLookup, DateStyle, FormLayout } from '../schemas';

/** One entry of a lookup dropdown (spec 1 §3 "Lookup option"). */
export interface LookupOption {
  value: string | number;
  text: string;
  /** A lucide icon name. */
  icon?: string;
  /** ISO 3166 alpha-2 code: shows a flag. */
  country?: string;
  shortcut?: string;
  disabled?: boolean;
  deleted?: boolean;
}

/** One page of lookup results; `hasMore` when the query matched more than `take`. */
export interface LookupPage {
  items: LookupOption[];
  hasMore: boolean;
}

/** Searches the records a lookup points at; the app implements it over the data service. */
export type LookupSource = (lookup: CompiledLookup, query: string, take: number) => Promise<LookupPage>;

/** Finds the option of a stored value, so a lookup can show the text of the current value. */
export type LookupResolver = (lookup: CompiledLookup, value: string | number) => Promise<LookupOption | null>;

/** Why a field is disabled or read-only, per field path, in words. */
export type FieldReasons = Record<string, string | undefined>;

/** What the widgets and templates read from rjsf's `formContext`. */
export interface EntityFormContext {
  lookupSource: LookupSource;
  resolveLookup?: LookupResolver;
  locale: string;
  /** How dates are written (the back office's formats.dateFormat); absent: as the language writes them. */
  dateStyle?: DateStyle;
  layout: FormLayout;
  /** Field errors per tab id, shown as badges. */
  tabErrors: Record<string, number>;
  /** The tab shown, and how the user (or a save with errors elsewhere) changes it. */
  selectedTab: string | undefined;
  selectTab: (tab: string) => void;
  /** Per write-only field, whether the server holds a value (the record's `$writeOnly`; empty for a new record). */
  writeOnlySet?: Record<string, boolean>;
}

/**
 * The record being edited, for widgets that read a sibling (e.g. the currency of an amount). A context of its own,
 * not part of `formContext`: that one keeps its identity while the user types, so rjsf need not derive its state.
 */
export const EditedRecord = createContext<Record<string, unknown> | undefined>(undefined);
