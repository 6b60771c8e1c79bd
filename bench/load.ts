import autocannon from 'autocannon';

export const CONNECTIONS = 10;

export interface Target {
  name: string;
  /** What it measures; the suite's plain handler (if any) is the baseline of its other targets. */
  suite: 'leads' | 'contacts' | 'companies' | 'deals' | 'bookings' | 'availability' | 'inspections' | 'invoices' | 'booking' | 'lead creation';
  /** The server that answers: the product and the plain handler have their memory sampled; the peer (PostGraphile) does not. */
  server: 'product' | 'plain' | 'peer';
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /**
   * Bodies for writes that must each differ (every booking takes another slot): each request takes
   * the next one, shared by all runs of the target; a run stops early when none are left.
   */
  bodies?: string[];
  /** The status every answer must have (any 2xx when absent): a booking is 201 Created. */
  status?: number;
}

export interface LoadResult {
  requests: number;
  /** Average requests per second over the run's one-second samples. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  timeouts: number;
  /** Responses whose body differed from the expected one (warm-up only). */
  mismatches: number;
  /** Whether the run stopped early, its target's `bodies` all used. */
  outOfBodies: boolean;
  statusCodes: Record<string, number>;
  startedAt: number;
  finishedAt: number;
}

/** Runs autocannon against one target for `seconds` with CONNECTIONS connections. */
export async function runLoad(target: Target, seconds: number, expectBody?: string): Promise<LoadResult> {
  const { bodies } = target;
  // Each connection sends its share of maxOverallRequests, and a share of 0 means no limit.
  if (bodies && bodies.length < CONNECTIONS) throw new Error(`${target.name}: only ${bodies.length} distinct bodies left, fewer than ${CONNECTIONS} connections`);
  const startedAt = Date.now();
  const result = await autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    body: target.body,
    // autocannon refuses `requests` and `expectBody` together, even undefined. It builds each
    // request just before sending it, so no body is sent twice.
    ...(bodies ? { requests: [{ setupRequest: (request) => ({ ...request, body: bodies.shift() }) }], maxOverallRequests: bodies.length } : { expectBody }),
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    title: target.name,
  });
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    mismatches: result.mismatches,
    outOfBodies: bodies?.length === 0,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count])),
    startedAt,
    finishedAt: Date.now(),
  };
}

/** What went wrong in a run of `target`, or null when every response had its status (a 2xx) and the expected body. */
export function problemsOf(target: Target, result: LoadResult): string | null {
  const codes = Object.entries(result.statusCodes);
  const unexpected = target.status === undefined ? result.non2xx : codes.reduce((n, [code, count]) => (code === String(target.status) ? n : n + count), 0);
  if (result.requests === 0) return 'no responses at all';
  if (result.outOfBodies) return `ran out of distinct bodies after ${result.requests} requests: the run stopped early`;
  if (unexpected || result.errors || result.timeouts || result.mismatches) {
    const status = target.status === undefined ? 'non-2xx' : `non-${target.status}`;
    return `${status} ${unexpected}, errors ${result.errors}, timeouts ${result.timeouts}, body mismatches ${result.mismatches} (status codes ${codes.map(([code, count]) => `${code}: ${count}`).join(', ')})`;
  }
  return null;
}
