import { describe, expect, it } from 'vitest';
import { addFieldError, type FieldErrors } from './api-error';
import { parseReceipt } from '../terminals/terminal-documents';

describe('addFieldError', () => {
  it('keeps a list per path, for paths named like Object.prototype members too', () => {
    const errors: FieldErrors = {};
    for (const path of ['constructor', 'toString', '__proto__', 'Name', 'constructor']) addFieldError(errors, path, `bad ${path}`);
    expect(Object.keys(errors)).toEqual(['constructor', 'toString', '__proto__', 'Name']);
    expect(errors.constructor).toEqual(['bad constructor', 'bad constructor']);
    expect(JSON.parse(JSON.stringify(errors))).toMatchObject({ toString: ['bad toString'], __proto__: ['bad __proto__'] });
    // The object itself keeps its prototype: nothing was written into it.
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
  });

  it("a terminal's receipt with a member named constructor is refused by name, not a fault", () => {
    const refused = (() => {
      try {
        parseReceipt(JSON.parse('{"constructor":1,"toString":2}'));
      } catch (error) {
        return error as { status: number; options: { errors: FieldErrors } };
      }
      throw new Error('accepted');
    })();
    expect(refused.status).toBe(400);
    expect(refused.options.errors).toMatchObject({ constructor: ['is not a member of a receipt'], toString: ['is not a member of a receipt'] });
  });
});
