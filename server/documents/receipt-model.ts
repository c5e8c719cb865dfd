/** The receipt copies a download carries, one part each (spec 2 §2 "Documents and downloads"). */
export const COPY_TYPES = ['customer', 'merchant'] as const;
/** One copy type. */
export type CopyType = (typeof COPY_TYPES)[number];

/** A part as the terminal sent it in the body (`parts`), html optional. */
export interface SentPart {
  type: CopyType;
  variant: string;
  printed: boolean;
  html?: string;
}

/** An attachment as the receipt's `attachments` member names it (docs/documents.md "Attachments"). */
export interface SentAttachment {
  kind?: string;
  name: string;
  contentType: string;
  description?: string;
  size?: number;
  /** The bytes in base64, when the terminal sent them inline with the receipt. */
  data?: string;
}

/** The stored body (`mate_terminal_document.body`): the receipt as checked at intake, with the contract's optional members. */
export interface ReceiptBody {
  id: string;
  type: string;
  number: number;
  createdAt: string;
  currency: string;
  operator?: string;
  kind?: string;
  references?: string;
  lines: { articleNumber?: string; gtin?: string; text: string; quantity: number; unitPrice: number; amount: number; taxRate: number }[];
  payments: { method: string; amount: number }[];
  total: number;
  parts?: SentPart[];
  attachments?: SentAttachment[];
}

/** A stored document with the names its header prints, as the download routes read it. */
export interface ReceiptDocument {
  oid: number;
  tenantOid: number;
  kind: string;
  body: ReceiptBody;
  tenantName: string;
  /** BCP 47 language of the tenant (its LanguageCode), for dates and numbers. */
  language: string;
  /** IANA time zone of the tenant, for the printed date. */
  timeZone: string;
  locationName: string | null;
  terminalName: string | null;
  processed: boolean;
  /**
   * The scopes the document belongs to, from GLOBAL down to its terminal (`TENANT:12`, `LOCATION:5` ...): the
   * receipt template of the nearest one lays it out (docs/receipt-templates.md). Absent: the built-in template.
   */
  scopeChain?: string[];
}

/** One copy of a receipt as the downloads answer it: sanitised HTML and what the part headers say. */
export interface ReceiptPart {
  type: CopyType;
  variant: string;
  printed: boolean;
  html: string;
}
