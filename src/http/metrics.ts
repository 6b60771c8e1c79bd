import { performance } from 'node:perf_hooks';
import { Kind, getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Pool } from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PrismaClient } from '../generated/prisma/client.js';
import { pdfRenderStats } from '../shared/pdf-renderer.js';
import { routeOf } from './route-label.js';

/** When the request started, noted for its latency. */
interface MeteredContext {
  metricsStart?: number;
}

const KNOWN_PATHS = new Set(['/graphql', '/health/live', '/health/ready', '/metrics', '/openapi.json', '/docs']);

export interface MetricsSources {
  prisma: PrismaClient;
  /** The PostgreSQL connection pool (absent on the embedded database, which has none). */
  pool?: Pool;
}

/**
 * Prometheus metrics (prom-client) at `GET /metrics`: requests and their latency by route, method
 * and status, requests in flight, GraphQL operations by type and root field (REST routes run
 * operations too), the connection pool, the mail outbox's depth, PDF renders, and Node's own process metrics.
 * Only installed when METRICS=1 (this module, and prom-client with it, is loaded only then); the
 * endpoint needs no key, so expose it to the scraper only.
 */
export function useMetrics({ prisma, pool }: MetricsSources): Plugin {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by method, route pattern and status.', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer, by method, route pattern and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const inFlight = new Gauge({ name: 'http_requests_in_flight', help: 'Requests being served now.', registers: [registry] });
  const operations = new Counter({
    name: 'graphql_operations_total',
    help: 'GraphQL operations executed (REST routes included), by operation type and root field.',
    labelNames: ['type', 'field'],
    registers: [registry],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state: total open, idle, and requests waiting for one.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'outbox_pending_messages',
    help: 'Mail waiting in the outbox to be delivered (all tenants); absent while the database is unavailable.',
    registers: [registry],
    async collect() {
      const rows = await prisma.$queryRaw<{ pending: number }[]>`SELECT count(*)::int AS pending FROM "OutboxMessage" WHERE status = 'pending'`.catch(() => null);
      if (rows) this.set(rows[0]?.pending ?? 0);
      else this.reset();
    },
  });

  new Counter({
    name: 'pdf_renders_total',
    help: 'PDFs rendered in the worker threads, by outcome: rendered, timed_out, refused (queue full), failed. Downloads served from the store are not renders.',
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ outcome: 'rendered' }, pdfRenderStats.rendered);
      this.inc({ outcome: 'timed_out' }, pdfRenderStats.timedOut);
      this.inc({ outcome: 'refused' }, pdfRenderStats.refused);
      this.inc({ outcome: 'failed' }, pdfRenderStats.failed);
    },
  });

  return {
    async onRequest({ url, request, endResponse, serverContext }) {
      (serverContext as MeteredContext).metricsStart = performance.now();
      inFlight.inc();
      if (url.pathname !== '/metrics') return;
      if (request.method !== 'GET') return endResponse(Response.json({ error: 'Method Not Allowed', message: 'Use GET' }, { status: 405, headers: { Allow: 'GET' } }));
      endResponse(new Response(await registry.metrics(), { headers: { 'Content-Type': registry.contentType } }));
    },
    onExecute({ args }) {
      const operation = getOperationAST(args.document, args.operationName);
      if (!operation) return;
      for (const selection of operation.selectionSet.selections) {
        if (selection.kind === Kind.FIELD) operations.inc({ type: operation.operation, field: selection.name.value });
      }
    },
    onResponse({ request, response, serverContext }) {
      const { metricsStart } = serverContext as MeteredContext;
      const route = routeOf(serverContext);
      if (metricsStart === undefined) return;
      inFlight.dec();
      const path = new URL(request.url).pathname;
      const labels = { method: request.method, route: route ?? (KNOWN_PATHS.has(path) ? path : 'other'), status: String(response.status) };
      requests.inc(labels);
      duration.observe(labels, (performance.now() - metricsStart) / 1000);
    },
  };
}
