/**
 * The field-model compiler: the metadata contract, its checker, and the compiler from an entity document to
 * JSON Schema + rjsf uiSchema + layout + grid, with the helpers the editors and the server share.
 * Import from `schemas` rather than from its files.
 */
export * from './entity-document';
export { ENTITY_DOCUMENT_SCHEMA } from './entity-document-schema';
export { validateEntityDocument } from './validate-entity-document';
export { checkCatalogue, type CatalogueEntry } from './check-catalogue';
export { USAGE_TYPES } from './check-fields';
export { type DocumentIssue, pointer, pointerSegment } from './document-issue';
export { MANAGED_TYPES, MANAGED_TYPE_NAMES, effectiveBounds, isIntegerType, type Bounds, type ManagedTypeInfo } from './managed-types';
export { STRING_RULES, parseRules, modelRules, fieldRules, evaluateRules, isEmptyValue, type Rule, type RuleName, type ParsedRules, type RuleFailure } from './rule-strings';
export { VALIDATORS, DEFAULT_MESSAGES, messageKey, detailedMessageKey, formatMessage, shortenValue, type Validator, type MessageParams, type Translate } from './messages';
export { WIDGET_NAMES, WIDGET_TESTERS, chooseWidget, isWidgetName, type WidgetName, type WidgetTester, type WidgetContext } from './widget-testers';
export { DEFAULT_CURRENCY, ZERO_DECIMAL_CURRENCIES, THREE_DECIMAL_CURRENCIES, currencyDecimals, roundToCurrency, parseCurrencyAmount, parseCurrencyAmountText, type CurrencyAmount, type CurrencyAmountText } from './currency';
export { SYSTEM_FIELDS, SYSTEM_FIELD_NAMES, ALL_OPERATIONS, toEntityMeta, resolveTitleField } from './system-fields';
export { defaultValue, emptyRecord, normaliseNumberInput } from './defaults';
export { localize, fieldLabel, nameToWords } from './field-label';
export { formatFieldText, formatNumberValue, formatTemporalValue, formatPlainValue, fieldCurrency, isNumericDisplay, numberFormatOptions, DECIMAL_MIN_FRACTION_DIGITS, type FormatOptions } from './format-value';
export { walkFields, fieldTypesOf, findField, valueAt, type WalkedField } from './field-paths';
export { compileFieldSchema, compileObjectSchema, compileTopLevelFieldSchema, type JsonSchema } from './compile-field-schema';
export {
  WIDE_INTEGER_RANGES, WIDE_INTEGER_PATTERN, WIDE_INTEGER_KEYWORD, isWideInteger, wideIntegerNames, parseWideInteger, wideIntegerBounds, wideIntegerHint, wideIntegerKeywords,
  inWideRange, addWideIntegerKeyword, normaliseWideInteger, wideIntegersOfSchema, type WideIntegerRange, type WideManagedType,
} from './wide-integer';
export {
  DOUBLE_EXACT_DIGITS, MAX_DECIMAL_PRECISION, DECIMAL_KEYWORD, isExactDecimal, exactDecimalNames, decimalScale, parseDecimal, compareDecimals, formatDecimal, decimalPattern,
  normaliseDecimal, typedDecimalText, typedWholeNumber, latinDigits, decimalBounds, decimalRange, decimalHint, decimalKeywords, inDecimalRange, addDecimalKeyword, exactDecimalsOfSchema, type DecimalRange, type ExactDecimal,
} from './exact-decimal';
export { isDecimalString, decimalStringNames, decimalStringsOfSchema, normaliseDecimalString } from './decimal-strings';
export { compileUiSchema, compileLookup, effectFields, type UiSchema, type CompiledUi, type CompiledEffects, type CompiledLookup } from './compile-ui-schema';
export { compileLayout, layoutOrder, DEFAULT_TAB_ID, type FormLayout, type LayoutTab, type LayoutGroup } from './compile-layout';
export { compileGrid, compileQueryFields, compileQuickSearch, compileDetails, compileRowCommands, commandResultText, commandResultIsWarning, DEFAULT_PAGE_SIZE, DEFAULT_COLUMN_COUNT, type CompiledGrid, type CompiledColumn, type CompiledQueryField, type CompiledDetailView, type CompiledRowCommand } from './compile-grid';
export { compileEntity, compileEntityUncached, clearCompileCache, compileKey, type CompiledEntity } from './compile-entity';
export { isUrlTemplate, addUrlTemplateFormat, URL_TEMPLATE_FORMAT } from './url-template';
export { asksForDate, asksForTime, dateStyleOf, isoParts, isoText, DATE_STYLES, type DateStyle } from './date-style';
export { isTimeZone, addTimeZoneFormat, timeZoneNames, TIME_ZONE_FORMAT } from './time-zone';
export { schemaAt } from './schema-at';
export { compiledEffect, effectHolds, effectsByPath, recordFieldStates, createFieldEffects, fieldTitle, choiceTitle, type FieldState, type FieldEffectState, type EffectStates, type FieldEffectsEngine } from './record-effects';
export { normaliseRecord, adjustRecord, type AdjustedRecord } from './adjust-record';
export { describeSchemaError, FORMAT_VALIDATORS, type SchemaError, type DescribedError, type DescribeOptions } from './schema-error-messages';
export { createRecordChecks, type RecordChecks, type RecordCheckContext, type RecordCheckFailure } from './record-checks';
export { createRecordValidator, recordAjv, type RecordValidator, type RecordErrors, type FieldError } from './record-validator';
export { compileImport, importDefinitionErrors, type CompiledImport, type CompiledImportColumn, type ImportCellError } from './import-definition';
export { FORMULA_START, startsLikeFormula, escapeFormula, isEscapedFormula, unescapeFormula, spreadsheetCell } from './spreadsheet-cell';
export { REPORT_SOURCES, REPORT_SOURCE_FIELDS, DOCUMENT_KINDS, DOCUMENT_TYPE_OF_KIND, isDocumentSource, hasLocation, type ReportSource, type ReportSourceField, type ReportValueType, type DocumentKind } from './report-sources';
export { REPORT_AGGREGATIONS, REPORT_GROUPINGS, REPORT_PARAMETER_KINDS, REPORT_DEFINITION_SCHEMA, DEFAULT_REPORT_MAX_ROWS, REPORT_MAX_ROWS_LIMIT, validateReportDefinition, checkReportCatalogue, reportCode, reportPath, columnType, isDimension, type ReportDefinition, type ReportColumn, type ReportParameter, type ReportParameterKind, type ReportAggregation, type ReportGrouping, type ReportSort, type ReportChart, type DateRangeDefault } from './report-definition';
export { defaultDateRange, drillDownHref, bucketRange, type ReportResult, type ReportResultColumn, type ReportRunParameters, type ReportRow } from './report-parameters';
export { WRITE_ONLY_MEMBER, isWriteOnly, writeOnlyFields, isSetValue, redactWriteOnly } from './write-only';
