import { errorResponses, listOf, TOKEN_REFUSED } from '../api-docs/openapi-fragments';
import { BUTTON_KINDS, GRID_LIMITS, LAYOUT_KINDS, MAX_BUTTONS, MAX_LABEL_LENGTH, MAX_NAME_LENGTH, MAX_TARGET_LENGTH } from '../../schemas/pos-layout';
import { SCOPE_PATTERN } from '../pos-settings/settings-scope';
import { LAYOUT_PAGES } from './layout-kinds';

/** Most choices one target search answers. */
export const MAX_TARGET_TAKE = 50;

const scopeText = { type: 'string', pattern: SCOPE_PATTERN, maxLength: 40, description: 'GLOBAL, COUNTRY:<ISO code>, TENANT:<oid>, LOCATION:<oid> or TERMINAL:<POS terminal oid>' } as const;
const name = { type: 'string', minLength: 1, maxLength: MAX_NAME_LENGTH, pattern: '\\S', description: 'unique per kind and scope (case-insensitive)' } as const;
const cell = (max: number) => ({ type: 'integer', minimum: -1000, maximum: 1000, description: `in cells (the grid has at most ${max})` }) as const;
const colour = { type: 'string', maxLength: 7, description: '#rrggbb' } as const;

const button = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'x', 'y', 'w', 'h', 'kind', 'target', 'label', 'background', 'foreground', 'icon'],
  properties: {
    id: { type: 'string', maxLength: 40 },
    x: cell(GRID_LIMITS.maxColumns),
    y: cell(GRID_LIMITS.maxRows),
    w: cell(GRID_LIMITS.maxColumns),
    h: cell(GRID_LIMITS.maxRows),
    kind: { type: 'string', enum: BUTTON_KINDS, description: 'item: sells an article; itemGroup: opens a product group; function: runs a POS function' },
    target: { type: 'string', maxLength: MAX_TARGET_LENGTH, description: "the article's internal number, the product group or the function's key" },
    label: { type: 'string', maxLength: MAX_LABEL_LENGTH },
    background: colour,
    foreground: { ...colour, description: '#rrggbb, at least 4.5:1 contrast with the background' },
    icon: { type: ['string', 'null'], maxLength: 40, description: 'a retail icon name (GET /api/pos-layouts/retail-icons)' },
  },
} as const;

export const LAYOUT_CONTENT = {
  type: 'object',
  additionalProperties: false,
  required: ['columns', 'rows', 'screen', 'buttons'],
  properties: {
    columns: { type: 'integer', minimum: GRID_LIMITS.minColumns, maximum: GRID_LIMITS.maxColumns },
    rows: { type: 'integer', minimum: GRID_LIMITS.minRows, maximum: GRID_LIMITS.maxRows },
    screen: { type: 'object', additionalProperties: false, required: ['width', 'height'], properties: { width: { type: 'integer', minimum: 1, maximum: 10000 }, height: { type: 'integer', minimum: 1, maximum: 10000 } }, description: "the terminal's screen the layout is made for" },
    buttons: { type: 'array', maxItems: MAX_BUTTONS, items: button },
  },
} as const;

const problem = { type: 'object', properties: { path: { type: 'string' }, buttonId: { type: 'string' }, message: { type: 'string' } }, required: ['path', 'message'] } as const;
const scopeRef = { type: 'object', properties: { level: { type: 'string' }, key: { type: 'string' }, scope: { type: 'string' }, id: { type: 'string' }, text: { type: 'string' } }, required: ['level', 'key', 'scope', 'id', 'text'] } as const;

const summaryProperties = {
  oid: { type: 'integer' },
  name: { type: 'string' },
  scope: scopeRef,
  columns: { type: 'integer' },
  rows: { type: 'integer' },
  buttonCount: { type: 'integer' },
  version: { type: 'integer', description: 'send it back with a change: a layout saved by someone else meanwhile is a 409' },
  modifiedAt: { type: 'string', format: 'date-time' },
  modifiedBy: { type: 'string' },
  canChange: { type: 'boolean' },
} as const;

export const LAYOUT_LIST_SCHEMA = listOf({ type: 'object', properties: summaryProperties, required: Object.keys(summaryProperties) });

export const LAYOUT_SCHEMA = {
  type: 'object',
  properties: {
    ...summaryProperties,
    kind: { type: 'string', enum: LAYOUT_KINDS },
    chain: { type: 'array', items: scopeRef },
    content: LAYOUT_CONTENT,
    problems: { type: 'array', items: problem, description: 'what is wrong with the stored layout now, e.g. an article deleted since' },
  },
  required: [...Object.keys(summaryProperties), 'kind', 'chain', 'content', 'problems'],
} as const;

const kindsAndPages = LAYOUT_KINDS.map((kind) => `${kind}: ${LAYOUT_PAGES[kind].path}`).join(', ');
export const KIND_PARAMS = {
  type: 'object',
  additionalProperties: false,
  required: ['kind'],
  properties: { kind: { type: 'string', enum: LAYOUT_KINDS, description: `the kind of layout; its page governs the rights (${kindsAndPages})` } },
} as const;
export const LAYOUT_PARAMS = { type: 'object', additionalProperties: false, required: ['kind', 'id'], properties: { kind: KIND_PARAMS.properties.kind, id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } } } as const;

