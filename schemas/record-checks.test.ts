import { describe, expect, it } from 'vitest';
import { sampleDocument } from '../fixtures/record-semantics/table';
import { compileEntityUncached } from './compile-entity';
import type { EntityDocument } from './entity-document';
import { createRecordChecks } from './record-checks';

/**
 * What the shared table (record-semantics.test.ts) cannot show: what the caller knows (the editor's live states, the
 * write-only values the server holds) and the rule-string `required`. The sample is fixtures/record-semantics/.
 */
const checks = createRecordChecks(compileEntityUncached(sampleDocument, 'en'));
const valid = { Name: 'Sample', Kind: 2, Pin: '2468' };

describe('createRecordChecks', () => {
  it('evaluates the effects on the record when no states are given', () => {
    expect(checks({ ...valid, Returned: true, Reason: 'damaged' })).toEqual([{ path: 'Serial', validator: 'required', params: { label: 'Serial number' } }]);
    expect(checks({ ...valid, Returned: true, Reason: 'damaged', Locked: true })).toEqual([]);
  });

  it("takes the states it is given (the editor's live ones) over the record", () => {
    const states = { Serial: { required: true, hidden: true, disabled: false, readonly: false }, Reason: { required: true, hidden: false, disabled: false, readonly: false } };
    expect(checks(valid, { states })).toEqual([{ path: 'Reason', validator: 'required', params: { label: 'Return reason' } }]);
  });

  it('requires an absent required write-only field unless the server holds its value, and then does not judge it', () => {
    const { Pin: _pin, ...withoutPin } = valid;
    const pinRequired = [{ path: 'Pin', validator: 'required', params: { label: 'PIN' } }];
    expect(checks(withoutPin)).toEqual(pinRequired);
    expect(checks(withoutPin, { writeOnlySet: { Pin: false } })).toEqual(pinRequired);
    expect(checks(withoutPin, { writeOnlySet: { Pin: true } })).toEqual([]);
    // Blank text passes the compiled type's minLength 1; null and '' are the type's to refuse (no second message).
    expect(checks({ ...valid, Pin: '   ' }).filter((f) => f.validator === 'required')).toEqual(pinRequired);
    expect(checks({ ...valid, Pin: null })).toEqual([]);
    // A value typed over a stored one is judged, and a message does not repeat it.
    expect(checks({ ...valid, Pin: 'x1' }, { writeOnlySet: { Pin: true } })).toEqual([
      { path: 'Pin', validator: 'numeric', params: { label: 'PIN', value: 'PIN' } },
      { path: 'Pin', validator: 'minLength', params: { label: 'PIN', min: 4, actual: 2 } },
    ]);
  });

  it("reports a rule string's `required` unless the field is declared required (the schema reports that one)", () => {
    const doc = {
      ...sampleDocument,
      fields: [...sampleDocument.fields.filter((f) => f.name !== 'Note' && f.name !== 'Name'), { name: 'Name', type: 'String', required: true, rules: 'required' }, { name: 'Note', type: 'String', rules: 'required' }],
    } as EntityDocument;
    expect(createRecordChecks(compileEntityUncached(doc, 'en'))({ ...valid, Name: '', Note: '' })).toEqual([{ path: 'Note', validator: 'required', params: { label: 'Note' } }]);
  });
});
