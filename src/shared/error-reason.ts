/**
 * An error's reason in one short line, for a log line: the last line of its message (Prisma puts
 * the database's own words there, after lines naming the call), at most 300 characters.
 */
export const errorReason = (error: unknown): string =>
  ((error instanceof Error ? error.message : String(error)).trim().split('\n').at(-1) ?? '').slice(0, 300);
