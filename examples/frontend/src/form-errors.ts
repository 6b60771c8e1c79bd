/** Every problem of a form at once, by form field (`["input", "email"]` → `email`; `form` for the whole form). */
export type FieldErrors = Record<string, string[]>;

/** A mutation's `userErrors` grouped by the form field each one is about. */
export function byField(userErrors: readonly { field?: readonly string[] | null; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of userErrors) (errors[field?.slice(1).join('.') || 'form'] ??= []).push(message);
  return errors;
}
