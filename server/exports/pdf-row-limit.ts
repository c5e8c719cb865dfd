/**
 * The most rows a PDF export lays out. A PDF is laid out whole before its first byte (react-pdf paginates the entire
 * document), so its memory grows with its rows: past this many the PDF stops and says so, and CSV and XLSX, which
 * stream, carry the rest. 5,000 rows are about 120 landscape pages. A module of its own so that the routes and the
 * OpenAPI text read it without loading react-pdf at start (pdf-writer.ts is loaded at the first PDF).
 */
export const PDF_ROW_LIMIT = 5_000;