export const LIST_QUERYSTRING = { type: 'object', additionalProperties: false, properties: { scope: { ...scopeText, description: 'only the layouts stored at this scope' } } } as const;

export const CREATE_BODY = { type: 'object', additionalProperties: false, required: ['scope', 'name'], properties: { scope: scopeText, name, content: { ...LAYOUT_CONTENT, description: 'default: an empty 6 x 4 grid' } } } as const;
export const UPDATE_BODY = { type: 'object', additionalProperties: false, required: ['scope', 'name', 'content', 'version'], properties: { scope: scopeText, name, content: LAYOUT_CONTENT, version: { type: 'integer', minimum: 1, maximum: 2147483647 } } } as const;
export const DUPLICATE_BODY = { type: 'object', additionalProperties: false, required: ['scope', 'name'], properties: { scope: { ...scopeText, description: 'where the copy is stored' }, name } } as const;

export const TARGETS_QUERYSTRING = {
  type: 'object',
  additionalProperties: false,
  required: ['scope', 'buttonKind'],
  properties: {
    scope: scopeText,
    buttonKind: { type: 'string', enum: ['item', 'itemGroup'] },
    search: { type: 'string', maxLength: 64, default: '' },
    take: { type: 'integer', minimum: 1, maximum: MAX_TARGET_TAKE, default: 20 },
  },
} as const;
export const TARGETS_SCHEMA = listOf({ type: 'object', properties: { value: { type: 'string' }, text: { type: 'string' } }, required: ['value', 'text'] } as const);

const common = { ...TOKEN_REFUSED, ...errorResponses({ 403: "No right at that scope on the kind's page" }) };
const tags = ['pos-layouts'];

// The routes' contracts (docs/pos-layouts.md), also their part of /api/openapi.json (server/api-docs/route-openapi.ts).
// Both kinds share the routes; the kind in the path names the page whose rights decide.

/** `GET /api/pos-layouts/{kind}`. */
export const LIST_LAYOUTS_ROUTE_SCHEMA = {
  tags,
  summary: "The layouts of the kind the caller may read (Read on the kind's page), by name",
  params: KIND_PARAMS,
  querystring: LIST_QUERYSTRING,
  response: { 200: { description: 'Layouts', ...LAYOUT_LIST_SCHEMA }, 400: { description: 'A bad scope' }, ...common },
} as const;

/** `POST /api/pos-layouts/{kind}`. */
export const CREATE_LAYOUT_ROUTE_SCHEMA = {
  tags,
  summary: "Creates a layout at a scope (Update on the kind's page in the scope's tenant, globally for GLOBAL and COUNTRY)",
  params: KIND_PARAMS,
  body: CREATE_BODY,
  response: { 201: { description: 'Created', ...LAYOUT_SCHEMA }, 400: { description: 'A bad member, or a layout problem naming where' }, 409: { description: 'The name is taken at that scope' }, ...common },
} as const;

/** `GET /api/pos-layouts/{kind}/targets`. */
export const LAYOUT_TARGETS_ROUTE_SCHEMA = {
  tags,
  summary: "Articles or product groups a button at the scope may sell, for the editor's picker",
  params: KIND_PARAMS,
  querystring: TARGETS_QUERYSTRING,
  response: { 200: { description: 'Choices', ...TARGETS_SCHEMA }, 400: { description: 'A bad member' }, ...common },
} as const;

/** `GET /api/pos-layouts/{kind}/{id}`. */
export const READ_LAYOUT_ROUTE_SCHEMA = {
  tags,
  summary: 'One layout with its buttons and what is wrong with it now',
  params: LAYOUT_PARAMS,
  response: { 200: { description: 'The layout', ...LAYOUT_SCHEMA }, 404: { description: 'No such layout' }, ...common },
} as const;

/** `PUT /api/pos-layouts/{kind}/{id}`. */
export const SAVE_LAYOUT_ROUTE_SCHEMA = {
  tags,
  summary: 'Saves a layout (grid, buttons, name, scope); refused with the problems when a button overlaps another, lies outside the grid or sells an article that does not exist',
  params: LAYOUT_PARAMS,
  body: UPDATE_BODY,
  response: {
    200: { description: 'Saved', ...LAYOUT_SCHEMA },
    400: { description: 'A layout problem naming where' },
    404: { description: 'No such layout' },
    409: { description: 'Saved by someone else meanwhile, or the name is taken' },
    ...common,
  },
} as const;

/** `DELETE /api/pos-layouts/{kind}/{id}`. */
export const DELETE_LAYOUT_ROUTE_SCHEMA = {
  tags,
  summary: 'Deletes a layout',
  params: LAYOUT_PARAMS,
  response: { 204: { description: 'Deleted' }, 404: { description: 'No such layout' }, ...common },
} as const;

/** `POST /api/pos-layouts/{kind}/{id}/duplicate`. */
export const DUPLICATE_LAYOUT_ROUTE_SCHEMA = {
  tags,
  summary: 'Copies a layout under a new name, at the same or another scope',
  params: LAYOUT_PARAMS,
  body: DUPLICATE_BODY,
  response: {
    201: { description: 'The copy', ...LAYOUT_SCHEMA },
    400: { description: 'A bad member, or a button that sells nothing at the new scope' },
    404: { description: 'No such layout' },
    409: { description: 'The name is taken at that scope' },
    ...common,
  },
} as const;
