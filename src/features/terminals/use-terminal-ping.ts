import { useCallback, useEffect, useRef, useState } from 'react';
import { useHub } from '../../lib/hub/hub-provider';
import { pingAnswered, pingRefused, pingSent, type PingStates, type TerminalNotifyResponse } from './terminal-ping';

const NOTIFY_RESPONSE = 'NotifyResponse';

/** Pings terminals through the hub (PingRequest with the terminal) and keeps each row's latest outcome. */
export function useTerminalPing() {
  const hub = useHub();
  const [states, setStates] = useState<PingStates>(new Map());
  const counter = useRef(0);

  useEffect(() => {
    if (!hub) return;
    return hub.on<TerminalNotifyResponse>(NOTIFY_RESPONSE, (response) => setStates((current) => pingAnswered(current, response, performance.now())));
  }, [hub]);

  const ping = useCallback(
    (terminalOid: number) => {
      counter.current += 1;
      const note = `terminal-ping-${terminalOid}-${counter.current}`;
      setStates((current) => pingSent(current, terminalOid, note, performance.now()));
      if (!hub) return setStates((current) => pingRefused(current, terminalOid, note, ''));
      hub.invoke('PingRequest', note, terminalOid).catch((error: unknown) => {
        setStates((current) => pingRefused(current, terminalOid, note, error instanceof Error ? error.message.replace(/^.*HubException: /, '') : ''));
      });
    },
    [hub],
  );
  return { pings: states, ping };
}
