// Preloaded into the PostGraphile process only: PostGraphile 5 (grafserv, @dataplan/pg) calls
// Node 22's `Promise.withResolvers`, and the project runs on Node 20. Defined only when missing.
declare global {
  interface PromiseConstructor {
    withResolvers?<T>(): { promise: Promise<T>; resolve: (value: T | PromiseLike<T>) => void; reject: (reason?: unknown) => void };
  }
}

if (!Promise.withResolvers) {
  Promise.withResolvers = <T>() => {
    let resolve!: (value: T | PromiseLike<T>) => void;
    let reject!: (reason?: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}

export {};
