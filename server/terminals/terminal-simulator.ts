import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { demoTerminalKey } from '../seed/demo/demo-terminals';
import type { Receipt } from './terminal-documents';
import { TERMINAL_SOCKET_PATH } from './terminal-socket-path';

/** Goods a simulated till sells: text, unit price, tax rate. */
const GOODS: readonly [string, number, number][] = [
  ['Milk 1 l', 1.19, 7],
  ['Bread 500 g', 2.49, 7],
  ['Coffee 1 kg', 14.99, 19],
  ['Apples 1 kg', 2.99, 7],
  ['Sparkling water 6 x 1.5 l', 3.54, 19],
  ['Chocolate 100 g', 1.29, 7],
  ['Dish soap', 1.95, 19],
  ['T-shirt', 12.99, 19],
  ['Batteries AA 4 pcs', 4.49, 19],
  ['Flowers', 7.99, 7],
];

/** What the simulator reports as it works (printed by the CLI, collected by tests). */
export type SimulatorReport = (line: string) => void;

/** How a simulated terminal connects and how busy it is. */
export interface SimulatedTerminalOptions {
  url: string;
  key: string;
  secret: string;
  /** Receipts per minute; 0: heartbeats only. */
  rate: number;
  version: string;
  /** Waiting before a reconnect after a lost connection. */
  reconnectMs: number;
  report: SimulatorReport;
  random?: () => number;
}

/** Counters of a run. */
export interface SimulatorTotals {
  connects: number;
  heartbeats: number;
  stored: number;
  duplicates: number;
  refused: number;
}

/** Rough prices of GOODS (in euros) in the demo tenants' other currencies, and their decimals. */
const PRICE_LEVEL: Record<string, { factor: number; decimals: number }> = { CHF: { factor: 1, decimals: 2 }, CZK: { factor: 25, decimals: 0 }, JPY: { factor: 160, decimals: 0 } };

/** A receipt of one to five lines of GOODS in `currency`, paid by card or in cash rounded up to the next 5. */
export function simulatedReceipt(number: number, currency = 'EUR', random: () => number = Math.random): Receipt {
  const { factor, decimals } = PRICE_LEVEL[currency] ?? { factor: 1, decimals: 2 };
  const unit = 10 ** decimals;
  const lines = Array.from({ length: 1 + Math.floor(random() * 5) }, () => {
    const [text, euros, taxRate] = GOODS[Math.floor(random() * GOODS.length)]!;
    const unitPrice = Math.round(euros * factor * unit) / unit;
    const quantity = 1 + Math.floor(random() * 3);
    return { text, quantity, unitPrice, amount: Math.round(quantity * unitPrice * unit) / unit, taxRate };
  });
  const total = lines.reduce((sum, line) => sum + Math.round(line.amount * 100), 0) / 100;
  const cash = random() < 0.4;
  const paid = cash ? Math.ceil(total / (5 * factor)) * 5 * factor : total;
  return { id: randomUUID(), type: 'receipt', number, createdAt: new Date().toISOString(), currency, lines, payments: [{ method: cash ? 'cash' : 'card', amount: paid }], total };
}

/**
 * One demo terminal: connects with its key and secret, sends heartbeats at the pace the server asks for and receipts
 * at its rate, keeps receipts until they are acknowledged (and sends them again after a reconnect: the server stores
 * each id once), reconnects after a lost connection, and gives up on a refusal (401, 403).
 */
export class SimulatedTerminal {
  readonly totals: SimulatorTotals = { connects: 0, heartbeats: 0, stored: 0, duplicates: 0, refused: 0 };
  private socket: WebSocket | undefined;
  private timers: NodeJS.Timeout[] = [];
  private readonly unacknowledged = new Map<string, Receipt>();
  private receiptNumber = 0;
  /** The tenant's currency, from the welcome. */
  private currency = 'EUR';
  private stopping = false;
  private gaveUp = false;
  private readonly random: () => number;

  constructor(private readonly options: SimulatedTerminalOptions) {
    this.random = options.random ?? Math.random;
  }

