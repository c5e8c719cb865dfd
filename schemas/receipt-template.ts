import { SaxesParser } from 'saxes';

/**
 * Receipt templates (docs/receipt-templates.md): the XML a designer or a person writes, the tree the designer edits,
 * and the one checker both the browser and the server run. The element and attribute table below IS the schema: the
 * parser, the checker, the designer's palette and properties panel and the documentation all read it.
 */

/** The XML namespace of a template. */
export const TEMPLATE_NAMESPACE = 'urn:mate:receipt-template:1';
/** The document types a template exists for (the `{documentType}` of `/visual-receipt-designer/{documentType}`). */
export const TEMPLATE_DOCUMENT_TYPES = ['receipt'] as const;
export type TemplateDocumentType = (typeof TEMPLATE_DOCUMENT_TYPES)[number];

/** The largest template text accepted (a logo's data URL takes most of it). */
export const TEMPLATE_MAX_LENGTH = 262_144;
/** The most elements a template holds, and how deep conditional blocks nest. */
export const TEMPLATE_LIMITS = { elements: 200, depth: 4, text: 500 } as const;

/** The values a `{placeholder}`, a field, a barcode or a QR code can print. */
export const VALUE_NAMES = ['tenantName', 'location', 'terminal', 'copyTitle', 'number', 'uid', 'date', 'operator', 'total', 'currency', 'references'] as const;
export type ValueName = (typeof VALUE_NAMES)[number];
/** Words printed in the tenant's language: `{label.total}` ... (`vat` and `vatRate` are the receipt's words for the tax and its rate; the copy's title is the value `copyTitle`). */
export const LABEL_NAMES = ['receipt', 'total', 'vatRate', 'net', 'vat', 'gross', 'payments', 'operator', 'terminal', 'signature'] as const;
/** What a conditional block can test. */
export const CONDITIONS = ['customer-copy', 'merchant-copy', 'has-operator', 'has-location', 'has-references', 'processed', 'not-processed'] as const;

/** How an attribute's value is checked. */
export type AttributeRule =
  | { kind: 'enum'; values: readonly string[]; default: string }
  | { kind: 'boolean'; default: string }
  | { kind: 'integer'; min: number; max: number; default: string }
  | { kind: 'text'; maxLength: number; default: string; required?: boolean }
  | { kind: 'image'; default: string; required: true };

const ALIGN: AttributeRule = { kind: 'enum', values: ['start', 'center', 'end'], default: 'start' };
const BOOL_FALSE: AttributeRule = { kind: 'boolean', default: 'false' };
const SIZE: AttributeRule = { kind: 'enum', values: ['small', 'normal', 'large'], default: 'normal' };

/** One element of the format: its attributes, whether it holds text or other elements. */
export interface ElementRule {
  attributes: Record<string, AttributeRule>;
  content: 'none' | 'text' | 'elements';
}

/** The schema of the format: every element a template may hold and its attributes (nothing else is accepted). */
export const TEMPLATE_ELEMENTS = {
  text: { content: 'text', attributes: { align: ALIGN, bold: BOOL_FALSE, size: SIZE } },
  field: { content: 'none', attributes: { value: { kind: 'enum', values: VALUE_NAMES, default: 'uid' }, label: { kind: 'text', maxLength: 80, default: '' }, align: ALIGN, bold: BOOL_FALSE } },
  lines: { content: 'none', attributes: { articleNumbers: BOOL_FALSE } },
  taxes: { content: 'none', attributes: {} },
  totals: { content: 'none', attributes: { size: SIZE } },
  payments: { content: 'none', attributes: { heading: { kind: 'boolean', default: 'true' } } },
  barcode: { content: 'none', attributes: { value: { kind: 'enum', values: ['uid', 'number'], default: 'uid' }, height: { kind: 'integer', min: 4, max: 30, default: '8' } } },
  qr: { content: 'none', attributes: { value: { kind: 'enum', values: ['uid', 'number'], default: 'uid' }, size: { kind: 'integer', min: 20, max: 100, default: '40' } } },
  logo: { content: 'none', attributes: { src: { kind: 'image', default: '', required: true }, width: { kind: 'integer', min: 10, max: 100, default: '50' }, align: { ...ALIGN, default: 'center' } } },
  separator: { content: 'none', attributes: { style: { kind: 'enum', values: ['dashed', 'solid', 'dotted', 'blank'], default: 'dashed' } } },
  signature: { content: 'none', attributes: {} },
  if: { content: 'elements', attributes: { test: { kind: 'enum', values: CONDITIONS, default: 'merchant-copy' } } },
} as const satisfies Record<string, ElementRule>;

export type ElementType = keyof typeof TEMPLATE_ELEMENTS;
export const ELEMENT_TYPES = Object.keys(TEMPLATE_ELEMENTS) as ElementType[];

