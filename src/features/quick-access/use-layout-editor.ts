import { useCallback, useMemo, useState } from 'react';
import useSWR from 'swr';
import { apiCall, apiGet } from '../../lib/api/api-client';
import { layoutProblems, type LayoutContent, type LayoutKind, type LayoutProblem } from '../../../schemas/pos-layout';
import { layoutsPath, type StoredLayout } from './layout-types';

/** What the user edits: the layout's name, scope and content. */
export interface LayoutDraft {
  name: string;
  scope: string;
  content: LayoutContent;
}

/**
 * The editor's controller: the stored layout (GET /api/pos-layouts/{kind}/{id}), the draft the user changes, the
 * problems of the draft (the shared rules as the user works, plus the server's finding about articles and groups of
 * buttons not changed since), and save (PUT with the version it started from).
 */
export function useLayoutEditor(kind: LayoutKind, oid: number) {
  const url = `${layoutsPath(kind)}/${oid}`;
  const swr = useSWR([url], ([path]: [string]) => apiGet<StoredLayout>(path), { revalidateOnFocus: false });
  const stored = swr.data;
  const [edited, setEdited] = useState<{ version: number; draft: LayoutDraft }>();
  // A draft belongs to the version it started from: a reload after a save starts afresh from the stored one.
  const draft: LayoutDraft | undefined = useMemo(
    () => (edited && stored && edited.version === stored.version ? edited.draft : stored ? { name: stored.name, scope: stored.scope.scope, content: stored.content } : undefined),
    [edited, stored],
  );
  const dirty = !!edited && !!stored && edited.version === stored.version && JSON.stringify(edited.draft) !== JSON.stringify({ name: stored.name, scope: stored.scope.scope, content: stored.content });
  const [saving, setSaving] = useState(false);

  const change = useCallback(
    (update: (draft: LayoutDraft) => LayoutDraft) => {
      if (!stored) return;
      setEdited((current) => {
        const base = current && current.version === stored.version ? current.draft : { name: stored.name, scope: stored.scope.scope, content: stored.content };
        return { version: stored.version, draft: update(base) };
      });
    },
    [stored],
  );

  const problems: LayoutProblem[] = useMemo(() => {
    if (!draft || !stored) return [];
    const local = layoutProblems(draft.content);
    const storedTargets = new Map(stored.content.buttons.map((button) => [button.id, `${button.kind}:${button.target}`]));
    const server = draft.scope === stored.scope.scope ? stored.problems.filter((problem) => problem.path.endsWith('.target') && problem.buttonId !== undefined && draft.content.buttons.some((button) => button.id === problem.buttonId && storedTargets.get(button.id) === `${button.kind}:${button.target}`)) : [];
    return [...local, ...server];
  }, [draft, stored]);

  const save = useCallback(async () => {
    if (!draft || !stored) return;
    setSaving(true);
    try {
      const answer = await apiCall<StoredLayout>(url, { method: 'PUT', body: { ...draft, version: stored.version } });
      setEdited(undefined);
      await swr.mutate(answer.data, { revalidate: false });
    } finally {
      setSaving(false);
    }
  }, [draft, stored, url, swr]);

  const discard = useCallback(() => setEdited(undefined), []);
  return { stored, draft, dirty, problems, saving, error: swr.error as unknown, loading: swr.isLoading, change, save, discard, reload: () => void swr.mutate() };
}
