import sanitizeHtml from 'sanitize-html';

/**
 * The strict allow-list for HTML a terminal sends as a receipt part (docs/documents.md "Sanitising"): text layout
 * and tables only. No script, style, event handler, form, frame or link; images only as inline PNG, JPEG or GIF data
 * (a receipt loads nothing from anywhere, so that opening it tells no one that it was opened).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'div', 'span', 'br', 'hr', 'b', 'strong', 'i', 'em', 'u', 'small', 'big', 'pre', 'h1', 'h2', 'h3', 'h4', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'img'],
  allowedAttributes: { '*': ['class', 'dir', 'lang', 'align'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: [],
  allowedSchemesByTag: { img: ['data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^data:image\/(png|jpeg|gif);base64,[A-Za-z0-9+/=\s]*$/i.test(frame.attribs.src ?? ''),
};

/** The terminal's HTML with everything outside the allow-list removed. */
export function sanitizeReceiptHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
