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

export const LAYOUT_LIST_SCHEMA = {
  type: 'object',
  properties: { items: { type: 'array', items: { type: 'object', properties: summaryProperties, required: Object.keys(summaryProperties) } } },
  required: ['items'],
} as const;

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

export const KIND_PARAMS = { type: 'object', additionalProperties: false, required: ['kind'], properties: { kind: { type: 'string', enum: LAYOUT_KINDS } } } as const;
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
export const TARGETS_SCHEMA = { type: 'object', properties: { items: { type: 'array', items: { type: 'object', properties: { value: { type: 'string' }, text: { type: 'string' } }, required: ['value', 'text'] } } }, required: ['items'] } as const;

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
const json = (description: string, schema: unknown) => ({ description, content: { 'application/json': { schema } } });
const queryParameters = (schema: { properties: Record<string, unknown>; required?: readonly string[] }) => Object.entries(schema.properties).map(([key, value]) => ({ name: key, in: 'query', required: schema.required?.includes(key) ?? false, schema: value }));
const idParameter = { name: 'id', in: 'path', required: true, schema: LAYOUT_PARAMS.properties.id };
const common = { 401: errorResponse('No valid access token'), 403: errorResponse('No right at that scope') };

/** The routes of one kind, with the kind in the path (the OpenAPI document lists both kinds' paths). */
function kindPaths(kind: (typeof LAYOUT_KINDS)[number]) {
  const page = LAYOUT_PAGES[kind].path;
  const tags = ['pos-layouts'];
  const base = `/api/pos-layouts/${kind}`;
  return {
    [base]: {
      get: { tags, summary: `The ${LAYOUT_PAGES[kind].what} the caller may read (Read on ${page}), by name`, parameters: queryParameters(LIST_QUERYSTRING), responses: { 200: json('Layouts', LAYOUT_LIST_SCHEMA), 400: errorResponse('A bad scope'), ...common } },
      post: { tags, summary: `Creates a layout at a scope (Update on ${page} in the scope's tenant, globally for GLOBAL and COUNTRY)`, requestBody: { required: true, ...json('The layout', CREATE_BODY) }, responses: { 201: json('Created', LAYOUT_SCHEMA), 400: errorResponse('A bad member, or a layout problem naming where'), 409: errorResponse('The name is taken at that scope'), ...common } },
    },
    [`${base}/targets`]: {
      get: { tags, summary: 'Articles or product groups a button at the scope may sell, for the editor\'s picker', parameters: queryParameters(TARGETS_QUERYSTRING), responses: { 200: json('Choices', TARGETS_SCHEMA), 400: errorResponse('A bad member'), ...common } },
    },
    [`${base}/{id}`]: {
      get: { tags, summary: 'One layout with its buttons and what is wrong with it now', parameters: [idParameter], responses: { 200: json('The layout', LAYOUT_SCHEMA), 404: errorResponse('No such layout'), ...common } },
      put: { tags, summary: 'Saves a layout (grid, buttons, name, scope); refused with the problems when a button overlaps another, lies outside the grid or sells an article that does not exist', parameters: [idParameter], requestBody: { required: true, ...json('The layout', UPDATE_BODY) }, responses: { 200: json('Saved', LAYOUT_SCHEMA), 400: errorResponse('A layout problem naming where'), 404: errorResponse('No such layout'), 409: errorResponse('Saved by someone else meanwhile, or the name is taken'), ...common } },
      delete: { tags, summary: 'Deletes a layout', parameters: [idParameter], responses: { 204: { description: 'Deleted' }, 404: errorResponse('No such layout'), ...common } },
    },
    [`${base}/{id}/duplicate`]: {
      post: { tags, summary: 'Copies a layout under a new name, at the same or another scope', parameters: [idParameter], requestBody: { required: true, ...json('Name and scope of the copy', DUPLICATE_BODY) }, responses: { 201: json('The copy', LAYOUT_SCHEMA), 400: errorResponse('A bad member, or a button that sells nothing at the new scope'), 404: errorResponse('No such layout'), 409: errorResponse('The name is taken at that scope'), ...common } },
    },
  };
}

/** The routes in the OpenAPI document (docs/pos-layouts.md). */
export const POS_LAYOUT_OPENAPI_PATHS = Object.assign({}, ...LAYOUT_KINDS.map(kindPaths)) as Record<string, unknown>;
