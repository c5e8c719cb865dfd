import { useCallback, useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import { apiCall, apiGet } from '../../lib/api/api-client';
import { parseTemplate, templateProblems, templateToXml, type ReceiptTemplate, type TemplateProblem } from '../../../schemas/receipt-template';

/** GET /api/receipt-templates/{documentType}?scope=... (docs/receipt-templates.md). */
export interface TemplateAnswer {
  documentType: string;
  scope: { scope: string; text: string };
  chain: { scope: string; text: string; level: string }[];
  stored: { xml: string; version: number; modifiedAt: string; modifiedBy: string } | null;
  inherited: { xml: string; from: string | null };
  canChange: boolean;
}

/** POST /api/receipt-templates/{documentType}/preview. */
export interface PreviewAnswer {
  html: string | null;
  document: { uid: string; number: number; kind: string; createdAt: string } | null;
  problems: TemplateProblem[];
}

/** What the user edits: the XML text, and the tree the design tab shows (the last XML that read). */
interface Draft {
  xml: string;
  tree: ReceiptTemplate | undefined;
}

const draftOf = (xml: string): Draft => ({ xml, tree: parseTemplate(xml).template });

/**
 * The designer's controller: the template of a scope (its own or the inherited one), the draft the user changes by
 * design or as XML, its problems (the shared checker, as the user works), save (PUT with the version it started from),
 * reset to the inherited template (DELETE), and the live preview of the draft with a stored document (debounced).
 */
export function useReceiptTemplate(documentType: string, scope: string, merchantCopy: boolean) {
  const url = `/api/receipt-templates/${encodeURIComponent(documentType)}`;
  const swr = useSWR(scope ? [url, scope] : null, ([path, at]: [string, string]) => apiGet<TemplateAnswer>(path, { scope: at }), { revalidateOnFocus: false });
  const answer = swr.data;
  const baseXml = answer ? (answer.stored?.xml ?? answer.inherited.xml) : undefined;
  // A draft belongs to the text it started from: after a save or a reset the stored one shows afresh.
  const [edited, setEdited] = useState<{ base: string; scope: string; draft: Draft }>();
  const draft = useMemo<Draft | undefined>(() => (edited && edited.base === baseXml && edited.scope === scope ? edited.draft : baseXml !== undefined ? draftOf(baseXml) : undefined), [edited, baseXml, scope]);
  const dirty = !!draft && baseXml !== undefined && draft.xml !== baseXml;
  const [saving, setSaving] = useState(false);

  const setXml = useCallback(
    (xml: string) => {
      if (baseXml === undefined) return;
      const parsed = parseTemplate(xml);
      setEdited((current) => ({ base: baseXml, scope, draft: { xml, tree: parsed.template ?? (current?.base === baseXml ? current.draft.tree : undefined) } }));
    },
    [baseXml, scope],
  );
  const setTree = useCallback(
    (update: (tree: ReceiptTemplate) => ReceiptTemplate) => {
      if (!draft?.tree || baseXml === undefined) return;
      const tree = update(draft.tree);
      setEdited({ base: baseXml, scope, draft: { xml: templateToXml(tree), tree } });
    },
    [draft, baseXml, scope],
  );

  const problems = useMemo(() => (draft ? parseTemplate(draft.xml).problems : []), [draft]);
  /** The nodes of the design tab with a problem (their ids are the tree's). */
  const faulty = useMemo(() => new Set(draft?.tree ? templateProblems(draft.tree).map((problem) => problem.nodeId).filter((id): id is string => !!id) : []), [draft]);

  const save = useCallback(async () => {
    if (!draft || !answer) return;
    setSaving(true);
    try {
      const saved = await apiCall<TemplateAnswer>(url, { method: 'PUT', body: { scope, xml: draft.xml, version: answer.stored?.version ?? 0 } });
      setEdited(undefined);
      await swr.mutate(saved.data, { revalidate: false });
    } finally {
      setSaving(false);
    }
  }, [draft, answer, url, scope, swr]);

  const reset = useCallback(async () => {
    if (!answer?.stored) return;
    setSaving(true);
    try {
      const after = await apiCall<TemplateAnswer>(url, { method: 'DELETE', query: { scope, version: String(answer.stored.version) } });
      setEdited(undefined);
      await swr.mutate(after.data, { revalidate: false });
    } finally {
      setSaving(false);
    }
  }, [answer, url, scope, swr]);

  // The preview follows the draft, a moment after the last keystroke.
  const [preview, setPreview] = useState<PreviewAnswer>();
  const [previewError, setPreviewError] = useState<unknown>();
  const xml = draft?.xml;
  useEffect(() => {
    if (xml === undefined || !scope) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiCall<PreviewAnswer>(`${url}/preview`, { method: 'POST', body: { scope, xml, merchantCopy }, signal: controller.signal })
        .then((result) => {
          setPreview(result.data);
          setPreviewError(undefined);
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setPreviewError(error);
        });
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [xml, scope, merchantCopy, url]);

  return { answer, draft, dirty, problems, faulty, saving, preview, previewError, error: swr.error as unknown, loading: swr.isLoading, setXml, setTree, save, reset, discard: () => setEdited(undefined) };
}
