import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

/** How many recent latencies the page's percentiles are taken from. */
const RECENT_LATENCIES = 1000;

/** Requests since the start, as the monitoring page shows them. */
export interface RequestFigures {
  count: number;
  /** Answers with a 5xx status: the server's faults. */
  serverErrors: number;
  /** Answers with a 4xx status: refused calls (wrong input, missing rights). */
  clientErrors: number;
  /** Of the most recent requests, in milliseconds; null before the first. */
  latencyMs: { mean: number; p50: number; p95: number; max: number } | null;
}

/**
 * Counts every answer of the app (count, 4xx, 5xx, latency) for the monitoring page and, in Prometheus form, for
 * GET /metrics. Routes are labelled by their pattern (`/api/data/:area/:entity`), never by the URL, so a scan of
 * random URLs cannot grow the label set.
 */
export class RequestTally {
  private count = 0;
  private serverErrors = 0;
  private clientErrors = 0;
  private readonly latencies: number[] = [];
  private next = 0;
  private readonly requests: Counter<'method' | 'route' | 'status_class'>;
  private readonly duration: Histogram<'method' | 'route'>;

  constructor(registry: Registry) {
    this.requests = new Counter({ name: 'mate_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status class', labelNames: ['method', 'route', 'status_class'], registers: [registry] });
    this.duration = new Histogram({
      name: 'mate_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
  }

  /** Counts one answer. */
  record(method: string, route: string, status: number, elapsedMs: number): void {
    this.count += 1;
    if (status >= 500) this.serverErrors += 1;
    else if (status >= 400) this.clientErrors += 1;
    if (this.latencies.length < RECENT_LATENCIES) this.latencies.push(elapsedMs);
    else this.latencies[this.next] = elapsedMs;
    this.next = (this.next + 1) % RECENT_LATENCIES;
    this.requests.inc({ method, route, status_class: `${Math.floor(status / 100)}xx` });
    this.duration.observe({ method, route }, elapsedMs / 1000);
  }

  figures(): RequestFigures {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
    const round = (ms: number) => Math.round(ms * 10) / 10;
    return {
      count: this.count,
      serverErrors: this.serverErrors,
      clientErrors: this.clientErrors,
      latencyMs: sorted.length === 0 ? null : { mean: round(sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length), p50: round(at(0.5)), p95: round(at(0.95)), max: round(sorted[sorted.length - 1]!) },
    };
  }
}

/** Feeds the tally from every answer of `app` (register it before the routes, on the root instance). */
export function registerRequestTally(app: FastifyInstance, tally: RequestTally): void {
  // A callback hook: it runs on every answer and waits for nothing.
  app.addHook('onResponse', (request, reply, done) => {
    tally.record(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime);
    done();
  });
}
