// @vitest-environment happy-dom
import type { WidgetProps } from '@rjsf/utils';
import { act, useEffect, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveWidget } from '../registry';
import { widgetProps } from '../test-support/mount-widget';
import { render, settle, type Rendered } from '../test-support/render';
import {
  MODAL_CODE_EDITOR_NOT_PROVIDED, ModalCodeEditorNotProvided, ModalCodeEditorProvider, useModalCodeEditor,
  type ModalCodeEditorLoader, type ModalCodeEditorProps, type OpenModalCodeEditor,
} from './modal-code-editor-registry';

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
});

/** A stand-in editor: shows the request and answers with buttons. */
function FakeEditor({ request, onClose }: ModalCodeEditorProps) {
  return (
    <div data-testid="fake-editor" data-language={request.language} data-title={request.title}>
      <button data-testid="fake-ok" onClick={() => onClose('{"b": 2}')} />
      <button data-testid="fake-cancel" onClick={() => onClose(null)} />
    </div>
  );
}

function captureOpener(wrap: (child: ReactNode) => ReactNode): () => OpenModalCodeEditor {
  const captured: { open?: OpenModalCodeEditor } = {};
  function Capture() {
    const open = useModalCodeEditor();
    useEffect(() => {
      captured.open = open;
    });
    return null;
  }
  rendered = render(wrap(<Capture />));
  return () => captured.open!;
}

const click = (testId: string) => act(() => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`)!.click());

describe('modal code editor registry', () => {
  it("rejects with 'Modal Code Editor not provided' without a provider, without a loader, or when loading fails", async () => {
    const request = { title: 'T', language: 'json' as const, value: '' };
    await expect(captureOpener((c) => c)()(request)).rejects.toThrow(MODAL_CODE_EDITOR_NOT_PROVIDED);
    rendered!.unmount();
    await expect(captureOpener((c) => <ModalCodeEditorProvider>{c}</ModalCodeEditorProvider>)()(request)).rejects.toBeInstanceOf(ModalCodeEditorNotProvided);
    rendered!.unmount();
    const failing: ModalCodeEditorLoader = () => Promise.reject(new Error('chunk failed'));
    const open = captureOpener((c) => <ModalCodeEditorProvider load={failing}>{c}</ModalCodeEditorProvider>);
    await expect(open()(request)).rejects.toThrow(MODAL_CODE_EDITOR_NOT_PROVIDED);
    // A later request tries again.
    await expect(open()(request)).rejects.toThrow(MODAL_CODE_EDITOR_NOT_PROVIDED);
  });

  it('shows the registered editor with the request and resolves with its answer, null for Cancel', async () => {
    const load = vi.fn<ModalCodeEditorLoader>(() => Promise.resolve(FakeEditor));
    const open = captureOpener((c) => <ModalCodeEditorProvider load={load}>{c}</ModalCodeEditorProvider>);
    let answer: Promise<string | null> | undefined;
    await act(async () => {
      answer = open()({ title: 'Options', language: 'xml', value: '<a/>' });
    });
    const editor = document.querySelector('[data-testid="fake-editor"]')!;
    expect(editor.getAttribute('data-language')).toBe('xml');
    expect(editor.getAttribute('data-title')).toBe('Options');
    // One dialog at a time.
    await expect(open()({ title: 'Other', language: 'json', value: '' })).rejects.toBeInstanceOf(ModalCodeEditorNotProvided);
    click('fake-ok');
    await expect(answer).resolves.toBe('{"b": 2}');
    expect(document.querySelector('[data-testid="fake-editor"]')).toBeNull();
    await act(async () => {
      answer = open()({ title: 'Options', language: 'json', value: '' });
    });
    click('fake-cancel');
    await expect(answer).resolves.toBeNull();
  });
});

describe('code widget', () => {
  const Widget = resolveWidget('code');

  function mount(overrides: Partial<WidgetProps>, load?: ModalCodeEditorLoader) {
    const props = widgetProps({ label: 'Chart options', options: { codeLanguage: 'json' }, ...overrides });
    const node = <Widget {...props} />;
    rendered = render(load ? <ModalCodeEditorProvider load={load}>{node}</ModalCodeEditorProvider> : node);
    const button = rendered.host.querySelector<HTMLButtonElement>('[data-testid="code-field-open"]')!;
    return { props, host: rendered.host, button };
  }

  it('shows the first lines of the value, left to right, and an Edit button labelled by the field id', () => {
    const { host, button } = mount({ value: '{\n"a": 1\n}' });
    const preview = host.querySelector('[data-testid="code-field-preview"]')!;
    expect(preview.textContent).toBe('{\n"a": 1\n}');
    expect(preview.getAttribute('dir')).toBe('ltr');
    expect(button.id).toBe('root_Field');
    expect(button.textContent).toContain('Edit');
  });

  it("says 'Modal Code Editor not provided' when no modal code editor is registered", async () => {
    const { host, button, props } = mount({ value: '{}' });
    await act(async () => button.click());
    await settle();
    const message = host.querySelector('[data-testid="code-editor-missing"]')!;
    expect(message.textContent).toBe('Modal Code Editor not provided');
    expect(message.getAttribute('role')).toBe('alert');
    expect(button.getAttribute('aria-describedby')).toBe(message.id);
    expect(props.onChange).not.toHaveBeenCalled();
  });

  it('opens the registered editor with the field label and language, takes its answer, and focuses the button again', async () => {
    const { button, props } = mount({ value: '{"a": 1}' }, () => Promise.resolve(FakeEditor));
    await act(async () => button.click());
    const editor = document.querySelector('[data-testid="fake-editor"]')!;
    expect(editor.getAttribute('data-title')).toBe('Chart options');
    expect(editor.getAttribute('data-language')).toBe('json');
    click('fake-ok');
    await settle(50);
    expect(props.onChange).toHaveBeenCalledWith('{"b": 2}');
    expect(document.activeElement).toBe(button);
  });

  it('keeps the value on Cancel, and opens read-only as View when the field is read-only', async () => {
    const { button, props } = mount({ value: '{"a": 1}', readonly: true }, () => Promise.resolve(FakeEditor));
    expect(button.textContent).toContain('View');
    await act(async () => button.click());
    click('fake-cancel');
    await settle(50);
    expect(props.onChange).not.toHaveBeenCalled();
  });
});
