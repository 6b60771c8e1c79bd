import { createYoga } from 'graphql-yoga';
import { authenticate } from '../auth/api-keys.js';
import { tenantDb } from '../db/tenant-scope.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Context } from '../graphql/context.js';
import { schema } from '../graphql/schema.js';
import { maskError, useInputErrorCodes } from './error-mapping.js';
import { useRest } from './rest.js';
import { restRoutes } from './routes.js';

/** Tenant id of no tenant: an unauthenticated request's database sees nothing. */
const NO_TENANT = '00000000-0000-0000-0000-000000000000';

export interface AppOptions {
  prisma: PrismaClient;
  /** Clock used for key expiry; tests inject one they can move. */
  now?: () => Date;
}

/** The whole HTTP surface: GraphQL at /graphql and the REST routes under /api, one pipeline. */
export function createApp({ prisma, now = () => new Date() }: AppOptions) {
  return createYoga<Record<string, unknown>, Context>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    maskedErrors: { maskError },
    context: async ({ request }): Promise<Context> => {
      const auth = await authenticate(prisma, request.headers.get('authorization'), now());
      const principal = 'principal' in auth ? auth.principal : null;
      return {
        principal,
        authFailure: 'failure' in auth ? auth.failure : null,
        db: tenantDb(prisma, principal?.tenantId ?? NO_TENANT),
        prisma,
        now,
      };
    },
    plugins: [useInputErrorCodes(), useRest(restRoutes)],
  });
}

export type App = ReturnType<typeof createApp>;
