import { Box, Button, Grid, HStack, List, NativeSelect, Stack, Tabs, Text, Wrap } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CodeEditor } from '../../../renderers/code-editor/code-editor';
import { ELEMENT_TYPES, findNode, newNode, removeNode, updateNode, TEMPLATE_DOCUMENT_TYPES, type ElementType, type TemplateNode } from '../../../schemas/receipt-template';
import type { PageProps } from '../../app/page-registry';
import { useScopeOptions } from '../../lib/tenancy/pos-scope-options';
import { showError } from '../../lib/toasts/show-error';
import { toasts } from '../../lib/toasts/toast-store';
import { ActionDialog } from '../../lib/ui/action-dialog';
import { UnsavedChangesDialog } from '../../lib/ui/unsaved-changes-dialog';
import { useUnsavedGuard } from '../../lib/ui/use-unsaved-guard';
import { BusyHourglass } from '../../shell/busy-hourglass';
import { ScopeSelect } from '../../lib/tenancy/pos-scope-select';
import { ElementProperties } from './element-properties';
import { useElementTexts } from './element-texts';
import { TemplateCanvas } from './template-canvas';
import { useReceiptTemplate } from './use-receipt-template';
import { formatDate } from '../../lib/format/format-number';

/** Inserts a node after the selected one (into it when it is a conditional block), else at the end. */
function insert(nodes: TemplateNode[], added: TemplateNode, selectedId: string | undefined): TemplateNode[] {
  const selected = findNode(nodes, selectedId);
  if (!selected) return [...nodes, added];
  if (selected.children) return updateNode(nodes, selected.id, (node) => ({ ...node, children: [...(node.children ?? []), added] }));
  const place = (list: TemplateNode[]): TemplateNode[] => {
    const index = list.findIndex((node) => node.id === selectedId);
    if (index >= 0) return [...list.slice(0, index + 1), added, ...list.slice(index + 1)];
    return list.map((node) => (node.children ? { ...node, children: place(node.children) } : node));
  };
  return place(nodes);
}

/**
 * /visual-receipt-designer/{documentType} (component 'visual-receipt-designer'): the receipt template of a scope
 * (docs/receipt-templates.md) designed from a palette, ordered by drag and drop or keyboard, each element's properties
 * beside it, or written as XML; its problems as the user works; a live preview of the latest stored document of the
 * scope; save, and reset to the inherited template.
 */
