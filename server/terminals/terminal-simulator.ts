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

/**
 * A receipt of one to five lines of GOODS in `currency`, paid by card or in cash rounded up to the next 5. `taxRates`
 * (the tenant's, highest first, from the welcome) replace the goods' German rates: standard for the 19 % goods, the
 * next lower one for the 7 % goods, so the receipt fits the tenant.
 */
export function simulatedReceipt(number: number, currency = 'EUR', random: () => number = Math.random, taxRates: readonly number[] = []): Receipt {
  const { factor, decimals } = PRICE_LEVEL[currency] ?? { factor: 1, decimals: 2 };
  const unit = 10 ** decimals;
  const positive = taxRates.filter((rate) => rate > 0);
  const rateOf = (german: number) => (positive.length === 0 ? german : german === 19 ? positive[0]! : (positive[1] ?? positive[0]!));
  const lines = Array.from({ length: 1 + Math.floor(random() * 5) }, () => {
    const [text, euros, taxRate] = GOODS[Math.floor(random() * GOODS.length)]!;
    const unitPrice = Math.round(euros * factor * unit) / unit;
    const quantity = 1 + Math.floor(random() * 3);
    return { text, quantity, unitPrice, amount: Math.round(quantity * unitPrice * unit) / unit, taxRate: rateOf(taxRate) };
  });
  const total = lines.reduce((sum, line) => sum + Math.round(line.amount * 100), 0) / 100;
  const cash = random() < 0.4;
  const paid = cash ? Math.ceil(total / (5 * factor)) * 5 * factor : total;
  return { id: randomUUID(), type: 'receipt', number, createdAt: new Date().toISOString(), currency, lines, payments: [{ method: cash ? 'cash' : 'card', amount: paid }], total };
}

/** What a simulated till remembers between documents: its sales (for returns) and its turnover since the last end of day. */
export interface SimulatedTill {
  sales: Receipt[];
  sinceEndOfDay: Receipt[];
}

const cents = (amount: number) => Math.round(amount * 100);
const negated = (receipt: Receipt, lines: Receipt['lines']): Pick<Receipt, 'lines' | 'payments' | 'total'> => {
  const voided = lines.map((line) => ({ ...line, quantity: -line.quantity, amount: -line.amount }));
  const total = voided.reduce((sum, line) => sum + cents(line.amount), 0) / 100;
  return { lines: voided, payments: [{ method: receipt.payments[0]!.method, amount: total }], total };
};

/**
 * The next document of a simulated till: a cash deposit first, then mostly sales, now and then a return of one line
 * of an earlier sale or the cancellation of the last one (both naming the original), a withdrawal, and every 50th
 * document the end of day with the turnover since the last one per tax rate and payment method.
 */
export function simulatedDocument(number: number, till: SimulatedTill, currency = 'EUR', random: () => number = Math.random, taxRates: readonly number[] = []): Receipt {
  const base = { id: randomUUID(), type: 'receipt' as const, number, createdAt: new Date().toISOString(), currency };
  const float = currency === 'JPY' ? 20_000 : currency === 'CZK' ? 4_000 : 150;
  if (number === 1) return { ...base, kind: 'cash-deposit', lines: [{ text: 'Float', quantity: 1, unitPrice: float, amount: float, taxRate: 0 }], payments: [{ method: 'cash', amount: float }], total: float };
  if (number % 50 === 0 && till.sinceEndOfDay.length > 0) {
    const perRate = new Map<number, number>();
    const perMethod = new Map<Receipt['payments'][number]['method'], number>();
    for (const receipt of till.sinceEndOfDay) {
      for (const line of receipt.lines) perRate.set(line.taxRate, (perRate.get(line.taxRate) ?? 0) + cents(line.amount));
      // The turnover by method: what was taken, not what was handed back as change.
      perMethod.set(receipt.payments[0]!.method, (perMethod.get(receipt.payments[0]!.method) ?? 0) + cents(receipt.total));
    }
    till.sinceEndOfDay = [];
    const lines = [...perRate].map(([rate, amount]) => ({ text: `Turnover ${rate} %`, quantity: 1, unitPrice: amount / 100, amount: amount / 100, taxRate: rate }));
    const total = [...perRate.values()].reduce((sum, amount) => sum + amount, 0) / 100;
    return { ...base, kind: 'end-of-day', lines, taxes: [...perRate].map(([rate, amount]) => ({ rate, amount: amount / 100 })), payments: [...perMethod].map(([method, amount]) => ({ method, amount: amount / 100 })), total };
  }
  const roll = random();
  let document: Receipt;
  if (roll < 0.05 && till.sales.length > 0) {
    const original = till.sales[Math.floor(random() * till.sales.length)]!;
    document = { ...base, kind: 'return', references: original.id, ...negated(original, [{ ...original.lines[0]!, quantity: 1, amount: original.lines[0]!.unitPrice }]) };
  } else if (roll < 0.07 && till.sales.length > 0) {
    const original = till.sales.pop()!;
    document = { ...base, kind: 'cancellation', references: original.id, ...negated(original, original.lines) };
  } else if (roll < 0.09) {
    const amount = -float / 3;
    const rounded = currency === 'JPY' || currency === 'CZK' ? Math.round(amount) : Math.round(amount * 100) / 100;
    return { ...base, kind: 'cash-withdrawal', lines: [{ text: 'To the safe', quantity: 1, unitPrice: rounded, amount: rounded, taxRate: 0 }], payments: [{ method: 'cash', amount: rounded }], total: rounded };
  } else {
    document = { ...simulatedReceipt(number, currency, random, taxRates), id: base.id, createdAt: base.createdAt };
    till.sales.push(document);
    if (till.sales.length > 20) till.sales.shift();
  }
  till.sinceEndOfDay.push(document);
  return document;
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
  private readonly till: SimulatedTill = { sales: [], sinceEndOfDay: [] };
  private taxRates: number[] = [];
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
        if (Array.isArray(message.taxRates)) this.taxRates = message.taxRates.filter((rate): rate is number => typeof rate === 'number' && rate >= 0 && rate <= 100);
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
        this.say(`${receipt?.kind ?? 'receipt'} ${receipt?.number ?? '?'} ${message.stored ? 'stored' : 'was stored before'}${receipt ? ` (${receipt.total.toFixed(2)} ${receipt.currency})` : ''}${typeof message.unprocessed === 'string' ? `, unprocessed: ${message.unprocessed}` : ''}`);
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
        const receipt = simulatedDocument(this.receiptNumber, this.till, this.currency, this.random, this.taxRates);
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
