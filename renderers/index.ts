// The public API of renderers/: the generated entity editor and the widget registry.
export { EntityForm, type EntityFormProps, type EntityFormHandle, type EntityFormValidation, type EntityFormError } from './entity-form';
export { WIDGETS, TEMPLATES, FIELDS, resolveWidget, rendererRegistry, type RendererRegistry } from './registry';
export type { LookupOption, LookupPage, LookupSource, LookupResolver, EntityFormContext } from './form-context';
export { createFieldEffects, applyEffects, type FieldEffectState, type EffectStates, type FieldEffectsEngine } from './form/field-effects';
export { formValidator, errorsPerTab } from './form/form-validation';
export { errorBadgeText } from './templates/entity-tabs';
export { LOOKUP_TAKE } from './widgets/lookup-search';
export {
  ModalCodeEditorProvider, useModalCodeEditor, ModalCodeEditorNotProvided, MODAL_CODE_EDITOR_NOT_PROVIDED,
  type CodeEditRequest, type ModalCodeEditorProps, type ModalCodeEditorLoader, type OpenModalCodeEditor,
} from './code-editor/modal-code-editor-registry';
export { checkCodeSyntax, type CodeLanguage, type SyntaxProblem, type SyntaxReason } from './code-editor/code-syntax';
export { ImagePreview, provideImageLoader, type ImageLoader } from './widgets/image-preview';