/** One element of a template as the designer edits it. `id` is the designer's handle, not part of the XML. */
export interface TemplateNode {
  id: string;
  type: ElementType;
  attributes: Record<string, string>;
  /** The content of a `text`. */
  text?: string;
  /** The elements of an `if`. */
  children?: TemplateNode[];
  /** Where the element starts in the XML it was read from (1-based), for problems. */
  line?: number;
}

/** A template: the elements printed for each copy, top to bottom. */
export interface ReceiptTemplate {
  documentType: TemplateDocumentType;
  nodes: TemplateNode[];
}

/** A problem of a template, naming where: the line (when read from XML), the element, the attribute. */
export interface TemplateProblem {
  message: string;
  line?: number;
  column?: number;
  element?: string;
  attribute?: string;
  /** The node of the tree (the designer marks it). */
  nodeId?: string;
}

const IMAGE_PATTERN = /^data:image\/(png|jpeg|gif);base64,[A-Za-z0-9+/]+={0,2}$/;
const PLACEHOLDER = /\{([A-Za-z.]+)\}/g;
const PLACEHOLDER_NAMES = new Set<string>([...VALUE_NAMES, ...LABEL_NAMES.map((name) => `label.${name}`)]);

/** The placeholders a text may hold: `{tenantName}`, `{label.total}` ... */
export const TEXT_PLACEHOLDERS: readonly string[] = [...PLACEHOLDER_NAMES];

let nextId = 0;
/** A fresh node id for the designer. */
export const newNodeId = (): string => `n${(nextId += 1)}`;

/** An element of a type (what the palette adds): no attributes, so each prints its default until one is set. */
export function newNode(type: ElementType, text = ''): TemplateNode {
  const rule: ElementRule = TEMPLATE_ELEMENTS[type];
  return { id: newNodeId(), type, attributes: {}, ...(rule.content === 'text' ? { text } : {}), ...(rule.content === 'elements' ? { children: [] } : {}) };
}

/** An attribute's value, or its default. */
export function attributeOf(node: TemplateNode, name: string): string {
  const rule = (TEMPLATE_ELEMENTS[node.type] as ElementRule).attributes[name];
  return node.attributes[name] ?? rule?.default ?? '';
}

function checkAttribute(rule: AttributeRule, value: string): string | undefined {
  switch (rule.kind) {
    case 'enum':
      return rule.values.includes(value) ? undefined : `must be one of ${rule.values.join(', ')}`;
    case 'boolean':
      return value === 'true' || value === 'false' ? undefined : 'must be true or false';
    case 'integer':
      return /^-?\d{1,6}$/.test(value) && Number(value) >= rule.min && Number(value) <= rule.max ? undefined : `must be a whole number from ${rule.min} to ${rule.max}`;
    case 'text':
      return value.length <= rule.maxLength ? undefined : `must be at most ${rule.maxLength} characters`;
    case 'image':
      return IMAGE_PATTERN.test(value) ? undefined : 'must be a data:image/png, jpeg or gif base64 URL';
  }
}

/** Every problem of a tree: unknown elements and attributes, bad values, unknown placeholders, the limits. */
export function templateProblems(template: ReceiptTemplate): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  let count = 0;
  const visit = (nodes: readonly TemplateNode[], depth: number) => {
    for (const node of nodes) {
      count += 1;
      const where = { element: node.type, nodeId: node.id, ...(node.line ? { line: node.line } : {}) };
      const rule = (TEMPLATE_ELEMENTS as Record<string, ElementRule>)[node.type];
      if (!rule) {
        problems.push({ ...where, message: `<${node.type}> is not an element of a template (${ELEMENT_TYPES.join(', ')})` });
        continue;
      }
      for (const [name, value] of Object.entries(node.attributes)) {
        const attribute = rule.attributes[name];
        if (!attribute) problems.push({ ...where, attribute: name, message: `<${node.type}> has no attribute ${name}${Object.keys(rule.attributes).length ? ` (it has ${Object.keys(rule.attributes).join(', ')})` : ''}` });
        else {
          const fault = checkAttribute(attribute, value);
          if (fault) problems.push({ ...where, attribute: name, message: `${name} of <${node.type}> ${fault}` });
        }
      }
      for (const [name, attribute] of Object.entries(rule.attributes)) {
        if ('required' in attribute && attribute.required && node.attributes[name] === undefined) problems.push({ ...where, attribute: name, message: `<${node.type}> needs the attribute ${name}` });
      }
      if (rule.content === 'text') {
        const text = node.text ?? '';
        if (text.trim() === '') problems.push({ ...where, message: `<${node.type}> has no text` });
        if (text.length > TEMPLATE_LIMITS.text) problems.push({ ...where, message: `the text of <${node.type}> is longer than ${TEMPLATE_LIMITS.text} characters` });
        for (const match of text.matchAll(PLACEHOLDER)) {
          if (!PLACEHOLDER_NAMES.has(match[1]!)) problems.push({ ...where, message: `{${match[1]}} is not a placeholder (use one of ${TEXT_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')})` });
        }
      }
      if (rule.content === 'elements') {
        if (depth >= TEMPLATE_LIMITS.depth) problems.push({ ...where, message: `conditional blocks nest deeper than ${TEMPLATE_LIMITS.depth}` });
        else visit(node.children ?? [], depth + 1);
      }
    }
  };
  visit(template.nodes, 1);
  if (count > TEMPLATE_LIMITS.elements) problems.push({ message: `a template holds at most ${TEMPLATE_LIMITS.elements} elements (this one ${count})` });
  if (template.nodes.length === 0) problems.push({ message: 'the template prints nothing: add an element' });
  return problems;
}

