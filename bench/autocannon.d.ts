// The parts of autocannon 9's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      headers?: Record<string, string>;
      body?: string;
      /** Requests sent in turn on each connection; `setupRequest` may change each one before it goes. */
      requests?: { setupRequest?: (request: { method?: string; path?: string; headers?: Record<string, string>; body?: string }) => object }[];
      /** Requests after which the run ends, even before `duration`; at least `connections`. */
      maxOverallRequests?: number;
      /** Seconds before a request counts as a timeout. */
      timeout?: number;
      /** Responses whose body differs are counted in `mismatches`. */
      expectBody?: string;
      title?: string;
    }

    /** hdr-histogram-percentiles-obj statistics. */
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p99: number;
    }

    interface Result {
      title?: string;
      url: string;
      requests: Histogram;
      latency: Histogram;
      throughput: Histogram;
      /** Seconds. */
      duration: number;
      errors: number;
      timeouts: number;
      mismatches: number;
      non2xx: number;
      statusCodeStats: Record<string, { count: number }>;
    }

    interface Instance extends EventEmitter, PromiseLike<Result> {
      stop(): void;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export default autocannon;
}
