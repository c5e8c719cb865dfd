import { adjustRecord as adjustWith, type AdjustedRecord } from '../../schemas';
import type { EntityKind } from './catalogue';

/** schemas/ `adjustRecord` for a catalogue kind (POST .../adjust): defaults, normalised values, every field's effect state. */
export function adjustRecord(kind: EntityKind, input: Record<string, unknown>): AdjustedRecord {
  return adjustWith(kind.doc, kind.compiled, input, kind.decimalStrings);
}
