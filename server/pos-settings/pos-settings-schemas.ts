import { TOKEN_REFUSED } from '../api-docs/openapi-fragments';
import { SCOPE_LEVELS, SCOPE_PATTERN } from './settings-scope';
import { MAX_GROUP_DEPTH, SETTING_TYPES } from './settings-document';

/** Most changes one read of recent-changes answers; the window's longest length in days. */
export const RECENT_CHANGES_MAX_TAKE = 100;
export const RECENT_CHANGES_MAX_DAYS = 3660;

const scopeText = { type: 'string', pattern: SCOPE_PATTERN, maxLength: 40, description: 'GLOBAL, COUNTRY:<ISO code>, TENANT:<oid>, LOCATION:<oid> or TERMINAL:<POS terminal oid>' } as const;
const settingPath = { type: 'string', minLength: 1, maxLength: 200, description: 'the dotted path of a declared setting, e.g. receipt.copies' } as const;
const anyValue = { description: 'a value of the setting\'s type: true/false, a number, a text, an option\'s value or HH:MM' } as const;

const scopeRef = {
  type: 'object',
  properties: {
    level: { type: 'string', enum: SCOPE_LEVELS },
    key: { type: 'string' },
    scope: { type: 'string' },
    id: { type: 'string' },
    text: { type: 'string' },
  },
  required: ['level', 'key', 'scope', 'id', 'text'],
} as const;
const nullableScopeRef = { anyOf: [scopeRef, { type: 'null' }] } as const;
const nullableNumber = { type: ['number', 'null'] } as const;

const settingView = {
  type: 'object',
  properties: {
    path: { type: 'string' },
    label: { type: 'string' },
    description: { type: ['string', 'null'] },
    type: { type: 'string', enum: SETTING_TYPES },
    min: nullableNumber,
    max: nullableNumber,
    scale: nullableNumber,
    maxLength: nullableNumber,
    options: { anyOf: [{ type: 'array', items: { type: 'object', properties: { value: { type: 'string' }, label: { type: 'string' } }, required: ['value', 'label'] } }, { type: 'null' }] },
    default: anyValue,
    value: { ...anyValue, description: 'the effective value at the scope' },
    source: { ...nullableScopeRef, description: 'where the value is set: this scope, one above, or null for the default' },
    own: { type: 'boolean', description: 'set at this very scope (a reset here removes it)' },
    inherited: { type: 'object', properties: { value: anyValue, source: nullableScopeRef }, required: ['value', 'source'], description: 'what a reset here would leave' },
  },
  required: ['path', 'label', 'description', 'type', 'min', 'max', 'scale', 'maxLength', 'options', 'default', 'value', 'source', 'own', 'inherited'],
} as const;

/** A group with its subgroups, nested as deep as the document checker allows (MAX_GROUP_DEPTH). */
function groupSchema(depth: number): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      path: { type: 'string' },
      label: { type: 'string' },
      settings: { type: 'array', items: settingView },
      groups: { type: 'array', ...(depth > 1 ? { items: groupSchema(depth - 1) } : { maxItems: 0 }) },
    },
    required: ['path', 'label', 'settings', 'groups'],
  };
}
const groupView = groupSchema(MAX_GROUP_DEPTH);

/** The answer of GET /api/pos-settings/configuration and of the changes. */
export const CONFIGURATION_SCHEMA = {
  type: 'object',
  properties: {
    scope: { ...scopeRef, properties: { ...scopeRef.properties, tenantOid: { type: ['integer', 'null'] }, country: { type: ['string', 'null'] } } },
    chain: { type: 'array', items: scopeRef, description: 'from GLOBAL down to the scope' },
    canChange: { type: 'boolean', description: 'whether the caller may override and reset values at this scope' },
    groups: { type: 'array', items: groupView },
  },
  required: ['scope', 'chain', 'canChange', 'groups'],
} as const;


export const CONFIGURATION_QUERYSTRING = {
  type: 'object',
  additionalProperties: false,
  required: ['scope'],
  properties: { scope: scopeText },
} as const;

