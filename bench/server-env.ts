/** The environment every product and plain server of the benchmarks runs with. */
export function serverEnv(databaseUrl: string, port: number): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_POOL_SIZE: '10',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // The benchmark measures throughput with one key: it must not meet the rate limit.
    RATE_LIMIT_KEY_REQUESTS: '1000000',
    RATE_LIMIT_IP_REQUESTS: '1000000',
    RATE_LIMIT_PUBLIC_ADDRESS_REQUESTS: '1000000',
    RATE_LIMIT_PUBLIC_KEY_REQUESTS: '1000000',
    RATE_LIMIT_PUBLIC_BOOKINGS_PER_HOUR: '1000000',
    // The events benchmark's receiver listens on 127.0.0.1.
    WEBHOOKS_ALLOW_PRIVATE_NETWORKS: '1',
  };
}
