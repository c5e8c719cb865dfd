/** GET /api/monitoring/figures (server/monitoring/monitoring-figures.ts). */
export interface MonitoringFigures {
  readAt: string;
  version: string;
  buildDate: string;
  uptimeSeconds: number;
  requests: { count: number; serverErrors: number; clientErrors: number; latencyMs: { mean: number; p50: number; p95: number; max: number } | null };
  jobs: { queued: number; running: number; failed: number };
  hub: { connections: number | null };
  database: { kind: 'pglite' | 'postgres'; sizeBytes: number | null; connections: { active: number; idle: number; total: number } | null };
  externalUrl: string | null;
}