/** The result of reading a template's XML: the tree (when the XML is well-formed) and every problem found. */
export interface ParsedTemplate {
  template?: ReceiptTemplate;
  problems: TemplateProblem[];
}

/**
 * Reads a template's XML into its tree and checks it: well-formedness (saxes, with line and column), the root
 * `<template xmlns="urn:mate:receipt-template:1" documentType="...">`, then the element table.
 */
export function parseTemplate(xml: string): ParsedTemplate {
  if (xml.length > TEMPLATE_MAX_LENGTH) return { problems: [{ message: `the template is longer than ${TEMPLATE_MAX_LENGTH} characters` }] };
  const problems: TemplateProblem[] = [];
  const parser = new SaxesParser({ xmlns: true, position: true });
  let root: { documentType?: string } | undefined;
  const stack: TemplateNode[] = [];
  const top: TemplateNode[] = [];
  let depth = 0;
  let fatal = false;
  parser.on('error', (error) => {
    if (!fatal) problems.push({ message: error.message.replace(/^[^:]*:\d+:\d+: /, ''), line: parser.line, column: parser.column });
    fatal = true;
  });
  parser.on('opentag', (tag) => {
    const line = parser.line;
    depth += 1;
    if (depth === 1) {
      root = {};
      if (tag.local !== 'template' || tag.uri !== TEMPLATE_NAMESPACE) problems.push({ line, element: tag.name, message: `the root element must be <template xmlns="${TEMPLATE_NAMESPACE}">` });
      for (const attribute of Object.values(tag.attributes)) {
        if (attribute.prefix === 'xmlns' || attribute.name === 'xmlns') continue;
        if (attribute.local === 'documentType') root.documentType = attribute.value;
        else problems.push({ line, element: 'template', attribute: attribute.name, message: `<template> has no attribute ${attribute.name} (it has documentType)` });
      }
      if (!root.documentType) problems.push({ line, element: 'template', attribute: 'documentType', message: `<template> needs documentType (${TEMPLATE_DOCUMENT_TYPES.join(', ')})` });
      else if (!(TEMPLATE_DOCUMENT_TYPES as readonly string[]).includes(root.documentType)) problems.push({ line, element: 'template', attribute: 'documentType', message: `documentType must be one of ${TEMPLATE_DOCUMENT_TYPES.join(', ')}` });
      return;
    }
    const parent = stack[stack.length - 1];
    if (tag.uri !== TEMPLATE_NAMESPACE) problems.push({ line, element: tag.name, message: `<${tag.name}> is not in the template namespace ${TEMPLATE_NAMESPACE}` });
    if (parent && (TEMPLATE_ELEMENTS as Record<string, ElementRule>)[parent.type]?.content !== 'elements') problems.push({ line, element: tag.local, message: `<${parent.type}> cannot hold elements (found <${tag.local}>)` });
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) if (attribute.prefix !== 'xmlns' && attribute.name !== 'xmlns') attributes[attribute.local] = attribute.value;
    const node: TemplateNode = { id: newNodeId(), type: tag.local as ElementType, attributes, line };
    const rule = (TEMPLATE_ELEMENTS as Record<string, ElementRule>)[tag.local];
    if (rule?.content === 'text') node.text = '';
    if (rule?.content === 'elements') node.children = [];
    if (parent) (parent.children ??= []).push(node);
    else top.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => {
    depth -= 1;
    if (depth > 0) stack.pop();
  });
  const onText = (text: string) => {
    const node = stack[stack.length - 1];
    if (node && node.text !== undefined) node.text += text;
    else if (text.trim() !== '') problems.push({ line: parser.line, element: node?.type ?? 'template', message: `<${node?.type ?? 'template'}> cannot hold text (found "${text.trim().slice(0, 30)}")` });
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('doctype', () => problems.push({ line: parser.line, message: 'a template has no DOCTYPE' }));
  try {
    parser.write(xml).close();
  } catch {
    // saxes reports through 'error' and throws after it when no handler stops it; the problem is recorded.
  }
  if (fatal) return { problems };
  if (!root) return { problems: [...problems, { message: 'the template is empty: it needs a <template> root element' }] };
  for (const node of walk(top)) if (node.text !== undefined) node.text = node.text.replace(/\s+/g, ' ').trim();
  const template: ReceiptTemplate = { documentType: (root.documentType ?? 'receipt') as TemplateDocumentType, nodes: top };
  return { template, problems: [...problems, ...templateProblems(template)] };
}

/** Every node of a tree, depth first. */
export function* walk(nodes: readonly TemplateNode[]): Generator<TemplateNode> {
  for (const node of nodes) {
    yield node;
    if (node.children) yield* walk(node.children);
  }
}

const escapeXml = (text: string) => text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);

