import DOMPurify from 'dompurify';

/**
 * What a receipt copy may do inside its frame: draw itself with inline styles and embedded (data:) pictures, and
 * nothing else. The frame is sandboxed without scripts as well; this policy also keeps it from loading anything from
 * anywhere, so a hostile part cannot even call home with an image.
 */
const FRAME_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:";

/**
 * A copy's HTML as the viewer shows it: sanitised by DOMPurify in the browser (scripts, event handlers, forms,
 * frames and `javascript:` links go; docs/documents.md "Viewing"), wrapped in a document of its own with the frame's
 * content policy, for an iframe's `srcdoc`.
 */
export function receiptFrameHtml(html: string, direction: 'ltr' | 'rtl' = 'ltr'): string {
  const clean = DOMPurify.sanitize(html, {
    WHOLE_DOCUMENT: false,
    FORBID_TAGS: ['form', 'input', 'button', 'textarea', 'select', 'iframe', 'frame', 'object', 'embed', 'link', 'meta', 'base'],
    FORBID_ATTR: ['srcset', 'action', 'formaction'],
    // Pictures embedded as data: only, and no links out: a receipt refers to nothing outside itself.
    ALLOWED_URI_REGEXP: /^(?:data:image\/(?:png|gif|jpeg|webp);|#)/i,
  });
  // The receipt keeps its own direction (a receipt is printed as its terminal wrote it); dir="auto" when none is given.
  return `<!doctype html><html dir="${direction === 'rtl' ? 'rtl' : 'auto'}"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${FRAME_POLICY}"><style>html{color-scheme:light}body{margin:8px;background:#fff;color:#000;font-family:monospace}</style></head><body>${clean}</body></html>`;
}
