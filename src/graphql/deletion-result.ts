import { builder } from './builder.js';

/** `{success: true}`: what a deletion answers. */
export const DeletionResult = builder.objectRef<{ success: boolean }>('DeletionResult').implement({
  description: 'The answer to a deletion.',
  fields: (t) => ({ success: t.exposeBoolean('success', { description: 'Always true: a failed deletion is an error instead.' }) }),
});
