import { randomUUID } from 'node:crypto';
import { allScopes } from '../auth/scopes.js';
import { tenantDb } from '../db/tenant-scope.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { UserRole } from '../generated/prisma/enums.js';
import { serverEventLog } from '../events/event-rendering.js';
import type { Context } from '../graphql/context.js';
import { ReadGrants } from '../graphql/read-grants-plugin.js';

export interface DemoUser {
  id: string;
  role: UserRole;
}

/** What the domain services need to act as one of the demo users: the same rules as an API call. */
export function actingAs(prisma: PrismaClient, tenantId: string, user: DemoUser): Context {
  return {
    principal: { credentialId: 'demo-seed', via: 'key', kind: 'secret', tenantId, userId: user.id, role: user.role, scopes: new Set(allScopes), modules: new Set(['inspections']), rateLimit: null },
    authFailure: null,
    db: tenantDb(prisma, tenantId),
    prisma,
    readGrants: new ReadGrants(),
    requestId: randomUUID(),
    now: () => new Date(),
    publicUrl: 'http://localhost',
    events: serverEventLog({ prisma, publicUrl: 'http://localhost', now: () => new Date() }),
  };
}