/** The template as XML, two spaces per level, attributes in the table's order (so a save is a stable text). */
export function templateToXml(template: ReceiptTemplate): string {
  const element = (node: TemplateNode, indent: string): string => {
    const rule = (TEMPLATE_ELEMENTS as Record<string, ElementRule>)[node.type];
    const order = [...Object.keys(rule?.attributes ?? {}), ...Object.keys(node.attributes)];
    const names = [...new Set(order)].filter((name) => node.attributes[name] !== undefined);
    const attributes = names.map((name) => ` ${name}="${escapeXml(node.attributes[name]!)}"`).join('');
    if (node.children) {
      if (node.children.length === 0) return `${indent}<${node.type}${attributes}/>`;
      return `${indent}<${node.type}${attributes}>\n${node.children.map((child) => element(child, `${indent}  `)).join('\n')}\n${indent}</${node.type}>`;
    }
    if (node.text !== undefined) return `${indent}<${node.type}${attributes}>${escapeXml(node.text)}</${node.type}>`;
    return `${indent}<${node.type}${attributes}/>`;
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n<template xmlns="${TEMPLATE_NAMESPACE}" documentType="${template.documentType}">\n${template.nodes.map((node) => element(node, '  ')).join('\n')}\n</template>\n`;
}

/** The built-in template of a document type: today's receipt, element for element (docs/documents.md "The copies"). */
export const DEFAULT_TEMPLATE_XML = `<?xml version="1.0" encoding="UTF-8"?>
<template xmlns="${TEMPLATE_NAMESPACE}" documentType="receipt">
  <text align="center" bold="true" size="large">{tenantName}</text>
  <if test="has-location">
    <text align="center">{location}</text>
  </if>
  <text align="center">{label.terminal}: {terminal}</text>
  <text align="center" bold="true">{copyTitle}</text>
  <text>{label.receipt} {number}</text>
  <field value="uid"/>
  <field value="date"/>
  <if test="has-operator">
    <text>{label.operator}: {operator}</text>
  </if>
  <separator style="dashed"/>
  <lines/>
  <separator style="dashed"/>
  <totals/>
  <taxes/>
  <separator style="dashed"/>
  <payments/>
  <if test="merchant-copy">
    <signature/>
  </if>
  <barcode value="uid"/>
</template>
`;

let builtIn: ReceiptTemplate | undefined;
/** The built-in template as a tree, read once (every receipt without a template of its own is drawn from it). */
export function defaultTemplate(): ReceiptTemplate {
  builtIn ??= parseTemplate(DEFAULT_TEMPLATE_XML).template!;
  return builtIn;
}

/** Moves the node `id` one place up or down among its siblings (the designer's keyboard move); unchanged at an end. */
export function moveNode(nodes: readonly TemplateNode[], id: string, by: -1 | 1): TemplateNode[] {
  const index = nodes.findIndex((node) => node.id === id);
  if (index >= 0) {
    const to = index + by;
    if (to < 0 || to >= nodes.length) return [...nodes];
    const next = [...nodes];
    [next[index], next[to]] = [next[to]!, next[index]!];
    return next;
  }
  return nodes.map((node) => (node.children ? { ...node, children: moveNode(node.children, id, by) } : node));
}

/** The tree with the node `id` changed by `update`. */
export function updateNode(nodes: readonly TemplateNode[], id: string, update: (node: TemplateNode) => TemplateNode): TemplateNode[] {
  return nodes.map((node) => (node.id === id ? update(node) : node.children ? { ...node, children: updateNode(node.children, id, update) } : node));
}

/** The tree without the node `id`. */
export function removeNode(nodes: readonly TemplateNode[], id: string): TemplateNode[] {
  return nodes.filter((node) => node.id !== id).map((node) => (node.children ? { ...node, children: removeNode(node.children, id) } : node));
}

/** The node `id` of a tree. */
export function findNode(nodes: readonly TemplateNode[], id: string | undefined): TemplateNode | undefined {
  for (const node of walk(nodes)) if (node.id === id) return node;
  return undefined;
}