export function ReceiptDesignerPage({ item }: PageProps) {
  const { t, i18n } = useLingui();
  const texts = useElementTexts();
  const segment = item.path.split('/').filter(Boolean).pop() ?? 'receipt';
  const documentType = (TEMPLATE_DOCUMENT_TYPES as readonly string[]).includes(segment) ? segment : 'receipt';
  const [params, setParams] = useSearchParams();
  const { options } = useScopeOptions();
  const scope = params.get('scope') ?? options?.[0]?.scope ?? '';
  const [merchantCopy, setMerchantCopy] = useState(false);
  const [tab, setTab] = useState('design');
  const [selectedId, setSelectedId] = useState<string>();
  const [confirmReset, setConfirmReset] = useState(false);
  const designer = useReceiptTemplate(documentType, scope, merchantCopy);
  const { answer, draft, problems } = designer;
  const guard = useUnsavedGuard(designer.dirty);
  // Another scope is another template: nothing of it is selected.
  const [selectionScope, setSelectionScope] = useState(scope);
  if (selectionScope !== scope) {
    setSelectionScope(scope);
    setSelectedId(undefined);
  }

  if (!scope || designer.loading) return <BusyHourglass />;
  if (!answer || !draft)
    return (
      <Text color="fg.error" role="alert">
        <Trans>The receipt template could not be read.</Trans>
      </Text>
    );
  const readOnly = !answer.canChange;
  const tree = draft.tree;
  const selected = tree ? findNode(tree.nodes, selectedId) : undefined;
  const inheritedFrom = answer.inherited.from ? (answer.chain.find((ref) => ref.scope === answer.inherited.from)?.text ?? answer.inherited.from) : undefined;
  const save = async () => {
    if (problems.length > 0) {
      toasts.show({ type: 'warning', title: t`The template has problems`, content: t`Correct the problems listed under the designer, then save again.` });
      document.getElementById('template-problems')?.focus();
      return;
    }
    try {
      await designer.save();
      toasts.show({ type: 'success', title: t`Template saved` });
    } catch (error) {
      showError(error);
    }
  };
  const add = (type: ElementType) => {
    const node = newNode(type, type === 'text' ? t`New text` : '');
    designer.setTree((template) => ({ ...template, nodes: insert(template.nodes, node, selectedId) }));
    setSelectedId(node.id);
  };

  return (
    <Stack
      gap="4"
      data-testid="receipt-designer"
      onKeyDown={(event) => {
        if ((event.ctrlKey || event.metaKey) && event.key === 's') {
          event.preventDefault();
          void save();
        }
      }}
    >
      <HStack justify="space-between" align="end" flexWrap="wrap" gap="3">
        <Box minW="16rem">
          <ScopeSelect value={scope} label={t`Scope`} testId="template-scope" onChange={(next) => guard.confirm(() => setParams((current) => {
            const updated = new URLSearchParams(current);
            updated.set('scope', next);
            return updated;
          }))} />
        </Box>
        <HStack gap="2" flexWrap="wrap">
          <Button size="sm" variant="outline" disabled={!designer.dirty || designer.saving} onClick={designer.discard} data-testid="template-discard">
            {t`Discard changes`}
          </Button>
          <Button size="sm" variant="outline" colorPalette="red" disabled={readOnly || !answer.stored || designer.saving} onClick={() => setConfirmReset(true)} data-testid="template-reset">
            {t`Reset to inherited`}
          </Button>
          <Button size="sm" colorPalette="blue" disabled={readOnly || !designer.dirty} loading={designer.saving} onClick={() => void save()} data-testid="template-save" aria-keyshortcuts="Control+S">
            {t`Save`}
          </Button>
        </HStack>
      </HStack>
      <Text fontSize="sm" color="fg.muted" data-testid="template-origin">
        {answer.stored
          ? t`This scope has its own template (version ${answer.stored.version}, saved by ${answer.stored.modifiedBy}).`
          : inheritedFrom
            ? t`This scope inherits the template of ${inheritedFrom}.`
            : t`This scope prints the built-in template.`}
        {readOnly ? ` ${t`You may read it but not change it.`}` : ''}
      </Text>
      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) 340px' }} gap="4" alignItems="start">
        <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value)} variant="line" size="sm">
          <Tabs.List>
            <Tabs.Trigger value="design" data-testid="tab-design">
              {t`Design`}
            </Tabs.Trigger>
            <Tabs.Trigger value="xml" data-testid="tab-xml">
              {t`XML`}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="design">
            {tree ? (
              <Stack gap="3">
                <Wrap gap="1" role="toolbar" aria-label={t`Add an element`} data-testid="template-palette">
                  {ELEMENT_TYPES.map((type) => (
                    <Button key={type} size="xs" variant="outline" disabled={readOnly} onClick={() => add(type)} data-testid={`palette-${type}`}>
                      + {texts.elements[type]}
                    </Button>
                  ))}
                </Wrap>
                <Grid templateColumns={{ base: '1fr', md: 'minmax(0, 1fr) 16rem' }} gap="3" alignItems="start">
                  <TemplateCanvas
                    nodes={tree.nodes}
                    selectedId={selectedId}
                    faulty={designer.faulty}
                    readOnly={readOnly}
                    onSelect={setSelectedId}
                    onChange={(nodes) => designer.setTree((template) => ({ ...template, nodes }))}
                    onRemove={(id) => {
                      designer.setTree((template) => ({ ...template, nodes: removeNode(template.nodes, id) }));
                      if (id === selectedId) setSelectedId(undefined);
                    }}
                  />
                  <Box borderWidth="1px" rounded="md" p="3" bg="bg.subtle">
                    <ElementProperties node={selected} readOnly={readOnly} onChange={(node) => designer.setTree((template) => ({ ...template, nodes: updateNode(template.nodes, node.id, () => node) }))} />
                  </Box>
                </Grid>
              </Stack>
            ) : (
              <Text color="fg.error" role="alert">
                <Trans>The XML is not well-formed: correct it in the XML tab to design again.</Trans>
              </Text>
            )}
          </Tabs.Content>
          <Tabs.Content value="xml">
            <CodeEditor value={draft.xml} onChange={designer.setXml} language="xml" readOnly={readOnly} label={t`Template XML`} minHeight="24rem" testId="template-xml" />
          </Tabs.Content>
          <Box id="template-problems" tabIndex={-1} mt="3" data-testid="template-problems">
            {problems.length === 0 ? (
              <Text fontSize="sm" color="fg.success">
                {t`No problems.`}
              </Text>
            ) : (
              <Stack gap="1">
                <Text fontSize="sm" fontWeight="semibold" color="fg.error">
                  {t`Problems (${problems.length})`}
                </Text>
                <List.Root fontSize="sm" ps="5">
                  {problems.slice(0, 50).map((problem, index) => (
                    <List.Item key={index} data-testid="template-problem">
                      {problem.line ? `${t`Line ${problem.line}`}: ` : ''}
                      {problem.message}
                    </List.Item>
                  ))}
                </List.Root>
              </Stack>
            )}
          </Box>
        </Tabs.Root>
        <Stack gap="2" data-testid="template-preview-panel">
          <HStack justify="space-between">
            <Text fontWeight="semibold">{t`Preview`}</Text>
            <NativeSelect.Root size="xs" width="auto">
              <NativeSelect.Field aria-label={t`Copy`} value={merchantCopy ? 'm' : 'c'} onChange={(event) => setMerchantCopy(event.target.value === 'm')} data-testid="template-preview-copy">
                <option value="c">{t`Customer copy`}</option>
                <option value="m">{t`Merchant copy`}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </HStack>
          <Text fontSize="xs" color="fg.muted" data-testid="template-preview-document">
            {designer.preview?.document
              ? t`Receipt ${designer.preview.document.number} of ${formatDate(designer.preview.document.createdAt, i18n.locale, { dateStyle: 'short', timeStyle: 'medium' })}`
              : designer.preview
                ? t`No stored receipt in this scope yet: a sample is shown.`
                : ''}
          </Text>
          <Box borderWidth="1px" rounded="md" bg="white" overflow="hidden">
            {designer.preview?.html ? (
              <iframe title={t`Receipt preview`} sandbox="" srcDoc={designer.preview.html} style={{ width: '100%', height: '640px', border: 0, display: 'block' }} data-testid="template-preview" />
            ) : (
              <Text p="3" fontSize="sm" color="gray.600">
                {designer.previewError ? t`The preview could not be rendered.` : designer.preview ? t`Correct the problems to see the preview.` : t`Rendering…`}
              </Text>
            )}
          </Box>
        </Stack>
      </Grid>
      {confirmReset && (
        <ActionDialog
          title={t`Reset to the inherited template?`}
          testId="template-reset-dialog"
          role="alertdialog"
          busy={designer.saving}
          onCancel={() => setConfirmReset(false)}
          action={{
            label: t`Reset`,
            colorPalette: 'red',
            testId: 'template-reset-confirm',
            onClick: () => {
              void designer
                .reset()
                .then(() => {
                  setConfirmReset(false);
                  toasts.show({ type: 'success', title: t`The scope inherits its template again` });
                })
                .catch(showError);
            },
          }}
        >
          <Trans>The template stored at this scope is removed; it prints what the scope above it prints.</Trans>
        </ActionDialog>
      )}
      <UnsavedChangesDialog guard={guard} />
    </Stack>
  );
}
