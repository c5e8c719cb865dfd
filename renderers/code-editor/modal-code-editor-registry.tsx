import { createContext, useCallback, useContext, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { CodeLanguage } from './code-syntax';

/** What a page or a field asks the modal code editor to edit. */
export interface CodeEditRequest {
  /** The dialog's title, e.g. the field's label. */
  title: string;
  language: CodeLanguage;
  value: string;
  readOnly?: boolean;
}

/** The modal code editor's props: the request, and `onClose` with the accepted text, or null for Cancel. */
export interface ModalCodeEditorProps {
  request: CodeEditRequest;
  onClose: (value: string | null) => void;
}

/** Loads the modal code editor's component (lazily: CodeMirror stays out of the pages that never open it). */
export type ModalCodeEditorLoader = () => Promise<ComponentType<ModalCodeEditorProps>>;

/** Spec 2 §8 "Code editor rejection": the English text of the error a request gets when no editor is provided. */
export const MODAL_CODE_EDITOR_NOT_PROVIDED = 'Modal Code Editor not provided';

/** The rejection of a request when no modal code editor is registered, or it could not be loaded. */
export class ModalCodeEditorNotProvided extends Error {
  constructor(options?: { cause?: unknown }) {
    super(MODAL_CODE_EDITOR_NOT_PROVIDED, options);
    this.name = 'ModalCodeEditorNotProvided';
  }
}

/** Opens the modal code editor: resolves with the accepted text or null (cancelled); rejects with ModalCodeEditorNotProvided. */
export type OpenModalCodeEditor = (request: CodeEditRequest) => Promise<string | null>;

const notProvided: OpenModalCodeEditor = () => Promise.reject(new ModalCodeEditorNotProvided());
const ModalCodeEditorContext = createContext<OpenModalCodeEditor>(notProvided);

interface OpenEditor {
  Editor: ComponentType<ModalCodeEditorProps>;
  request: CodeEditRequest;
  settle: (value: string | null) => void;
}

/**
 * The registry of "the modal code editor": the app registers one (`load`) around its pages; a page or a widget asks
 * for it with `useModalCodeEditor()` without knowing which editor it is. Without a provider, without a loader, or when
 * the loader fails (the chunk cannot be fetched), a request is rejected with 'Modal Code Editor not provided'.
 * One dialog at a time: a request while one is open is refused the same way.
 */
export function ModalCodeEditorProvider({ load, children }: { load?: ModalCodeEditorLoader; children: ReactNode }) {
  const [open, setOpen] = useState<OpenEditor | null>(null);
  const busy = useRef(false);
  const request = useCallback<OpenModalCodeEditor>(
    async (next) => {
      if (!load || busy.current) throw new ModalCodeEditorNotProvided();
      busy.current = true;
      let Editor: ComponentType<ModalCodeEditorProps>;
      try {
        Editor = await load();
      } catch (cause) {
        busy.current = false;
        throw new ModalCodeEditorNotProvided({ cause });
      }
      return new Promise<string | null>((resolve) => {
        setOpen({
          Editor,
          request: next,
          settle: (value) => {
            busy.current = false;
            setOpen(null);
            resolve(value);
          },
        });
      });
    },
    [load],
  );
  const value = useMemo(() => request, [request]);
  return (
    <ModalCodeEditorContext.Provider value={value}>
      {children}
      {open && <open.Editor request={open.request} onClose={open.settle} />}
    </ModalCodeEditorContext.Provider>
  );
}

/** The registered modal code editor's opener (one that always rejects when none is registered). */
export function useModalCodeEditor(): OpenModalCodeEditor {
  return useContext(ModalCodeEditorContext);
}
