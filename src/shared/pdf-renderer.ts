import { Piscina } from 'piscina';
import { AppError } from './errors.js';

// PDFs are drawn in a worker thread (src/pdf-worker.ts), never on the thread that serves requests:
// pdfkit's layout is synchronous, so a large document drawn there would stall every request for
// its whole duration, and its memory would count against the server's heap. The worker has a heap
// of its own with a hard limit, each render a deadline after which its worker is terminated, and
// the renders waiting their turn a bounded queue: a document that is too big or too slow costs a
// 503 for its own request and nothing for the others.

export interface PdfRendererOptions {
  /** Renders run at once (worker threads). */
  threads: number;
  /** Renders that may wait for a thread; past it a request is refused with 503. */
  queue: number;
  /** Longest one render may take; its worker is terminated then and the request answered 503. */
  timeoutMs: number;
  /** Heap limit of each worker (V8's old generation), in MB. */
  memoryMb: number;
}

/** The documents the worker draws, by kind, with what each is drawn from. */
export type PdfKind = 'invoice' | 'inspection-report';
export interface PdfJob {
  kind: PdfKind;
  content: unknown;
}

let options: PdfRendererOptions = { threads: 1, queue: 16, timeoutMs: 8_000, memoryMb: 96 };
let pool: Piscina<PdfJob, Uint8Array> | null = null;

/** Renders by outcome since the process started, for /metrics and the tests. */
export const pdfRenderStats = { rendered: 0, timedOut: 0, refused: 0, failed: 0 };

/** Sets the limits (from the configuration, at boot); takes effect for the next pool. */
export function configurePdfRenderer(changes: Partial<PdfRendererOptions>) {
  options = { ...options, ...changes };
}

/** The worker's module: TypeScript run through tsx where this file is (tests, the CLI), else the build's JavaScript. */
function workerModule() {
  const typescript = import.meta.url.endsWith('.ts');
  return { filename: new URL(`../pdf-worker.${typescript ? 'ts' : 'js'}`, import.meta.url).href, execArgv: typescript ? ['--import', 'tsx'] : [] };
}

/** The pool, started on the first render (most processes never render one); idle threads exit. */
function renderers() {
  pool ??= new Piscina<PdfJob, Uint8Array>({
    ...workerModule(),
    minThreads: 0,
    maxThreads: options.threads,
    maxQueue: options.queue,
    concurrentTasksPerWorker: 1,
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: options.memoryMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
  });
  return pool;
}

/** Renders a PDF in a worker; 503 (SERVICE_UNAVAILABLE or TIMEOUT) when it is refused, too slow or too big. */
export async function renderPdfInWorker(job: PdfJob): Promise<Buffer> {
  try {
    const pdf = await renderers().run(job, { signal: AbortSignal.timeout(options.timeoutMs) });
    pdfRenderStats.rendered += 1;
    return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  } catch (error) {
    const name = (error as { name?: string }).name;
    const code = (error as { code?: string }).code;
    if (name === 'AbortError' || name === 'TimeoutError') {
      pdfRenderStats.timedOut += 1;
      throw new AppError('TIMEOUT', `Rendering the PDF took longer than ${options.timeoutMs} ms and was stopped; retry later`);
    }
    if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
      pdfRenderStats.failed += 1;
      throw new AppError('SERVICE_UNAVAILABLE', `Rendering the PDF needed more than the renderer's ${options.memoryMb} MB and was stopped`);
    }
    if (error instanceof Error && /queue is at limit/i.test(error.message)) {
      pdfRenderStats.refused += 1;
      throw new AppError('SERVICE_UNAVAILABLE', 'The PDF renderer is busy with other documents; retry in a few seconds');
    }
    pdfRenderStats.failed += 1;
    throw error;
  }
}

/** Stops the worker threads (at shutdown). */
export async function closePdfRenderer() {
  const closing = pool;
  pool = null;
  await closing?.close({ force: true });
}
