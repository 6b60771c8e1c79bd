import type { Scope } from '../auth/scopes.js';

/**
 * What reads each record type, wherever in a query it is reached: a root field, a relation or a
 * connection. The one table the types and their lists are guarded by.
 */
const readScopes = {
  Company: { scope: 'companies.read' },
  Site: { scope: 'companies.read' },
  Contact: { scope: 'contacts.read' },
  Deal: { scope: 'pipeline' },
  DealActivity: { scope: 'pipeline' },
  Pipeline: { scope: 'pipeline' },
  PipelineStage: { scope: 'pipeline' },
  Lead: { scope: 'leads.lead.read' },
  User: { secretKey: true },
} as const satisfies Record<string, { scope: Scope } | { secretKey: true }>;

export type RecordType = keyof typeof readScopes;

/** The sentence each record type's description ends with, so clients and agents know what reads it. */
export function readAccessNote(typeName: string): string | undefined {
  if (!Object.hasOwn(readScopes, typeName)) return undefined;
  const access = readScopes[typeName as RecordType];
  const who = 'scope' in access ? `a key with the \`${access.scope}\` scope` : 'any secret key';
  return `Readable by ${who}, wherever it appears in a query, and as the result of a mutation that returns it.`;
}

/** The granted scope a field hands to the record it returns (scope-auth's `$granted`). */
const RETURNED_RECORD = 'returnedRecord';

/**
 * Type-level `authScopes`: every field of the type needs its read scope, unless the field that
 * returned the record granted it. Grants are not inherited, so a granted record's own relations
 * need their own scopes again.
 */
export const readableBy = (type: RecordType) => ({ ...readScopes[type], $granted: RETURNED_RECORD });

/**
 * For fields whose result is readable with the scope that let the caller run the field: a
 * mutation's own result (readable with the write scope, and nothing beyond it), and the records a
 * deal embeds as part of itself (its company, contact and site, as the specification's deal shape has them).
 */
export const grantsReturnedRecord = { grantScopes: [RETURNED_RECORD] };

/** Field-level guard of a list or connection of `type`: its count and page info are the type's data too. */
export const listOf = (type: RecordType) => ({ authScopes: readScopes[type] });
