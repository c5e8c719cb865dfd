/** The few words a PDF export prints itself, in the nine languages of the product (English for any other). */
interface PdfTexts {
  total: string;
  page: (page: number, pages: number) => string;
  capped: (shown: string, total: string) => string;
}

const TEXTS: Record<string, PdfTexts> = {
  en: { total: 'Total', page: (p, n) => `Page ${p} of ${n}`, capped: (s, t) => `The PDF shows the first ${s} of ${t} rows. Export CSV or XLSX for all of them.` },
  de: { total: 'Summe', page: (p, n) => `Seite ${p} von ${n}`, capped: (s, t) => `Das PDF zeigt die ersten ${s} von ${t} Zeilen. Exportieren Sie CSV oder XLSX für alle.` },
  ja: { total: '合計', page: (p, n) => `${p} / ${n} ページ`, capped: (s, t) => `PDF には ${t} 行のうち最初の ${s} 行を表示しています。すべての行は CSV または XLSX でエクスポートしてください。` },
  it: { total: 'Totale', page: (p, n) => `Pagina ${p} di ${n}`, capped: (s, t) => `Il PDF mostra le prime ${s} di ${t} righe. Esporta in CSV o XLSX per averle tutte.` },
  ru: { total: 'Итого', page: (p, n) => `Страница ${p} из ${n}`, capped: (s, t) => `PDF показывает первые ${s} из ${t} строк. Экспортируйте CSV или XLSX, чтобы получить все.` },
  ar: { total: 'الإجمالي', page: (p, n) => `صفحة ${p} من ${n}`, capped: (s, t) => `يعرض ملف PDF أول ${s} من ${t} صفًا. صدّر CSV أو XLSX للحصول عليها كلها.` },
  cs: { total: 'Celkem', page: (p, n) => `Strana ${p} z ${n}`, capped: (s, t) => `PDF ukazuje prvních ${s} z ${t} řádků. Pro všechny exportujte CSV nebo XLSX.` },
  es: { total: 'Total', page: (p, n) => `Página ${p} de ${n}`, capped: (s, t) => `El PDF muestra las primeras ${s} de ${t} filas. Exporte CSV o XLSX para obtenerlas todas.` },
  fr: { total: 'Total', page: (p, n) => `Page ${p} sur ${n}`, capped: (s, t) => `Le PDF montre les ${s} premières lignes sur ${t}. Exportez en CSV ou XLSX pour les avoir toutes.` },
};

/** The texts for a language tag ('de-CH' reads German). */
export function pdfTexts(locale: string): PdfTexts {
  return TEXTS[locale] ?? TEXTS[locale.split('-')[0]!.toLowerCase()] ?? TEXTS.en!;
}
