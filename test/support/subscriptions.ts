import { createClient, type ExecutionResult } from 'graphql-sse';

/** What a subscription received: its messages, and how it ended (null while it is open). */
export interface Received {
  messages: ExecutionResult<{ events: { id: string; type: string; createdAt: string; data: Record<string, unknown> } }>[];
  ended: null | { completed: true } | { error: unknown };
}

/**
 * Subscribes with the `graphql-sse` client (distinct connections mode, as a browser app would),
 * through `fetchFn` (the in-process app, or `fetch` to a real server). Resolves once the server
 * accepted the subscription (its stream is open) or ended it; `unsubscribe` leaves.
 */
export async function subscribe(options: { url: string; key?: string; query: string; fetchFn?: typeof fetch }) {
  const received: Received = { messages: [], ended: null };
  let opened!: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));
  const client = createClient({
    url: options.url,
    headers: options.key ? { authorization: `Bearer ${options.key}` } : {},
    retryAttempts: 0,
    fetchFn: async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await (options.fetchFn ?? fetch)(input, init);
      opened();
      return response;
    },
  });
  const unsubscribe = client.subscribe(
    { query: options.query },
    {
      next: (message) => void received.messages.push(message as Received['messages'][number]),
      error: (error) => ((received.ended = { error }), opened()),
      complete: () => ((received.ended = { completed: true }), opened()),
    },
  );
  await open;
  return { received, unsubscribe: () => (unsubscribe(), client.dispose()) };
}

/** Waits until `done` holds (checking every 5 ms), for at most `timeoutMs`. */
export async function until(done: () => boolean, timeoutMs = 2_000): Promise<void> {
  const since = Date.now();
  while (!done() && Date.now() - since < timeoutMs) await new Promise((resolve) => setTimeout(resolve, 5));
}
