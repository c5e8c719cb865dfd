// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, typeInto, type Rendered } from '../test-support/render';
import type { CodeEditRequest } from './modal-code-editor-registry';
import { ModalCodeEditor } from './modal-code-editor';

// CodeMirror measures layout that happy-dom does not have; a text area stands in (e2e/code-editor.spec.ts drives the real one).
vi.mock('./code-editor', () => ({
  CodeEditor: ({ value, onChange, readOnly, label }: { value: string; onChange?: (v: string) => void; readOnly?: boolean; label: string }) => (
    <textarea data-testid="stand-in" aria-label={label} value={value} readOnly={readOnly} onChange={(event) => onChange?.(event.currentTarget.value)} />
  ),
}));

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
});

function show(request: Partial<CodeEditRequest> = {}) {
  const onClose = vi.fn();
  rendered = render(<ModalCodeEditor request={{ title: 'Chart options', language: 'json', value: '{"a": 1}', ...request }} onClose={onClose} />);
  const get = (testId: string) => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
  return { onClose, get, input: () => get('stand-in') as HTMLTextAreaElement };
}

describe('ModalCodeEditor', () => {
  it('shows the title and the text, and answers OK with the text', async () => {
    const { onClose, get, input } = show();
    expect(get('modal-code-editor')!.textContent).toContain('Chart options');
    expect(input().value).toBe('{"a": 1}');
    expect(input().getAttribute('aria-label')).toBe('Code of Chart options');
    await act(async () => get('modal-code-editor-ok')!.click());
    expect(onClose).toHaveBeenCalledWith('{"a": 1}');
  });

  it('refuses OK on JSON that is not well-formed, names the line, and clears the message once fixed', async () => {
    const { onClose, get, input } = show();
    typeInto(input(), '{\n  "a": 1,\n  "b": \n}');
    await act(async () => get('modal-code-editor-ok')!.click());
    expect(onClose).not.toHaveBeenCalled();
    const error = get('modal-code-editor-error')!;
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.getAttribute('data-line')).toBe('4');
    expect(error.textContent).toBe('Line 4, column 1: A character that cannot stand here.');
    typeInto(input(), '{\n  "a": 1,\n  "b": 2\n}');
    expect(get('modal-code-editor-error')).toBeNull();
    await act(async () => get('modal-code-editor-ok')!.click());
    expect(onClose).toHaveBeenCalledWith('{\n  "a": 1,\n  "b": 2\n}');
  });

  it('checks XML, naming the element an end tag should close', async () => {
    const { onClose, get, input } = show({ language: 'xml', value: '' });
    typeInto(input(), '<receipt>\n  <line>\n</receipt>');
    await act(async () => get('modal-code-editor-ok')!.click());
    expect(get('modal-code-editor-error')!.textContent).toBe('Line 3, column 1: This end tag does not close the open element. (line)');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('accepts empty text (it clears the value) and answers Cancel with null', async () => {
    const first = show();
    typeInto(first.input(), '  ');
    await act(async () => first.get('modal-code-editor-ok')!.click());
    expect(first.onClose).toHaveBeenCalledWith('  ');
    rendered!.unmount();
    const second = show();
    typeInto(second.input(), 'not json');
    await act(async () => second.get('modal-code-editor-cancel')!.click());
    expect(second.onClose).toHaveBeenCalledWith(null);
  });

  it('offers only Close when read-only', async () => {
    const { onClose, get, input } = show({ readOnly: true });
    expect(input().readOnly).toBe(true);
    expect(get('modal-code-editor-ok')).toBeNull();
    expect(get('code-editor-keyboard-hint')).toBeNull();
    await act(async () => get('modal-code-editor-close')!.click());
    expect(onClose).toHaveBeenCalledWith(null);
  });
});
