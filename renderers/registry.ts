import { WriteOnlyWidget } from './widgets/write-only-widget';
import type { RegistryFieldsType, RegistryWidgetsType, TemplatesType, Widget } from '@rjsf/utils';
import { WIDGET_NAMES, type WidgetName } from '../schemas';
import { ArrayFieldItemTemplate, ArrayFieldTemplate, ObjectFieldTemplate } from './templates/container-templates';
import { BUTTON_TEMPLATES } from './templates/button-templates';
import { FieldTemplate } from './templates/field-template';
import { DescriptionFieldTemplate, ErrorListTemplate, NoneTemplate, TitleFieldTemplate } from './templates/text-templates';
import { CheckboxWidget } from './widgets/checkbox-widget';
import { CodeWidget } from './widgets/code-widget';
import { ColorWidget } from './widgets/color-widget';
import { CountryAdornment } from './widgets/country-flag';
import { ImageAdornment } from './widgets/image-preview';
import { CurrencyWidget } from './widgets/currency-widget';
import { DateTimeWidget, DateWidget, TimeWidget } from './widgets/date-time-widgets';
import { EnumWidget } from './widgets/enum-widget';
import { HiddenWidget } from './widgets/hidden-widget';
import { JsonWidget } from './widgets/json-widget';
import { LookupWidget } from './widgets/lookup-widget';
import { NumberWidget, PercentWidget } from './widgets/number-widget';
import { RadioWidget } from './widgets/radio-widget';
import { createTextWidget } from './widgets/text-widget';
import { TimeZoneWidget } from './widgets/time-zone-widget';

/**
 * Every widget name the compiler emits (schemas/ WIDGET_NAMES), mapped to its component. The `Record` type makes
 * a missing name a compile error; `object` and `array` as a `ui:widget` edit the value as JSON (Object and Array
 * fields themselves render through the templates).
 */
export const WIDGETS: Readonly<Record<WidgetName, Widget>> = {
  text: createTextWidget(),
  // Every password field is write-only (schemas/write-only.ts): blind, and says whether a value is stored.
  password: WriteOnlyWidget,
  multiline: createTextWidget({ multiline: true }),
  upper: createTextWidget({ case: 'upper' }),
  lower: createTextWidget({ case: 'lower' }),
  email: createTextWidget({ type: 'email' }),
  url: createTextWidget({ type: 'url' }),
  phone: createTextWidget({ type: 'tel' }),
  id: createTextWidget({ monospace: true }),
  barcode: createTextWidget({ monospace: true }),
  image: createTextWidget({ adornment: ImageAdornment }),
  country: createTextWidget({ case: 'upper', adornment: CountryAdornment }),
  'currency-code': createTextWidget({ case: 'upper', monospace: true }),
  language: createTextWidget(),
  number: NumberWidget,
  percent: PercentWidget,
  currency: CurrencyWidget,
  checkbox: CheckboxWidget,
  lookup: LookupWidget,
  enum: EnumWidget,
  radio: RadioWidget,
  date: DateWidget,
  datetime: DateTimeWidget,
  time: TimeWidget,
  color: ColorWidget,
  object: JsonWidget,
  array: JsonWidget,
  hidden: HiddenWidget,
  code: CodeWidget,
  'time-zone': TimeZoneWidget,
};

/**
 * The widget of a name. Throws for a name the registry lacks: an unknown widget is a defect in the metadata or the
 * compiler, and a silent fallback would hide it.
 */
export function resolveWidget(name: string): Widget {
  const widget = (WIDGETS as Record<string, Widget | undefined>)[name];
  if (!widget) throw new Error(`Unknown widget '${name}': the renderer registry knows ${WIDGET_NAMES.join(', ')}.`);
  return widget;
}

/** rjsf templates on Chakra. */
export const TEMPLATES: Partial<Omit<TemplatesType, 'ButtonTemplates'>> & { ButtonTemplates: Partial<TemplatesType['ButtonTemplates']> } = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ErrorListTemplate,
  FieldErrorTemplate: NoneTemplate,
  FieldHelpTemplate: NoneTemplate,
  DescriptionFieldTemplate,
  TitleFieldTemplate,
  ButtonTemplates: BUTTON_TEMPLATES,
};

/** Custom fields: none yet; rjsf's own fields drive the widgets and templates above. */
export const FIELDS: RegistryFieldsType = {};

/** What an rjsf `Form` takes from the registry. */
export interface RendererRegistry {
  widgets: RegistryWidgetsType;
  templates: typeof TEMPLATES;
  fields: RegistryFieldsType;
}

/** The registry as rjsf `Form` props: `<Form {...rendererRegistry} />`. */
export const rendererRegistry: RendererRegistry = { widgets: { ...WIDGETS }, templates: TEMPLATES, fields: FIELDS };
