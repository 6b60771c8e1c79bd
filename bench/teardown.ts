/** Cleanup steps run in reverse order of registration, each one even when an earlier one fails. */
export class Teardown {
  private readonly steps: { name: string; run: () => Promise<unknown> }[] = [];
  private running: Promise<string> | undefined;

  add(name: string, run: () => Promise<unknown>): void {
    this.steps.push({ name, run });
  }

  /** Runs the steps once (later calls wait for the same run) and describes what was done. */
  run(): Promise<string> {
    this.running ??= (async () => {
      const done: string[] = [];
      for (const step of [...this.steps].reverse()) {
        try {
          await step.run();
          done.push(step.name);
        } catch (error) {
          console.error(`teardown: ${step.name} failed:`, error);
        }
      }
      return done.length ? `Torn down: ${done.join(', ')}.` : 'Nothing to tear down.';
    })();
    return this.running;
  }
}

/** Runs a benchmark tool's `main` with a teardown that always runs, reporting a failure on stderr and in the exit code. */
export function runWithTeardown(main: (teardown: Teardown) => Promise<void>): Promise<void> {
  const teardown = new Teardown();
  return main(teardown)
    .catch((error: unknown) => {
      process.exitCode = 1;
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    })
    .finally(async () => {
      await teardown.run();
    });
}
