/** Cleanup steps run in reverse order of registration, each one even when an earlier one fails. */
export class Teardown {
  private readonly steps: { name: string; run: () => Promise<unknown> }[] = [];
  private running: Promise<void> | undefined;

  add(name: string, run: () => Promise<unknown>): void {
    this.steps.push({ name, run });
  }

  /** Runs the steps once; later calls wait for the same run. */
  run(): Promise<void> {
    this.running ??= (async () => {
      for (const step of this.steps.reverse()) {
        try {
          await step.run();
        } catch (error) {
          console.error(`teardown: ${step.name} failed:`, error);
        }
      }
    })();
    return this.running;
  }
}
