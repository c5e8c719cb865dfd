import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonFiles, readJson, ROOT, sample, validSamples } from '../fixtures/metadata/samples';
import { checkCatalogue } from './check-catalogue';
import type { EntityDocument } from './entity-document';
import { validateEntityDocument } from './validate-entity-document';

const INVALID = path.join(ROOT, 'fixtures/metadata/invalid');

// Each invalid fixture breaks one rule: the issue we expect (path and a fragment of the message).
const EXPECTED: Record<string, [string, string | RegExp]> = {
  'unknown-property': ['/fields/0/maxLenght', "field 'Name': unknown property 'maxLenght' (did you mean 'maxLength'?)"],
  'missing-type': ['/fields/0', "missing required property 'type'"],
  'bad-usage-value': ['/fields/0/usage', /"Multiline" is not allowed here; use one of: MultilineText/],
  'min-greater-than-max': ['/fields/0/min', "field 'Price': min (10) is greater than max (5)"],
  'min-length-greater-than-max-length': ['/fields/0/minLength', "field 'Code': minLength (9) is greater than maxLength (3)"],
  'not-pascal-case': ['/fields/0/name', "field 'retailPrice': names are PascalCase"],
  'duplicate-field': ['/fields/1/name', "field 'Name' is declared twice (first at /fields/0)"],
  'duplicate-nested-field': ['/fields/1/properties/1/name', "field 'City' is declared twice"],
  'system-field': ['/fields/1/name', "field 'TenantOid' is a system field"],
  'nullable-on-string': ['/fields/0/nullable', "field 'Name': 'nullable' applies to Number fields only, this one is String"],
  'max-length-on-number': ['/fields/0/maxLength', "'maxLength' applies to String fields only"],
  'properties-on-string': ['/fields/0/properties', "'properties' applies to Object fields only"],
  'enum-without-options': ['/fields/0/options', "usage 'Enum' needs 'options'"],
  'options-without-enum': ['/fields/0/options', "'options' are for fields with usage 'Enum'"],
  'bad-rule-string': ['/fields/0/rules', "unknown rule 'lenght'"],
  'may-required-on-nullable': ['/fields/1/rules', "'mayRequired' is for a Number field that is neither required nor nullable"],
  'unknown-effect-field': ['/extensions/effects/Nope', "effects names field 'Nope', which does not exist"],
  'condition-unknown-field': ['/extensions/effects/Note/required/field', /field 'Note': required condition: .*Missing/],
  'field-in-two-groups': ['/extensions/tabs/1/groups/0/fields/0', "field 'Name' is placed in group 'g1' and again in group 'g2'"],
  'unknown-widget': ['/extensions/widgets/Name', "widget 'fancy-slider' is unknown"],
  'radio-without-options': ['/extensions/widgets/Name', "widget 'radio' needs a field with usage 'Enum'"],
  'radio-on-optional-field': ['/extensions/widgets/Kind', "widget 'radio' offers no empty choice, so the field must be required"],
  'unknown-grid-column': ['/extensions/grid/columns/1/field', "grid column names field 'Price', which does not exist"],
  'unknown-title-field': ['/titleField', "titleField names field 'Title'"],
  'lookup-without-definition': ['/fields/1/usage', "field 'Unit' has usage 'Lookup' but no entry in extensions.lookups"],
  'lookup-missing-entity': ['/extensions/lookups/Unit/entity', "points at 'nowhere/unit', which no document defines"],
  'on-delete-unknown-rule': ['/extensions/lookups/Unit/onDelete', /"nullify" is not allowed here; use one of: restrict, cascade, setNull/],
  'on-delete-set-null-required': ['/extensions/lookups/Unit/onDelete', "lookup of field 'Unit': onDelete 'setNull' cannot empty a required field; use 'restrict' or 'cascade'"],
  'on-delete-cascade-missing-entity': ['/extensions/lookups/Unit/entity', "points at 'nowhere/unit', which no document defines: its onDelete 'cascade' needs an existing kind"],
  'entity-mismatch': ['/entity', "entity 'another-name' does not match the file name 'entity-mismatch.json'"],
  'area-mismatch': ['/area', "area 'pos-supply' does not match the folder 'invalid'"],
};

function issuesOf(file: string) {
  const doc = readJson(file);
  const relative = path.relative(ROOT, file);
  return [...validateEntityDocument(doc, relative), ...checkCatalogue([{ file: relative, doc }])];
}

