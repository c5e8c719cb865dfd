// The code editor feature's public face: the page of tools/editor (spec 1 §2).
export { CodeEditorPage } from './code-editor-page';
