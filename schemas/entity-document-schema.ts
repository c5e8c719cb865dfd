import { LOCALES } from './entity-document';
import { MANAGED_TYPE_NAMES } from './managed-types';

const localizedText = {
  type: 'object',
  required: ['en'],
  properties: Object.fromEntries(LOCALES.map((l) => [l, { type: 'string', minLength: 1 }])),
  additionalProperties: false,
} as const;

const FIELD_USAGES = [
  'MultilineText', 'Password', 'UpperCase', 'LowerCase', 'Email', 'Url', 'UrlTemplate', 'Phone', 'Barcode', 'Id',
  'Date', 'DateTime', 'Time', 'CurrencyAmount', 'CurrencyCode', 'CountryCode', 'LanguageCode', 'Color', 'Percent', 'ImageName', 'TimeZone',
  'Lookup', 'Enum', 'Json', 'Xml',
] as const;

const fieldList = { type: 'array', items: { type: 'string', minLength: 1 } } as const;

/**
 * The JSON Schema (draft-07) of an entity document, matching the types of entity-document.ts with
 * `additionalProperties: false` everywhere so a misspelt key is an error. Conditions are only required to be
 * objects here; conditions/' `checkCondition` checks their shape and fields with better messages.
 */
export const ENTITY_DOCUMENT_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://mate.local/schemas/entity-document.json',
  title: 'Mate entity document',
  type: 'object',
  required: ['area', 'entity', 'version', 'label', 'navigation', 'scope', 'fields'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    area: { type: 'string', pattern: '^[a-z][a-z0-9]*(-[a-z0-9]+)*$' },
    entity: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*(-[a-z0-9]+)*$' },
    version: { type: 'integer', minimum: 1 },
    label: { $ref: '#/definitions/localizedText' },
    pluralLabel: { $ref: '#/definitions/localizedText' },
    icon: { type: 'string', minLength: 1 },
    navigation: { type: 'string', pattern: '^/' },
    scope: { enum: ['tenant', 'global'] },
    operations: { type: 'array', uniqueItems: true, items: { enum: ['list', 'read', 'create', 'update', 'patch', 'delete'] } },
    titleField: { type: 'string', minLength: 1 },
    fields: { type: 'array', minItems: 1, items: { $ref: '#/definitions/field' } },
    scopeFields: {
      type: 'object',
      additionalProperties: false,
      properties: { location: { type: 'string', minLength: 1 }, terminal: { type: 'string', minLength: 1 } },
    },
    visibility: {
      oneOf: [
        { type: 'object', additionalProperties: false, required: ['rule'], properties: { rule: { const: 'all' } } },
        { type: 'object', additionalProperties: false, required: ['rule', 'field'], properties: { rule: { enum: ['tenantField', 'userTenants'] }, field: { type: 'string', minLength: 1 } } },
      ],
    },
    indexes: {
      type: 'array',
      maxItems: 16,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['fields'],
        properties: {
          fields: { type: 'array', minItems: 1, maxItems: 4, uniqueItems: true, items: { type: 'string', minLength: 1 } },
          method: { enum: ['btree', 'trigram'] },
        },
      },
    },
    extensions: { $ref: '#/definitions/extensions' },
  },
  definitions: {
    localizedText,
    condition: { type: 'object' },
    field: {
      type: 'object',
      required: ['name', 'type'],
      additionalProperties: false,
      properties: {
        name: { type: 'string', minLength: 1 },
        type: { enum: ['String', 'Number', 'Boolean', 'Object', 'Array'] },
        required: { type: 'boolean' },
        unique: { type: 'boolean' },
        minLength: { type: 'integer', minimum: 0 },
        maxLength: { type: 'integer', minimum: 0 },
        min: { type: 'number' },
        max: { type: 'number' },
        nullable: { type: 'boolean' },
        managedType: { enum: MANAGED_TYPE_NAMES },
        precision: { type: 'integer', minimum: 1, maximum: 1000 },
        scale: { type: 'integer', minimum: 0, maximum: 1000 },
        usage: { enum: FIELD_USAGES },
        label: { $ref: '#/definitions/localizedText' },
        description: { $ref: '#/definitions/localizedText' },
        readonly: { type: 'boolean' },
        properties: { type: 'array', minItems: 1, items: { $ref: '#/definitions/field' } },
        items: { $ref: '#/definitions/field' },
        rules: { type: 'string' },
        default: {},
        options: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            required: ['value', 'label'],
            additionalProperties: false,
            properties: {
              value: { type: ['string', 'number'] },
              label: { $ref: '#/definitions/localizedText' },
              icon: { type: 'string', minLength: 1 },
            },
          },
        },
        pattern: { type: 'string', minLength: 1 },
        patternHint: { $ref: '#/definitions/localizedText' },
        external: { type: 'boolean' },
        writeOnly: { type: 'boolean' },
        hash: { enum: ['argon2id'] },
      },
    },
    extensions: {
      type: 'object',
      additionalProperties: false,
      properties: {
        tabs: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'label', 'groups'],
            additionalProperties: false,
            properties: {
              id: { type: 'string', minLength: 1 },
              label: { $ref: '#/definitions/localizedText' },
              groups: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['id', 'fields'],
                  additionalProperties: false,
                  properties: { id: { type: 'string', minLength: 1 }, label: { $ref: '#/definitions/localizedText' }, fields: fieldList },
                },
              },
            },
          },
        },
        effects: {
          type: 'object',
          additionalProperties: {
            type: 'object',
            additionalProperties: false,
            properties: {
              disabled: { $ref: '#/definitions/condition' },
              readonly: { $ref: '#/definitions/condition' },
              required: { $ref: '#/definitions/condition' },
              visible: { $ref: '#/definitions/condition' },
            },
          },
        },
        widgets: { type: 'object', additionalProperties: { type: 'string' } },
        lookups: {
          type: 'object',
          additionalProperties: {
            type: 'object',
            required: ['entity', 'textFields'],
            additionalProperties: false,
            properties: {
              entity: { type: 'string', pattern: '^[^/]+/[^/]+$' },
              valueField: { type: 'string', minLength: 1 },
              textFields: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
              iconField: { type: 'string', minLength: 1 },
              countryField: { type: 'string', minLength: 1 },
              filter: { $ref: '#/definitions/condition' },
              onDelete: { enum: ['restrict', 'cascade', 'setNull'] },
            },
          },
        },
        grid: {
          type: 'object',
          required: ['columns'],
          additionalProperties: false,
          properties: {
            columns: {
              type: 'array',
              items: {
                type: 'object',
                required: ['field'],
                additionalProperties: false,
                properties: { field: { type: 'string', minLength: 1 }, width: { type: 'number', exclusiveMinimum: 0 }, label: { $ref: '#/definitions/localizedText' } },
              },
            },
            defaultSort: {
              type: 'array',
              items: {
                type: 'object',
                required: ['field', 'direction'],
                additionalProperties: false,
                properties: { field: { type: 'string', minLength: 1 }, direction: { enum: ['asc', 'desc'] } },
              },
            },
            pageSize: { type: 'integer', minimum: 1 },
            runOnLoad: { type: 'boolean' },
          },
        },
        queryFields: fieldList,
        quickSearch: fieldList,
        import: {
          type: 'object',
          required: ['columns'],
          additionalProperties: false,
          properties: {
            gtinField: { type: 'string', minLength: 1 },
            columns: {
              type: 'array',
              minItems: 1,
              items: {
                type: 'object',
                required: ['field'],
                additionalProperties: false,
                properties: {
                  field: { type: 'string', minLength: 1 },
                  label: { $ref: '#/definitions/localizedText' },
                  description: { $ref: '#/definitions/localizedText' },
                  show: { type: 'boolean' },
                  requiredForGtin: { type: 'boolean' },
                },
              },
            },
          },
        },
        commands: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'label', 'post', 'permission'],
            additionalProperties: false,
            properties: {
              id: { type: 'string', pattern: '^[a-z][a-z0-9-]*$' },
              label: { $ref: '#/definitions/localizedText' },
              icon: { type: 'string', minLength: 1 },
              post: { type: 'string', pattern: '^/api/[^{}]*\\{Oid\\}[^{}]*$' },
              permission: { enum: ['Read', 'Create', 'Update', 'Delete'] },
              results: { type: 'object', additionalProperties: { $ref: '#/definitions/localizedText' } },
              warningResults: { type: 'array', items: { type: 'string', minLength: 1 } },
            },
          },
        },
        details: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'label', 'entity', 'foreignKey', 'columns'],
            additionalProperties: false,
            properties: {
              id: { type: 'string', minLength: 1 },
              label: { $ref: '#/definitions/localizedText' },
              entity: { type: 'string', pattern: '^[^/]+/[^/]+$' },
              foreignKey: { type: 'string', minLength: 1 },
              columns: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
            },
          },
        },
      },
    },
  },
} as const;
