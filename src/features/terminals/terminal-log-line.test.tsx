// @vitest-environment happy-dom
import { ChakraProvider, createSystem, defaultConfig, Table } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { TerminalLogRow } from './terminal-log-line';
import type { TerminalLogLine } from './terminal-types';

async function rowText(line: TerminalLogLine): Promise<string> {
  const host = document.createElement('div');
  await act(async () =>
    createRoot(host).render(
      <ChakraProvider value={createSystem(defaultConfig)}>
        <I18nProvider i18n={i18n}>
          <Table.Root>
            <Table.Body>
              <TerminalLogRow line={line} />
            </Table.Body>
          </Table.Root>
        </I18nProvider>
      </ChakraProvider>,
    ),
  );
  return host.textContent ?? '';
}

describe('TerminalLogRow', () => {
  beforeAll(() => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });

  const at = '2026-11-24T10:00:00.000Z';

  it('names a configuration push that reached the terminal', async () => {
    const text = await rowText({ id: 1, at, event: 'configuration', detail: { pushOid: 4, jobOid: 2, delivered: true, instanceId: 'a' } });
    expect(text).toContain('Configuration');
    expect(text).toContain('Configuration delivered');
  });

  it('says why a configuration push was missed', async () => {
    const text = await rowText({ id: 2, at, event: 'configuration', detail: { pushOid: 4, jobOid: 2, delivered: false, reason: 'The terminal is not connected.' } });
    expect(text).toContain('Configuration not delivered: The terminal is not connected.');
  });

  it('shows a refusal with the server message', async () => {
    const text = await rowText({ id: 3, at, event: 'refused', detail: { message: 'The receipt is not valid.' } });
    expect(text).toContain('Refused');
    expect(text).toContain('The receipt is not valid.');
  });
});
