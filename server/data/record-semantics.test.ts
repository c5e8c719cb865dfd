import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectFields, expectedStates, semanticsRows } from '../../fixtures/record-semantics/table';
import type { FieldState } from '../../schemas';
import { createDataTestApp, type DataTestApp } from './data-test-app';

/**
 * The shared table of fixtures/record-semantics/ through the data API: `POST .../adjust` answers the states, a
 * create answers 201 or the 400 with the messages by field. The same rows hold in the editor
 * (renderers/form/record-semantics.test.ts) and in the pure core (schemas/record-semantics.test.ts).
 */
const DIR = fileURLToPath(new URL('../../fixtures/record-semantics', import.meta.url));
const URL_ = '/api/data/lab/sample';
let t: DataTestApp;
beforeAll(async () => {
  t = await createDataTestApp([DIR]);
});
afterAll(async () => t.close());

describe('record semantics through the data API (fixtures/record-semantics)', () => {
  it.each(semanticsRows.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const adjusted = await t.app.inject({ method: 'POST', url: `${URL_}/adjust`, payload: row.record });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    const states = (JSON.parse(adjusted.body) as { states: Record<string, FieldState> }).states;
    expect(Object.fromEntries(effectFields.map((field) => [field, states[field]]))).toEqual(expectedStates(row));

    const created = await t.app.inject({ method: 'POST', url: URL_, payload: row.record });
    if (Object.keys(row.errors).length === 0) {
      expect(created.statusCode, created.body).toBe(201);
    } else {
      expect(created.statusCode, created.body).toBe(400);
      const body = JSON.parse(created.body) as { message: string; errors: Record<string, string[]> };
      expect(body.errors).toEqual(row.errors);
      expect(body.message).toBe(`The record has invalid fields: ${Object.keys(row.errors).join(', ')}.`);
    }
  });
});
