import { describe, expect, it } from 'vitest';
import { compileEntityUncached, LOCALES, type EntityDocument } from '../../schemas';
import user from '../metadata/identity/user.json';

describe("a user's language", () => {
  it('is a choice of the nine UI languages, not free text', () => {
    type Choice = { enum?: unknown[]; oneOf?: Array<{ const?: unknown }>; anyOf?: Array<{ const?: unknown }> };
    const properties = compileEntityUncached(user as unknown as EntityDocument).schema.properties as Record<string, Choice>;
    const property = properties.LanguageCode!;
    const values = property.enum ?? (property.oneOf ?? property.anyOf ?? []).map((option) => option.const);
    expect(values.filter((value) => value !== null).sort()).toEqual([...LOCALES].sort());
  });
});
