import { Box, Code, Stack, Text, chakra } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { SyntaxProblem } from '../../../renderers/code-editor/code-syntax';
import { syntaxMessage } from '../../../renderers/code-editor/syntax-message';
import type { PlaygroundIssue } from './run-playground-check';

/** A place in the text: an offset, or a line and column (a syntax problem). */
export type TextPlace = { offset: number } | { line: number; column: number };

export interface PlaygroundMessagesProps {
  syntax: SyntaxProblem | null;
  issues: readonly PlaygroundIssue[];
  /** Puts the editor's cursor on the place a message names. */
  onGoTo: (place: TextPlace) => void;
}

const messageButton = {
  display: 'block',
  width: 'full',
  textAlign: 'start',
  px: '2',
  py: '1.5',
  rounded: 'md',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' },
} as const;

/**
 * The checker's messages under the editor, live as the text changes: each is a button that moves the cursor to its
 * place. The checker speaks English (its messages are those of `npm run schema:check`), so the path and the message
 * read left to right in an Arabic page too; the count and the syntax problem are in the user's language.
 */
export function PlaygroundMessages({ syntax, issues, onGoTo }: PlaygroundMessagesProps) {
  const { t, i18n } = useLingui();
  const count = syntax ? 1 : issues.length;
  return (
    <Stack gap="1" data-testid="playground-messages">
      <Text fontSize="sm" fontWeight="semibold" role="status" aria-live="polite" color={count > 0 ? 'fg.error' : undefined} data-testid="playground-status">
        {count === 0 ? t`No messages: the server would load this document.` : plural(count, { one: '# message', other: '# messages' })}
      </Text>
      {syntax && (
        <chakra.button type="button" {...messageButton} onClick={() => onGoTo({ line: syntax.line, column: syntax.column })} data-testid="playground-message">
          <Text fontSize="sm" color="fg.error">
            {syntaxMessage(syntax, i18n)}
          </Text>
        </chakra.button>
      )}
      {issues.length > 0 && (
        <Box as="ul" listStyleType="none" m="0" p="0" maxH="16rem" overflowY="auto" aria-label={t`Checker messages`}>
          {issues.map((issue, index) => (
            <li key={`${issue.path}-${index}`}>
              <chakra.button
                type="button"
                {...messageButton}
                onClick={() => issue.offset !== undefined && onGoTo({ offset: issue.offset })}
                aria-disabled={issue.offset === undefined || undefined}
                data-testid="playground-message"
                data-path={issue.path}
              >
                <Box dir="ltr" textAlign="left">
                  <Code size="sm" variant="surface">
                    {issue.path || '/'}
                  </Code>{' '}
                  <Text as="span" fontSize="sm">
                    {issue.message}
                  </Text>
                </Box>
              </chakra.button>
            </li>
          ))}
        </Box>
      )}
    </Stack>
  );
}