/** The answer of GET /api/settings/<target>/effective (schemas/pos-settings-wire.ts EffectiveSettings). */
export const EFFECTIVE_SCHEMA = {
  type: 'object',
  properties: {
    scope: { type: 'string', description: 'the scope asked for' },
    values: { type: 'object', additionalProperties: anyValue, description: 'per setting path, its effective value after inheritance (every declared path)' },
    sources: { type: 'object', additionalProperties: { type: ['string', 'null'] }, description: 'per setting path, the scope its value is set at (GLOBAL, COUNTRY:DE, TENANT:12, ...), or null when it is the declared default' },
  },
  required: ['scope', 'values', 'sources'],
} as const;

export const VALUE_BODY = {
  type: 'object',
  required: ['scope', 'path', 'value'],
  properties: { scope: scopeText, path: settingPath, value: anyValue },
} as const;

export const RESET_QUERYSTRING = {
  type: 'object',
  additionalProperties: false,
  required: ['scope', 'path'],
  properties: { scope: scopeText, path: settingPath },
} as const;

/** A settings target's key in the path; one not declared is a 404 naming the declared ones. */
export const TARGET_PARAMS = {
  type: 'object',
  additionalProperties: false,
  required: ['target'],
  properties: { target: { type: 'string', minLength: 1, maxLength: 100, description: 'a settings target declared in server/metadata/settings-targets.json: pos, backoffice' } },
} as const;

export const RECENT_CHANGES_QUERYSTRING = {
  type: 'object',
  additionalProperties: false,
  properties: {
    days: { type: 'integer', minimum: 1, maximum: RECENT_CHANGES_MAX_DAYS, default: 90, description: 'the window, in days back from now' },
    take: { type: 'integer', minimum: 1, maximum: RECENT_CHANGES_MAX_TAKE, default: 5, description: 'how many changes, newest first' },
    limit: { type: 'integer', minimum: 1, maximum: RECENT_CHANGES_MAX_TAKE, description: 'the same as take (wins when both are given)' },
  },
} as const;

export const RECENT_CHANGES_SCHEMA = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      oid: { type: 'integer' },
      target: { type: 'string', description: 'the settings target: pos, backoffice, ...' },
      targetText: { type: 'string', description: 'the target\'s name in the language of the request' },
      modifiedAt: { type: 'string', format: 'date-time' },
      path: { type: 'string' },
      value: { ...anyValue, description: 'the new value; null when it was reset' },
      previousValue: { ...anyValue, description: 'the value set there before; null when none was' },
      userName: { type: 'string' },
      state: { type: 'string', enum: ['Deleted', 'Modified'], description: 'Deleted: reset (removed at its scope)' },
      scope: { type: 'array', items: scopeRef, description: 'global, country, then the tenant, location or terminal it was made at' },
    },
    required: ['oid', 'target', 'targetText', 'modifiedAt', 'path', 'value', 'previousValue', 'userName', 'state', 'scope'],
  },
} as const;

const PATH = '/settings/pos/configuration';
const noTarget = 'No such target (naming the declared ones), tenant, location or terminal';
const configurationAnswer = { description: 'The settings tree at the scope', ...CONFIGURATION_SCHEMA } as const;
const signedIn = TOKEN_REFUSED;

// The answers a target's route and the POS target's older name share; each adds its own 404.
const readAnswers = { 200: configurationAnswer, 400: { description: 'A bad scope' }, ...signedIn, 403: { description: 'No Read there' } } as const;
const changeAnswers = {
  200: configurationAnswer,
  400: { description: 'A bad scope, an unknown path or a value that does not fit the type, naming it' },
  ...signedIn,
  403: { description: 'No Update there' },
} as const;
const resetAnswers = { 200: configurationAnswer, 400: { description: 'A bad scope or an unknown path' }, ...signedIn, 403: { description: 'No Update there' } } as const;
const recentChangesAnswers = { 200: { description: 'Changes', ...RECENT_CHANGES_SCHEMA }, 400: { description: 'A bad days, take or limit' }, ...signedIn } as const;

// The routes' contracts (docs/settings.md), also their part of /api/openapi.json (server/api-docs/route-openapi.ts):
// the targets' routes `/api/settings/{target}/...` and the POS target's older names `/api/pos-settings/...`.

