import Form from '@rjsf/core';
import type { FormProps, FormState } from '@rjsf/core';

type AnyFormProps = FormProps;

/** True when no prop but `formData` differs, functions aside (rjsf ignores them too: parents pass new ones each render). */
function onlyFormDataChanged(previous: AnyFormProps, next: AnyFormProps): boolean {
  const keys = new Set([...Object.keys(previous), ...Object.keys(next)] as (keyof AnyFormProps)[]);
  for (const key of keys) {
    if (key === 'formData' || previous[key] === next[key]) continue;
    if (typeof previous[key] === 'function' && typeof next[key] === 'function') continue;
    return false;
  }
  return true;
}

/**
 * rjsf's Form, for a parent that stores what `onChange` reports and hands it back as `formData` (a controlled form).
 * On that echo rjsf derives its whole state again (defaults and schema of every field: ~7 ms a keystroke with 300
 * fields) although its state already holds exactly that data. This form skips the derivation when the new
 * `formData` is the very object of its state and nothing else changed; anything else goes the usual way.
 */
export class EchoAwareForm extends Form {
  override getSnapshotBeforeUpdate(prevProps: AnyFormProps, prevState: FormState) {
    if (this.props.formData !== undefined && this.props.formData === this.state.formData && onlyFormDataChanged(prevProps, this.props)) return { shouldUpdate: false as const };
    return super.getSnapshotBeforeUpdate(prevProps, prevState);
  }
}
