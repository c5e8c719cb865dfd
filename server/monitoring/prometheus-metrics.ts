import { Gauge, type Registry } from 'prom-client';
import type { MonitoringFigures } from './monitoring-figures';

/**
 * The page's figures as Prometheus gauges on `registry` (the request counters are the tally's own). Each scrape
 * sets them from one fresh read, so /metrics and the page never disagree.
 */
export function figureGauges(registry: Registry): (figures: MonitoringFigures) => void {
  const gauge = <L extends string>(name: string, help: string, labelNames: L[] = []) => new Gauge<L>({ name, help, labelNames, registers: [registry] });
  const uptime = gauge('mate_uptime_seconds', 'Seconds since this instance started');
  const build = gauge('mate_build_info', 'Always 1; the labels name the running build', ['version', 'build_date']);
  const jobs = gauge('mate_jobs', 'Bridge jobs by state (failed: every failed run still kept)', ['state']);
  const hub = gauge('mate_hub_connections', 'Open hub (WebSocket) connections of this instance');
  const size = gauge('mate_database_size_bytes', 'Size of the database on disk');
  const sessions = gauge('mate_database_connections', 'Sessions on this database (all instances), by state (PostgreSQL only)', ['state']);
  return (figures) => {
    uptime.set(figures.uptimeSeconds);
    build.reset();
    build.set({ version: figures.version, build_date: figures.buildDate }, 1);
    for (const state of ['queued', 'running', 'failed'] as const) jobs.set({ state }, figures.jobs[state]);
    hub.set(figures.hub.connections ?? 0);
    if (figures.database.sizeBytes !== null) size.set(figures.database.sizeBytes);
    if (figures.database.connections) for (const state of ['active', 'idle', 'total'] as const) sessions.set({ state }, figures.database.connections[state]);
  };
}