/** `GET /api/settings/{target}/configuration`. */
export const TARGET_CONFIGURATION_ROUTE_SCHEMA = {
  tags: ['settings'],
  summary: "A target's settings at a scope: each value, where it comes from and what a reset would leave; Read on /settings/{target}/configuration in the scope's tenant (GLOBAL and COUNTRY: in one of your tenants)",
  params: TARGET_PARAMS,
  querystring: CONFIGURATION_QUERYSTRING,
  response: { ...readAnswers, 404: { description: noTarget } },
} as const;

/** `GET /api/settings/{target}/effective`. */
export const TARGET_EFFECTIVE_ROUTE_SCHEMA = {
  tags: ['settings'],
  summary:
    "Every setting's effective value at a scope and where it is set (null: the default). A target that does not apply to terminals (backoffice): every signed-in user, at GLOBAL, the countries of their tenants and any scope inside one of their tenants; a target that does (pos): Read on /settings/{target}/configuration as for the configuration",
  params: TARGET_PARAMS,
  querystring: CONFIGURATION_QUERYSTRING,
  response: {
    200: { description: 'The effective values at the scope', ...EFFECTIVE_SCHEMA },
    400: { description: 'A bad scope' },
    ...signedIn,
    403: { description: 'A scope in a tenant not yours, or no Read there (pos)' },
    404: { description: noTarget },
  },
} as const;

/** `PUT /api/settings/{target}/values`. */
export const TARGET_VALUE_ROUTE_SCHEMA = {
  tags: ['settings'],
  summary: "Overrides a target's setting at a scope (recorded in the change log; for a target that applies to terminals, connected terminals below get their new configuration); Update on /settings/{target}/configuration in the scope's tenant, globally for GLOBAL and COUNTRY",
  params: TARGET_PARAMS,
  body: VALUE_BODY,
  response: { ...changeAnswers, 404: { description: noTarget } },
} as const;

/** `DELETE /api/settings/{target}/values`. */
export const TARGET_RESET_ROUTE_SCHEMA = {
  tags: ['settings'],
  summary: "Resets a target's setting at a scope: the value set there is removed and the one from above applies again; Update as for a change",
  params: TARGET_PARAMS,
  querystring: RESET_QUERYSTRING,
  response: { ...resetAnswers, 404: { description: `No value is set there; ${noTarget}` } },
} as const;

/** `GET /api/settings/recent-changes`. */
export const RECENT_CHANGES_ROUTE_SCHEMA = {
  tags: ['settings'],
  summary: 'The newest configuration changes of every target the caller may read (the dashboard card), newest first',
  querystring: RECENT_CHANGES_QUERYSTRING,
  response: recentChangesAnswers,
} as const;

/** `GET /api/pos-settings/configuration`. */
export const POS_CONFIGURATION_ROUTE_SCHEMA = {
  tags: ['pos-settings'],
  summary: `The POS settings at a scope: each value, where it comes from and what a reset would leave; Read on ${PATH} in the scope's tenant (GLOBAL and COUNTRY: in one of your tenants)`,
  querystring: CONFIGURATION_QUERYSTRING,
  response: { ...readAnswers, 404: { description: 'No such tenant, location or terminal' } },
} as const;

/** `PUT /api/pos-settings/values`. */
export const POS_VALUE_ROUTE_SCHEMA = {
  tags: ['pos-settings'],
  summary: `Overrides a setting at a scope (recorded in the change log; connected terminals below get their new configuration); Update on ${PATH} in the scope's tenant, globally for GLOBAL and COUNTRY`,
  body: VALUE_BODY,
  response: { ...changeAnswers, 404: { description: 'No such tenant, location or terminal' } },
} as const;

/** `DELETE /api/pos-settings/values`. */
export const POS_RESET_ROUTE_SCHEMA = {
  tags: ['pos-settings'],
  summary: `Resets a setting at a scope: the value set there is removed and the one from above applies again; Update on ${PATH} as for a change`,
  querystring: RESET_QUERYSTRING,
  response: { ...resetAnswers, 404: { description: 'No value is set there, or no such record' } },
} as const;

/** `GET /api/pos-settings/recent-changes`. */
export const POS_RECENT_CHANGES_ROUTE_SCHEMA = {
  tags: ['pos-settings'],
  summary: 'The newest changes of the POS configuration the caller may read, newest first',
  querystring: RECENT_CHANGES_QUERYSTRING,
  response: recentChangesAnswers,
} as const;
