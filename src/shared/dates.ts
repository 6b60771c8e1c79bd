/** Today's date in UTC, as stored in a DATE column (midnight UTC). */
export const utcToday = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** A DATE column's value as `YYYY-MM-DD`. */
export const dateOnly = (date: Date) => date.toISOString().slice(0, 10);
