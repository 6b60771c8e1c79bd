import type { GraphQLField } from 'graphql';
import type { Context } from './context.js';

/** The extension key under which a mutation field keeps `InputChecks`. */
const INPUT_CHECKS = 'inputChecks';

/**
 * The service's checks of what a mutation's input names (referenced records, custom fields), as a
 * field declares them: they throw one refusal naming every field at fault (`allChecked` in
 * src/shared/references.ts). The mutation's resolver runs them as part of the service; REST also
 * runs them on the fields of a body that hold when other fields do not, so that its one 400 names
 * the missing records with the malformed values (src/http/rest.ts). They read, never write.
 */
export type InputChecks = (ctx: Context, input: Record<string, unknown>) => Promise<unknown>;

/** A mutation field's options declaring its input checks: `t.field({ ..., ...inputChecks((ctx, input) => checkNewLead(ctx, input)) })`. */
export const inputChecks = (checks: InputChecks) => ({ extensions: { [INPUT_CHECKS]: checks } });

/** The input checks a mutation field declares, if any. */
export const inputChecksOf = (field: GraphQLField<unknown, unknown>): InputChecks | undefined => field.extensions[INPUT_CHECKS] as InputChecks | undefined;
