/** One article as GET /api/shopping-cart/articles answers it (server/shopping-cart/cart-articles.ts). */
export interface CartArticle {
  oid: number;
  articleNumber: string | null;
  gtin: string | null;
  text: string;
  /** Retail price including tax, in currency units. */
  unitPrice: number;
  taxRate: number;
  discountable: boolean;
}

/** The search answer: the tenant's currency and the articles found. */
export interface CartArticleAnswer {
  currency: string;
  decimals: number;
  items: CartArticle[];
}

/** A discount as the user enters it: a percentage or an amount in currency units. */
export interface DiscountEntry {
  kind: 'percent' | 'amount';
  value: number;
}

/** One line of the cart. */
export interface CartLine {
  /** Stable id of the line (the same article added twice counts up one line). */
  key: string;
  article: CartArticle;
  quantity: number;
  discount?: DiscountEntry;
}

/** The whole cart as it is kept (per user and tenant, in the browser). */
export interface CartState {
  currency: string;
  decimals: number;
  lines: CartLine[];
  discount?: DiscountEntry;
}
