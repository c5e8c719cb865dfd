import { describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATE_XML, defaultTemplate, moveNode, newNode, parseTemplate, templateProblems, templateToXml, TEMPLATE_NAMESPACE } from './receipt-template';

const wrap = (body: string) => `<template xmlns="${TEMPLATE_NAMESPACE}" documentType="receipt">${body}</template>`;

describe('receipt templates', () => {
  it('reads the built-in template without a problem and writes it back to the same tree', () => {
    const parsed = parseTemplate(DEFAULT_TEMPLATE_XML);
    expect(parsed.problems).toEqual([]);
    const again = parseTemplate(templateToXml(parsed.template!));
    expect(again.problems).toEqual([]);
    const shape = (xml: string) => JSON.stringify(parseTemplate(xml).template!.nodes, (key, value) => (key === 'id' || key === 'line' ? undefined : value));
    expect(shape(templateToXml(parsed.template!))).toBe(shape(DEFAULT_TEMPLATE_XML));
    expect(parsed.template!.nodes.map((node) => node.type)).toContain('lines');
  });

  it('names the line of XML that is not well-formed', () => {
    const parsed = parseTemplate(`<template xmlns="${TEMPLATE_NAMESPACE}" documentType="receipt">\n  <text>open\n</template>`);
    expect(parsed.template).toBeUndefined();
    expect(parsed.problems[0]!.line).toBeGreaterThanOrEqual(2);
  });

  it('names the element and attribute a checked template gets wrong, with its line', () => {
    const parsed = parseTemplate(`<template xmlns="${TEMPLATE_NAMESPACE}" documentType="receipt">\n<text align="middle">Hi</text>\n<blink/>\n<qr size="5"/>\n<text>{nope}</text></template>`);
    expect(parsed.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: 2, element: 'text', attribute: 'align', message: expect.stringContaining('start, center, end') }),
        expect.objectContaining({ line: 3, element: 'blink' }),
        expect.objectContaining({ line: 4, element: 'qr', attribute: 'size' }),
        expect.objectContaining({ line: 5, message: expect.stringContaining('{nope}') }),
      ]),
    );
  });

  it('refuses a foreign root, a missing document type, text where none belongs and an empty template', () => {
    expect(parseTemplate('<receipt/>').problems[0]!.message).toContain(TEMPLATE_NAMESPACE);
    expect(parseTemplate(`<template xmlns="${TEMPLATE_NAMESPACE}"><separator/></template>`).problems[0]).toMatchObject({ attribute: 'documentType' });
    expect(parseTemplate(wrap('<lines>x</lines>')).problems[0]!.message).toContain('cannot hold text');
    expect(parseTemplate(wrap('')).problems[0]!.message).toContain('prints nothing');
    expect(parseTemplate(wrap('<logo/>')).problems[0]).toMatchObject({ element: 'logo', attribute: 'src' });
    expect(parseTemplate('x'.repeat(300_000)).problems[0]!.message).toContain('longer');
  });

  it('moves an element among its siblings, also inside a conditional block', () => {
    const template = defaultTemplate();
    const [first, second] = template.nodes;
    expect(moveNode(template.nodes, second!.id, -1).slice(0, 2).map((node) => node.id)).toEqual([second!.id, first!.id]);
    expect(moveNode(template.nodes, first!.id, -1)[0]!.id).toBe(first!.id);
    const block = { ...newNode('if'), children: [newNode('text', 'a'), newNode('text', 'b')] };
    const moved = moveNode([block], block.children[1]!.id, -1);
    expect(moved[0]!.children!.map((node) => node.text)).toEqual(['b', 'a']);
  });

  it('keeps text with XML characters through a write and a read', () => {
    const node = newNode('text', 'Müller & Söhne <"Bio">');
    const xml = templateToXml({ documentType: 'receipt', nodes: [node] });
    expect(parseTemplate(xml).template!.nodes[0]!.text).toBe('Müller & Söhne <"Bio">');
    expect(templateProblems({ documentType: 'receipt', nodes: [node] })).toEqual([]);
  });
});