describe('validateEntityDocument on fixtures', () => {
  it.each(validSamples().map((s) => [s.file, s.doc] as const))('%s is valid', (file, doc) => {
    expect(validateEntityDocument(doc, file)).toEqual([]);
  });

  it('has an expectation for every invalid fixture', () => {
    const names = jsonFiles(INVALID).map((f) => path.basename(f, '.json'));
    expect(names.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))('invalid/%s.json breaks exactly its rule', (name, [pointer, message]) => {
    const issues = issuesOf(path.join(INVALID, `${name}.json`));
    expect(issues).toHaveLength(1);
    expect(issues[0]!.file).toBe(`fixtures/metadata/invalid/${name}.json`);
    expect(issues[0]!.path).toBe(pointer);
    if (typeof message === 'string') expect(issues[0]!.message).toContain(message);
    else expect(issues[0]!.message).toMatch(message);
  });
});

function withDoc(change: (doc: EntityDocument) => void): EntityDocument {
  const doc = structuredClone(sample('article'));
  change(doc);
  return doc;
}

describe('validateEntityDocument', () => {
  it('names the choice a misspelt one most likely meant, and none when nothing is close', () => {
    const typo = withDoc((d) => {
      (d.fields[0] as { type: string }).type = 'Strng';
    });
    expect(validateEntityDocument(typo, 'article.json')).toEqual([
      expect.objectContaining({ path: '/fields/0/type', message: `field '${typo.fields[0]!.name}': "Strng" is not allowed here; use one of: String, Number, Boolean, Object, Array (did you mean 'String'?)` }),
    ]);
    const far = withDoc((d) => {
      (d.fields[0] as { type: string }).type = 'Text';
    });
    expect(validateEntityDocument(far, 'article.json')[0]!.message).not.toContain('did you mean');
  });

  it('names a plain-string label as such, with the object to write instead', () => {
    const doc = withDoc((d) => {
      (d as unknown as Record<string, unknown>).label = 'Article';
    });
    expect(validateEntityDocument(doc, '')).toEqual([
      { file: '', path: '/label', message: 'label must be localized text, an object with one string per language, e.g. { "en": "Article", "de": "..." }, not a plain string' },
    ]);
  });

  it("names a lookup's kind without its area with the form it needs, and the catalogue check the kind meant", () => {
    const doc = withDoc((d) => {
      const lookups = d.extensions!.lookups!;
      const [field] = Object.keys(lookups);
      lookups[field!]!.entity = 'quantity-unit';
    });
    const shape = validateEntityDocument(doc, '');
    expect(shape).toHaveLength(1);
    expect(shape[0]!.message).toBe('"quantity-unit" does not have the expected form (the kind as "<area>/<entity>", e.g. "pos-supply/tax")');
    const unit = sample('quantity-unit');
    const catalogue = checkCatalogue([{ file: 'a.json', doc }, { file: 'u.json', doc: unit }]);
    expect(catalogue.map((issue) => issue.message)).toContainEqual(expect.stringContaining(`which no document defines (did you mean '${unit.area}/quantity-unit'?)`));
  });

  it('refuses what is not an object', () => {
    expect(validateEntityDocument(42, 'x.json')[0]).toMatchObject({ file: 'x.json', path: '' });
  });

  it('skips the file-name checks without a file', () => {
    expect(validateEntityDocument(sample('article'), '')).toEqual([]);
  });

  it('names a nested field by its dotted path', () => {
    const doc = withDoc((d) => {
      d.fields.find((f) => f.name === 'Dimensions')!.properties![0]!.min = 5;
      d.fields.find((f) => f.name === 'Dimensions')!.properties![0]!.max = 1;
    });
    expect(validateEntityDocument(doc, '')).toEqual([
      { file: '', path: '/fields/13/properties/0/min', message: "field 'Dimensions.Width': min (5) is greater than max (1)" },
    ]);
  });

  it('refuses an unknown key in the extensions with a suggestion', () => {
    const doc = withDoc((d) => {
      (d.extensions as Record<string, unknown>).efects = {};
    });
    expect(validateEntityDocument(doc, '')[0]?.message).toContain("unknown property 'efects' (did you mean 'effects'?)");
  });

  it('checks row commands: a route holding {Oid}, a known permission, ids used once', () => {
    const command = { id: 'run-it', label: { en: 'Run it' }, post: '/api/things/{Oid}/run', permission: 'Update' as const };
    expect(validateEntityDocument(withDoc((d) => void (d.extensions!.commands = [command])), '')).toEqual([]);
    const twice = validateEntityDocument(withDoc((d) => void (d.extensions!.commands = [command, { ...command }])), '');
    expect(twice).toEqual([{ file: '', path: '/extensions/commands/1/id', message: "command id 'run-it' is used twice" }]);
    expect(validateEntityDocument(withDoc((d) => void (d.extensions!.commands = [{ ...command, post: '/api/things/run' }])), '')[0]?.path).toBe('/extensions/commands/0/post');
    expect(validateEntityDocument(withDoc((d) => void (d.extensions!.commands = [{ ...command, permission: 'Own' as 'Update' }])), '')[0]?.path).toBe('/extensions/commands/0/permission');
  });

  it('refuses a bound outside the managed type', () => {
    const doc = withDoc((d) => {
      d.fields.push({ name: 'Small', type: 'Number', managedType: 'byte', min: 300 });
    });
    expect(validateEntityDocument(doc, '').map((i) => i.message)).toEqual(["field 'Small': min (300) is above the largest byte (255)"]);
  });

  it('checks option values against the field type and defaults against the options', () => {
    const doc = withDoc((d) => {
      const kind = d.fields.find((f) => f.name === 'Kind')!;
      kind.options![0]!.value = 'one';
      kind.default = 7;
    });
    const messages = validateEntityDocument(doc, '').map((i) => i.message);
    expect(messages).toContain("field 'Kind': option value \"one\" must be a number like the field");
    expect(messages).toContain("field 'Kind': default 7 is not one of the options");
  });

  it('refuses a usage on the wrong type, a bad pattern and quick search on a Number', () => {
    const doc = withDoc((d) => {
      d.fields.push({ name: 'Mail', type: 'Number', usage: 'Email' }, { name: 'Bad', type: 'String', pattern: '(' });
      d.extensions!.quickSearch = ['Kind'];
    });
    const messages = validateEntityDocument(doc, '').map((i) => i.message);
    expect(messages).toContain("field 'Mail': usage 'Email' needs a String field, this one is Number");
    expect(messages.some((m) => m.startsWith("field 'Bad': pattern is not a valid regular expression"))).toBe(true);
    expect(messages).toContain("quickSearch field 'Kind' is a Number field: quick search reads String fields only");
  });

  it('refuses a patternHint with no pattern to word, and accepts one on a usage that brings its own', () => {
    const doc = withDoc((d) => {
      d.fields.push(
        { name: 'Loose', type: 'String', patternHint: { en: 'three letters' } },
        { name: 'PayCurrency', type: 'String', usage: 'CurrencyCode', patternHint: { en: 'three capital letters, e.g. EUR' } },
      );
    });
    const issues = validateEntityDocument(doc, '');
    expect(issues.map((i) => i.message)).toContain("field 'Loose': 'patternHint' words a 'pattern': add the pattern it describes, or remove the hint");
    expect(issues.filter((i) => i.message.startsWith("field 'PayCurrency'"))).toEqual([]);
  });

  it('accepts system fields and nested paths in the extensions', () => {
    const doc = withDoc((d) => {
      d.extensions!.grid!.columns.push({ field: 'Oid' }, { field: 'Dimensions.Width' });
      d.extensions!.effects!['Dimensions.Height'] = { visible: { field: 'Dimensions.Width', op: 'positive' } };
    });
    expect(validateEntityDocument(doc, '')).toEqual([]);
  });

  it('accepts lookups on the properties of an Array’s items, and wants one for every nested Lookup usage', () => {
    const pair = (lookups: Record<string, { entity: string; textFields: string[] }>) =>
      withDoc((d) => {
        d.fields.push({
          name: 'Pairs',
          type: 'Array',
          items: { name: 'Pair', type: 'Object', properties: [{ name: 'UnitOid', type: 'Number', managedType: 'int64', nullable: true, usage: 'Lookup' }, { name: 'Note', type: 'Boolean' }] },
        });
        d.extensions!.lookups = { ...d.extensions!.lookups, ...lookups };
      });
    expect(validateEntityDocument(pair({ 'Pairs[].UnitOid': { entity: 'pos-supply/unit', textFields: ['Name'] } }), '')).toEqual([]);
    const missing = validateEntityDocument(pair({}), '');
    expect(missing.map((i) => [i.path, i.message])).toContainEqual([
      expect.stringMatching(/\/items\/properties\/0\/usage$/),
      "field 'Pairs[].UnitOid' has usage 'Lookup' but no entry in extensions.lookups saying what it looks up",
    ]);
    const wrong = validateEntityDocument(pair({ 'Pairs[].UnitOid': { entity: 'pos-supply/unit', textFields: ['Name'] }, 'Pairs[].Note': { entity: 'pos-supply/unit', textFields: ['Name'] } }), '');
    expect(wrong.map((i) => i.message)).toContain("field 'Pairs[].Note' is a Boolean field: a lookup stores a String or Number key");
  });

  it('keeps external fields at the top level, not unique, and out of lists', () => {
    const doc = withDoc((d) => {
      d.fields.push({ name: 'Kept', type: 'String', external: true, unique: true });
      d.fields.push({ name: 'Part', type: 'Object', properties: [{ name: 'Inner', type: 'String', external: true }] });
      d.extensions!.grid!.columns.push({ field: 'Kept' });
      d.extensions!.quickSearch = ['Kept'];
    });
    const messages = validateEntityDocument(doc, '').map((i) => i.message);
    expect(messages).toContain("field 'Kept': an external field cannot be 'unique': its value is not in the kind's table");
    expect(messages).toContain("field 'Part.Inner': 'external' applies to top-level fields only");
    expect(messages).toContain("grid column names field 'Kept', which is external: lists cannot sort, filter or search by it");
    expect(messages).toContain("quickSearch names field 'Kept', which is external: lists cannot sort, filter or search by it");
  });

  it('takes a decimal string past 2^53 in a condition on a wide integer, as the evaluator compares it', () => {
    const withLimit = (value: unknown) =>
      withDoc((d) => {
        d.fields.push({ name: 'Limit', type: 'Number', managedType: 'int64', nullable: true });
        d.extensions!.effects!.GTIN = { readonly: { field: 'Limit', op: 'greaterThan', value } };
      });
    expect(validateEntityDocument(withLimit('9223372036854775806'), '')).toEqual([]);
    expect(validateEntityDocument(withLimit('nine'), '').map((i) => i.path)).toEqual([expect.stringMatching(/^\/extensions\/effects\/GTIN\/readonly/)]);
  });

  it('checks condition value types against the field types', () => {
    const doc = withDoc((d) => {
      d.extensions!.effects!.GTIN = { required: { field: 'Kind', op: 'equal', value: 'goods' } };
    });
    const issues = validateEntityDocument(doc, '');
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path.startsWith('/extensions/effects/GTIN/required')).toBe(true);
  });
});

