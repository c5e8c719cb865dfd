/**
 * The condition language: types, operator semantics, checker, interpreter and explanations.
 * Everything a caller needs is exported here; import from `conditions` rather than from its files.
 */
export { OPERATORS, type Operator, type Condition, type ConditionLeaf, type WhenAll, type WhenAny, type Not } from './condition';
export { CONDITION_FIELD_KINDS, type ConditionFieldKind, type ConditionFieldTypes } from './condition-field-types';
export { OPERATOR_SPECS, applyOperator, isOperator, isNullish, isEmptyValue, equalValues, type OperatorSpec } from './operators';
export { deepEqual } from './deep-equal';
export { compareValues, compareCodePoints } from './compare-values';
export { valueKind, isPlainObject, type ValueKind } from './value-kind';
export { resolveField, fieldReader } from './resolve-field';
export { checkCondition, MAX_CONDITION_DEPTH, type ConditionIssue, type ConditionIssueCode } from './check-condition';
export { isCondition } from './is-condition';
export { compileCondition, type CompiledCondition } from './compile-condition';
export { evaluateCondition } from './evaluate-condition';
export { explainCondition, type Explanation, type ExplanationKey, type ExplanationParams } from './explain-condition';
export {
  formatExplanation, formatConditionValue, ENGLISH_EXPLANATION_MESSAGES, ENGLISH_EXPLANATIONS, type ExplanationMessage, type ExplanationMessages, type ValueLabels, type ValueWords,
} from './format-explanation';
export { conditionFields } from './condition-fields';
export { WIDE_OPERATOR_TESTS, isDecimalInteger, isDecimalText, wideNumber, operatorTest, type ConditionOptions } from './wide-integers';
