// The random scan sheet page (docs/scan-sheet.md): component 'scan-sheet'.
export { ScanSheetPage } from './scan-sheet-page';