describe('checkCatalogue', () => {
  it('accepts the valid samples together', () => {
    expect(checkCatalogue(validSamples())).toEqual([]);
  });

  it('reports a kind defined twice', () => {
    const docs = [...validSamples(), { file: 'copy.json', doc: sample('article') }];
    expect(checkCatalogue(docs)).toEqual([
      { file: 'copy.json', path: '/entity', message: expect.stringContaining("entity 'pos-supply/article' is already defined in fixtures/metadata/valid/pos-supply/article.json") },
    ]);
  });

  it('reports lookup text fields, value field and filter fields the target lacks', () => {
    const article = withDoc((d) => {
      d.extensions!.lookups!.QuantityUnit = { entity: 'pos-supply/quantity-unit', valueField: 'Key', textFields: ['Name', 'Title'], filter: { field: 'Nope', op: 'true' } };
    });
    const others = validSamples().filter((s) => s.doc.entity !== 'article');
    const issues = checkCatalogue([...others, { file: 'a.json', doc: article }]);
    expect(issues.map((i) => i.path)).toEqual([
      '/extensions/lookups/QuantityUnit/valueField',
      '/extensions/lookups/QuantityUnit/textFields/1',
      expect.stringMatching(/^\/extensions\/lookups\/QuantityUnit\/filter/),
    ]);
    expect(issues[1]!.message).toBe("lookup of field 'QuantityUnit': text field 'Title' is not a field of 'pos-supply/quantity-unit'");
  });

  it('reports detail views with a missing kind, foreign key or column', () => {
    const unit = structuredClone(sample('quantity-unit'));
    unit.extensions!.details![0]!.foreignKey = 'Unit';
    unit.extensions!.details![0]!.columns = ['Text', 'Price'];
    unit.extensions!.details!.push({ id: 'x', label: { en: 'X' }, entity: 'pos-supply/nothing', foreignKey: 'A', columns: ['A'] });
    const others = validSamples().filter((s) => s.doc.entity !== 'quantity-unit');
    expect(checkCatalogue([...others, { file: 'u.json', doc: unit }]).map((i) => i.path)).toEqual([
      '/extensions/details/0/foreignKey',
      '/extensions/details/0/columns/1',
      '/extensions/details/1/entity',
    ]);
  });

  it('skips documents that are not shaped like entity documents', () => {
    expect(checkCatalogue([{ file: 'x.json', doc: null }, { file: 'y.json', doc: { area: 1 } }])).toEqual([]);
  });
});