  get connected(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  start(): void {
    if (this.stopping || this.gaveUp) return;
    const { url, key, secret, version } = this.options;
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}${TERMINAL_SOCKET_PATH}`, {
      headers: { authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`, 'x-terminal-version': version },
    });
    this.socket = socket;
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => {
        const message = (() => {
          try {
            return (JSON.parse(body) as { message?: string }).message ?? body;
          } catch {
            return body;
          }
        })();
        if (response.statusCode === 401 || response.statusCode === 403) {
          this.gaveUp = true;
          this.say(`refused (${response.statusCode}): ${message}; not trying again`);
        } else {
          this.say(`refused (${response.statusCode}): ${message}`);
          this.retry();
        }
      });
    });
    socket.on('message', (data) => this.receive(data.toString()));
    socket.on('error', (error) => {
      if (socket.readyState !== WebSocket.OPEN) this.say(`cannot connect: ${error.message}`);
    });
    socket.on('close', (code, reason) => {
      this.clearTimers();
      if (this.socket !== socket) return;
      this.socket = undefined;
      if (this.stopping || this.gaveUp) return;
      if (code !== 1006 || reason.length > 0) this.say(`disconnected by the server (${code}${reason.length ? `: ${reason.toString()}` : ''})`);
      this.retry();
    });
  }

  /** Closes the connection; resolves once it is closed. */
  stop(): Promise<void> {
    this.stopping = true;
    this.clearTimers();
    const socket = this.socket;
    if (!socket || socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      socket.once('close', () => resolve());
      if (socket.readyState === WebSocket.CONNECTING) socket.terminate();
      else socket.close(1000, 'simulator stopped');
    });
  }

  private retry(): void {
    if (this.stopping || this.gaveUp) return;
    this.say(`reconnecting in ${this.options.reconnectMs / 1000} s`);
    this.timers.push(setTimeout(() => this.start(), this.options.reconnectMs));
  }

  private clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }

  private say(text: string): void {
    this.options.report(`${this.options.key}: ${text}`);
  }

  private send(message: unknown): void {
    if (this.connected) this.socket!.send(JSON.stringify(message));
  }

  private receive(text: string): void {
    let message: { type?: string; [key: string]: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return this.say(`the server sent something that is not JSON: ${text.slice(0, 80)}`);
    }
    switch (message.type) {
      case 'welcome': {
        this.totals.connects += 1;
        if (typeof message.currency === 'string' && /^[A-Z]{3}$/.test(message.currency)) this.currency = message.currency;
        this.say(`connected as terminal ${String(message.terminalOid)} "${String(message.name)}" of tenant ${String(message.tenantOid)}`);
        const heartbeatMs = Math.max(1, Number(message.heartbeatSeconds) || 30) * 1000;
        const beat = setInterval(() => this.send({ type: 'heartbeat', version: this.options.version }), heartbeatMs);
        this.timers.push(beat);
        for (const receipt of this.unacknowledged.values()) this.send(receipt);
        if (this.options.rate > 0) this.scheduleReceipt();
        break;
      }
      case 'ping':
        // The back office asks whether the terminal is there (PingRequest): answer at once.
        this.send({ type: 'pong', id: message.id });
        this.say('pinged');
        break;
      case 'heartbeat-ack':
        this.totals.heartbeats += 1;
        this.say('heartbeat');
        break;
      case 'receipt-ack': {
        const receipt = this.unacknowledged.get(String(message.id));
        this.unacknowledged.delete(String(message.id));
        if (message.stored) this.totals.stored += 1;
        else this.totals.duplicates += 1;
        this.say(`receipt ${receipt?.number ?? '?'} ${message.stored ? 'stored' : 'was stored before'}${receipt ? ` (${receipt.total.toFixed(2)} ${receipt.currency})` : ''}`);
        break;
      }
      case 'configuration': {
        // A real terminal would apply it; the simulator shows what came (docs/terminals.md "Configuration").
        const configuration = (message.configuration ?? {}) as Record<string, unknown>;
        this.say(`configuration ${String(message.pushId)} received (terminal ${String(configuration.terminalNumber)}, ${String(configuration.currency)}, issued ${String(configuration.issuedAt)})`);
        break;
      }
      case 'error':
        this.totals.refused += 1;
        // 503: the server could not store it now (its database is away); the receipt is kept and sent again.
        if (typeof message.id === 'string' && message.status === 503) this.resendLater(message.id);
        else if (typeof message.id === 'string') this.unacknowledged.delete(message.id);
        this.say(`the server refused a message (${String(message.status)}): ${String(message.message)}`);
        break;
      default:
        this.say(`unknown message from the server: ${text.slice(0, 80)}`);
    }
  }

  private resendLater(id: string): void {
    this.timers.push(
      setTimeout(() => {
        const receipt = this.unacknowledged.get(id);
        if (receipt) this.send(receipt);
      }, this.options.reconnectMs),
    );
  }

  private scheduleReceipt(): void {
    const meanMs = 60_000 / this.options.rate;
    // Customers do not arrive on a clock: an exponential gap around the mean.
    const gap = Math.min(meanMs * 5, -Math.log(1 - this.random()) * meanMs);
    this.timers.push(
      setTimeout(() => {
        if (!this.connected) return;
        this.receiptNumber += 1;
        const receipt = simulatedReceipt(this.receiptNumber, this.currency, this.random);
        this.unacknowledged.set(receipt.id, receipt);
        this.send(receipt);
        this.scheduleReceipt();
      }, gap),
    );
  }
}

/** Options of a simulation of several demo terminals. */
export interface SimulationOptions {
  url: string;
  count: number;
  rate: number;
  secret: string;
  report: SimulatorReport;
  version?: string;
  reconnectMs?: number;
}

/** Starts `count` demo terminals (demo-pos-001 on); `stop` closes them all and answers the totals. */
export function startSimulation(options: SimulationOptions): { terminals: SimulatedTerminal[]; stop(): Promise<SimulatorTotals> } {
  const terminals = Array.from(
    { length: options.count },
    (_, i) =>
      new SimulatedTerminal({ url: options.url, key: demoTerminalKey(i + 1), secret: options.secret, rate: options.rate, version: options.version ?? 'simulator-1', reconnectMs: options.reconnectMs ?? 5_000, report: options.report }),
  );
  for (const terminal of terminals) terminal.start();
  return {
    terminals,
    async stop() {
      await Promise.all(terminals.map((terminal) => terminal.stop()));
      const totals: SimulatorTotals = { connects: 0, heartbeats: 0, stored: 0, duplicates: 0, refused: 0 };
      for (const terminal of terminals) for (const key of Object.keys(totals) as (keyof SimulatorTotals)[]) totals[key] += terminal.totals[key];
      return totals;
    },
  };
}
