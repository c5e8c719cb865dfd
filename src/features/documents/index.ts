// The documents feature's public face: the document viewer of /document/{group}/{type}.
export { DocumentViewerPage } from './document-viewer-page';
