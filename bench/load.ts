import autocannon from 'autocannon';

export const CONNECTIONS = 10;

export interface Target {
  name: string;
  /** What it measures; the suite's plain handler (if any) is the baseline of the product targets. */
  suite: 'leads' | 'deals' | 'availability' | 'booking';
  /** The server that answers (whose memory is sampled). */
  server: 'product' | 'plain';
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** A body per request, for writes that must each differ (every booking takes another slot). */
  nextBody?: () => string;
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
  statusCodes: Record<string, number>;
  startedAt: number;
  finishedAt: number;
}

/** Runs autocannon against one target for `seconds` with CONNECTIONS connections. */
export async function runLoad(target: Target, seconds: number, expectBody?: string): Promise<LoadResult> {
  const startedAt = Date.now();
  const result = await autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    body: target.body,
    // autocannon refuses `requests` and `expectBody` together, even undefined.
    ...(target.nextBody ? { requests: [{ setupRequest: (request) => ({ ...request, body: target.nextBody?.() }) }] } : { expectBody }),
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
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count])),
    startedAt,
    finishedAt: Date.now(),
  };
}

/** What went wrong in a run, or null when every response was a 2xx (with the expected body). */
export function problemsOf(result: LoadResult): string | null {
  const codes = Object.entries(result.statusCodes)
    .map(([code, count]) => `${code}: ${count}`)
    .join(', ');
  if (result.requests === 0) return 'no responses at all';
  if (result.non2xx || result.errors || result.timeouts || result.mismatches) {
    return `non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}, body mismatches ${result.mismatches} (status codes ${codes})`;
  }
  return null;
}
