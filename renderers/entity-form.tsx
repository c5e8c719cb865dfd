import { Box } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, RJSFValidationError, UiSchema as RjsfUiSchema } from '@rjsf/utils';
import { useEffect, useId, useImperativeHandle, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { WRITE_ONLY_MEMBER, type CompiledEntity, type DateStyle } from '../schemas';
import { EditedRecord, type EntityFormContext, type LookupResolver, type LookupSource } from './form-context';
import { EchoAwareForm } from './form/echo-aware-form';
import { explanationMessages } from './form/explanation-messages';
import { applyEffects, createFieldEffects, type EffectStates } from './form/field-effects';
import {
  createCustomValidate, createTransformErrors, errorPath, errorsPerTab, firstErrorOf, formValidator, pendingServerErrors, serverErrorList, serverErrorSchema,
  type ServerFieldErrors,
} from './form/form-validation';
import { rendererRegistry } from './registry';
import { validationTranslate } from './validation-messages';

type RecordValue = Record<string, unknown>;

/** One field error, by dotted path. */
export interface EntityFormError {
  path: string;
  message: string;
}

/** The result of validating the form. */
export interface EntityFormValidation {
  valid: boolean;
  errors: EntityFormError[];
  /** Field errors per tab id. */
  perTab: Record<string, number>;
}

/** What a parent can do with the form through its ref. */
export interface EntityFormHandle {
  /** Validates the record, shows the errors on the fields and the tabs, and returns them. */
  validate(): EntityFormValidation;
  /** Validates and, when valid, calls `onSubmit`. */
  submit(): void;
  /** Shows the tab that lays out the field and focuses its input (the grid's F2 opens the editor on a cell's field). */
  focus(path: string): void;
}

/** Props of the generated entity editor. */
export interface EntityFormProps {
  compiled: CompiledEntity;
  value: RecordValue;
  onChange: (value: RecordValue) => void;
  onSubmit?: (value: RecordValue) => void;
  readOnly?: boolean;
  lookupSource: LookupSource;
  resolveLookup?: LookupResolver;
  locale: string;
  /** How dates are written: as the language does (default) or ISO (the back office's formats.dateFormat). */
  dateStyle?: DateStyle;
  /**
   * The server's messages per field path (a refused save: 400 `errors`, 409 unique). They show on their fields and
   * count in the tab badges until the user changes that field's value. A new object is a new refusal, of the
   * value at that render.
   */
  serverErrors?: ServerFieldErrors;
  /** Told whenever the shown errors change (after the first validation errors are live). */
  onErrorsChange?: (validation: EntityFormValidation) => void;
  ref?: Ref<EntityFormHandle>;
}

function toValidation(errors: readonly RJSFValidationError[], compiled: CompiledEntity): EntityFormValidation {
  const list = errors.map((e) => ({ path: errorPath(e), message: e.message ?? e.stack }));
  return { valid: list.length === 0, errors: list, perTab: errorsPerTab(errors, compiled.layout) };
}

/** The input a field's label points at (or its first focusable element): what takes focus to show its error. */
function focusField(root: HTMLElement, path: string): void {
  const field = root.querySelector(`[data-field="${CSS.escape(path)}"]`);
  if (!field) return;
  const labelled = field.querySelector('label[for]')?.getAttribute('for');
  const target = (labelled ? root.ownerDocument.getElementById(labelled) : null) ?? field.querySelector<HTMLElement>('input, textarea, select, button, [tabindex]');
  target?.focus();
}

// Enter in a single-line input must not submit the record by accident; buttons and text areas keep it.
function swallowEnter(event: KeyboardEvent<HTMLDivElement>): void {
  const target = event.target as HTMLElement;
  if (event.key === 'Enter' && target instanceof HTMLInputElement && !['submit', 'button', 'reset'].includes(target.type)) event.preventDefault();
}

/**
 * The editor of one record, generated from a compiled entity: tabs and groups from `compiled.layout`, widgets from
 * the registry, live effects (disabled, readonly, required, visible; re-evaluated only for the fields whose inputs
 * changed), and validation with the compiled schema, the conditional requirements and the rule strings. Errors show
 * after the first validation (`ref.validate()`, `ref.submit()`) and then update as the user types.
 */
export function EntityForm({ compiled, value: given, onChange, onSubmit, readOnly, lookupSource, resolveLookup, locale, dateStyle, serverErrors, onErrorsChange, ref }: EntityFormProps) {
  const { i18n } = useLingui();
  // `$writeOnly` (which write-only fields have a value on the server) is no field: the form gets the record without
  // it, the widgets read it from the context, and every change hands it on.
  const { value, writeOnlySet } = useMemo(() => splitWriteOnly(given), [given]);
  const withSet = (next: RecordValue): RecordValue => (writeOnlySet ? { ...next, [WRITE_ONLY_MEMBER]: writeOnlySet } : next);
  const idPrefix = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const formRef = useRef<EchoAwareForm>(null);
  // A new object per language: switching it re-creates the engine, which says the shown reasons again in it.
  const explanations = explanationMessages(i18n);
  const engine = useMemo(() => createFieldEffects(compiled, explanations), [compiled, explanations]);

  // Effects follow the value: only the dependents of the fields that changed are evaluated again. The states of the
  // previous render are state, updated while rendering when the engine or the value moved on (React then renders
  // again at once, before the children).
  const [tracked, setTracked] = useState<{ engine: typeof engine; value: RecordValue; states: EffectStates }>(() => ({ engine, value, states: engine.evaluateAll(value) }));
  let current = tracked;
  if (tracked.engine !== engine) current = { engine, value, states: engine.evaluateAll(value) };
  else if (tracked.value !== value) current = { engine, value, states: engine.update(tracked.states, tracked.value, value) };
  if (current !== tracked) setTracked(current);
  const states = current.states;

  const uiSchema = useMemo(() => applyEffects(compiled.uiSchema, states), [compiled.uiSchema, states]);
  const translate = useMemo(() => validationTranslate(i18n), [i18n]);
  // New functions when the value changes do not cost a derivation: rjsf (and EchoAwareForm) ignore functions.
  const transformErrors = useMemo(() => createTransformErrors(compiled, translate, () => value), [compiled, translate, value]);
  const customValidate = useMemo(() => createCustomValidate(compiled, translate, () => states, () => writeOnlySet), [compiled, translate, states, writeOnlySet]);

  // Server errors hold for the values they were given with; a field's own messages go once its value changes.
  const [refused, setRefused] = useState<{ errors: ServerFieldErrors | undefined; value: RecordValue }>({ errors: serverErrors, value });
  const refusedValue = refused.errors === serverErrors ? refused.value : value;
  if (refused.errors !== serverErrors) setRefused({ errors: serverErrors, value });
  const pendingKey = JSON.stringify(pendingServerErrors(serverErrors, refusedValue, value));
  const pending = useMemo(() => JSON.parse(pendingKey) as ServerFieldErrors, [pendingKey]);
  const extraErrors = useMemo(() => (Object.keys(pending).length > 0 ? serverErrorSchema(pending) : undefined), [pending]);
  const pendingList = useMemo(() => serverErrorList(pending), [pending]);

  const [live, setLive] = useState(false);
  const [chosenTab, selectTab] = useState(compiled.layout.tabs[0]?.id);
  // Another kind's layout may not have the chosen tab: then its first one shows.
  const selectedTab = compiled.layout.tabs.some((tab) => tab.id === chosenTab) ? chosenTab : compiled.layout.tabs[0]?.id;
  // A save with errors shows the first one: its tab is selected, then (once that tab shows) its field is focused.
  const root = useRef<HTMLDivElement>(null);
  const [reveal, setReveal] = useState<{ path: string } | undefined>();
  useEffect(() => {
    if (reveal && root.current) focusField(root.current, reveal.path);
  }, [reveal]);
  const revealFirstError = (errors: readonly RJSFValidationError[]) => {
    const first = firstErrorOf(errors, compiled.layout);
    if (!first) return;
    if (first.tab) selectTab(first.tab);
    setReveal({ path: first.path });
  };
  const [validation, setValidation] = useState<EntityFormValidation | null>(null);
  const show = (all: readonly RJSFValidationError[]) => {
    // rjsf reports the server's messages merged into its own; they are counted separately (below).
    const errors = all.filter((e) => !pending[errorPath(e)]?.includes(e.message ?? ''));
    const next = toValidation(errors, compiled);
    setValidation(next);
    onErrorsChange?.(next);
    return next;
  };

  useImperativeHandle(ref, () => ({
    validate() {
      const result = formValidator().validateFormData(value, compiled.schema as RJSFSchema, customValidate, transformErrors, uiSchema as RjsfUiSchema);
      setLive(true);
      formRef.current?.validateForm();
      revealFirstError(result.errors);
      return show(result.errors);
    },
    submit() {
      setLive(true);
      formRef.current?.submit();
    },
    focus(path) {
      // The tab of a field is found as that of an error on it would be.
      const place = firstErrorOf([{ property: path }], compiled.layout);
      if (place?.tab) selectTab(place.tab);
      setReveal({ path });
    },
  }));

  const tabErrors = useMemo(() => {
    const counts = { ...(validation?.perTab ?? {}) };
    for (const [tab, count] of Object.entries(errorsPerTab(pendingList, compiled.layout))) counts[tab] = (counts[tab] ?? 0) + count;
    return counts;
  }, [validation, pendingList, compiled.layout]);
  const formContext: EntityFormContext = useMemo(
    () => ({ lookupSource, resolveLookup, locale, dateStyle, layout: compiled.layout, tabErrors, selectedTab, selectTab, writeOnlySet: writeOnlySet ?? {} }),
    [lookupSource, resolveLookup, locale, dateStyle, compiled.layout, tabErrors, selectedTab, writeOnlySet],
  );

  return (
    <Box ref={root} onKeyDown={swallowEnter} data-entity-form={compiled.key}>
      <EditedRecord value={value}>
      <EchoAwareForm
        ref={formRef}
        idPrefix={idPrefix}
        schema={compiled.schema as RJSFSchema}
        uiSchema={uiSchema as RjsfUiSchema}
        formData={value}
        formContext={formContext}
        validator={formValidator()}
        widgets={rendererRegistry.widgets}
        templates={rendererRegistry.templates}
        fields={rendererRegistry.fields}
        readonly={readOnly}
        liveValidate={live ? 'onChange' : undefined}
        extraErrors={extraErrors}
        showErrorList={false}
        noHtml5Validate
        transformErrors={transformErrors}
        customValidate={customValidate}
        onChange={(event: IChangeEvent) => {
          onChange(withSet(event.formData as RecordValue));
          if (live) show(event.errors);
        }}
        onError={(errors) => {
          revealFirstError(errors);
          show(errors);
        }}
        onSubmit={(event: IChangeEvent) => {
          show([]);
          onSubmit?.(withSet(event.formData as RecordValue));
        }}
      />
      </EditedRecord>
    </Box>
  );
}

/** The record without `$writeOnly`, and `$writeOnly` itself (undefined when the record has none). */
function splitWriteOnly(record: RecordValue): { value: RecordValue; writeOnlySet: Record<string, boolean> | undefined } {
  if (!(WRITE_ONLY_MEMBER in record)) return { value: record, writeOnlySet: undefined };
  const { [WRITE_ONLY_MEMBER]: set, ...value } = record;
  return { value, writeOnlySet: set as Record<string, boolean> };
}
