import type { ScopeFields } from '../../../schemas/entity-document';

/** The scope tree items the store and till choice reads (GET /api/settings/scope, spec 1 §3). */
export interface StoreTillScopeItem {
  index: number;
  parentIndex: number | null;
  type: 'GLOBAL' | 'COUNTRY' | 'TENANT' | 'LOCATION' | 'TERMINAL';
  oid: number;
  /** A location's tenant, a terminal's location; 0 for a pan terminal (one without a location). */
  parentOid?: number;
  id?: string;
  text?: string;
  description?: string | null;
  deleted?: boolean;
  disabled?: boolean;
  /** TERMINAL items: POS (a till) or PAN (a payment terminal). */
  kind?: 'POS' | 'PAN';
}

/** A till (POS terminal) of a location as the selector lists it. */
export interface TillOption {
  oid: number;
  /** The terminal number. */
  id: string;
  text: string;
  disabled: boolean;
}

/** A location (store, outlet, warehouse ...) of the current tenant with its tills. */
export interface StoreOption {
  oid: number;
  id: string;
  text: string;
  description: string | null;
  disabled: boolean;
  tills: TillOption[];
}

/**
 * The user's choice, kept per user: the tenant it was made in, the location and optionally a till of it. A choice
 * belongs to its tenant; in another tenant it counts as none.
 */
export interface StoreTillChoice {
  tenantOid: number;
  locationOid: number;
  terminalOid?: number;
}

/**
 * The locations of `tenantOid` in the scope tree, each with its tills, in the tree's order. Closed (deleted) locations
 * are left out. Terminals are the POS terminals under a location: the terminal scope header names a POS terminal (the
 * `scopeFields.terminal` of every kind holds a PosTerminalOid), so payment terminals (kind PAN, including the pan
 * terminals with parentOid 0 that sit directly under their tenant) are not offered as a till.
 */
export function storeOptions(tree: readonly StoreTillScopeItem[] | undefined, tenantOid: number | undefined): StoreOption[] {
  if (!tree || tenantOid === undefined) return [];
  const tenant = tree.find((item) => item.type === 'TENANT' && item.oid === tenantOid);
  if (!tenant) return [];
  const stores = new Map<number, StoreOption>();
  for (const item of tree) {
    if (item.type === 'LOCATION' && item.parentIndex === tenant.index && !item.deleted) {
      stores.set(item.index, { oid: item.oid, id: item.id ?? String(item.oid), text: item.text || `#${item.oid}`, description: item.description ?? null, disabled: !!item.disabled, tills: [] });
    } else if (item.type === 'TERMINAL' && item.kind !== 'PAN' && item.parentIndex !== null && item.parentOid !== 0) {
      const store = stores.get(item.parentIndex);
      if (store && !item.deleted) store.tills.push({ oid: item.oid, id: item.id ?? String(item.oid), text: item.text ?? '', disabled: !!item.disabled });
    }
  }
  return [...stores.values()];
}

/** A checked choice: the location and till that apply now, with their names. */
export interface EffectiveStoreTill {
  locationOid: number;
  terminalOid?: number;
  store: StoreOption;
  till?: TillOption;
}

/**
 * The choice that applies in `tenantOid`: none when it was made in another tenant, when its location is no longer
 * among the tenant's (closed, removed, or the tree says nothing of it) or, for the till, when the till left the
 * location (then the location alone applies). Before the tree has loaded (`stores` undefined) a choice of the
 * current tenant applies as it was kept, named by its oid, so the first calls already carry it.
 */
export function effectiveStoreTill(choice: StoreTillChoice | undefined, tenantOid: number | undefined, stores: readonly StoreOption[] | undefined): EffectiveStoreTill | undefined {
  if (!isStoreTillChoice(choice) || tenantOid === undefined || choice.tenantOid !== tenantOid) return undefined;
  if (!stores) {
    const store: StoreOption = { oid: choice.locationOid, id: String(choice.locationOid), text: `#${choice.locationOid}`, description: null, disabled: false, tills: [] };
    const till = choice.terminalOid !== undefined ? { oid: choice.terminalOid, id: String(choice.terminalOid), text: `#${choice.terminalOid}`, disabled: false } : undefined;
    return { locationOid: choice.locationOid, terminalOid: choice.terminalOid, store, till };
  }
  const store = stores.find((option) => option.oid === choice.locationOid);
  if (!store) return undefined;
  const till = choice.terminalOid === undefined ? undefined : store.tills.find((option) => option.oid === choice.terminalOid);
  return { locationOid: store.oid, terminalOid: till?.oid, store, till };
}

/** Whether a kept value is a well-formed choice (local storage may hold anything). */
export function isStoreTillChoice(value: unknown): value is StoreTillChoice {
  const choice = value as StoreTillChoice | undefined;
  const oid = (n: unknown) => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
  return !!choice && typeof choice === 'object' && oid(choice.tenantOid) && oid(choice.locationOid) && (choice.terminalOid === undefined || oid(choice.terminalOid));
}

/** What narrows the rows of one kind: the store when the kind has a location field, the till when it has a terminal field. */
export interface AppliedStoreTill {
  store?: StoreOption;
  till?: TillOption;
}

/**
 * The part of the choice that narrows a kind's rows (the server applies the location and terminal headers to the
 * fields `scopeFields` names, server/data/row-scope.ts); undefined when nothing does, so the grid says nothing.
 */
export function appliedStoreTill(scopeFields: ScopeFields | undefined, effective: EffectiveStoreTill | undefined): AppliedStoreTill | undefined {
  if (!scopeFields || !effective) return undefined;
  const store = scopeFields.location !== undefined ? effective.store : undefined;
  const till = scopeFields.terminal !== undefined ? effective.till : undefined;
  return store || till ? { store, till } : undefined;
}
