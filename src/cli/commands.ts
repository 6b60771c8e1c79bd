import { createKeyPair, pairNamed, parseRateLimit, parseScopes, revokeKeyPair, rotateKeyPair } from '../auth/key-pairs.js';
import { createCustomFieldDefinition } from '../custom-fields/custom-field.admin.js';
import { tenantDb } from '../db/tenant-scope.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import { seedDemo } from '../tenants/demo.js';
import { createTenant, createUser } from '../tenants/tenant.service.js';

export type Options = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** A command of the CLI: the options it reads and what it prints (one JSON object). */
interface Command {
  options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;
  run(prisma: PrismaClient, options: Options): Promise<unknown>;
}

const text = (options: Options, name: string): string => {
  const value = options[name];
  if (typeof value !== 'string' || !value) throw new UsageError(`--${name} is required`);
  return value;
};

const list = (value: Options[string]) =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string').flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);

export class UsageError extends Error {}

export const commands: Record<string, Command> = {
  'tenant create': {
    options: { name: { type: 'string' }, module: { type: 'string', multiple: true } },
    run: (prisma, o) => createTenant(prisma, { name: text(o, 'name'), modules: list(o.module) }),
  },
  'user create': {
    options: { tenant: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' } },
    run: (prisma, o) =>
      createUser(prisma, { tenantId: text(o, 'tenant'), name: text(o, 'name'), email: text(o, 'email'), role: text(o, 'role') }),
  },
  'key create': {
    options: { tenant: { type: 'string' }, user: { type: 'string' }, name: { type: 'string' }, scopes: { type: 'string' }, 'rate-limit': { type: 'string' } },
    run: (prisma, o) =>
      createKeyPair(prisma, {
        tenantId: text(o, 'tenant'),
        userId: text(o, 'user'),
        name: text(o, 'name'),
        scopes: parseScopes(list(o.scopes)),
        rateLimit: o['rate-limit'] === undefined ? null : parseRateLimit(text(o, 'rate-limit')),
      }),
  },
  // Both take a pair's id or either key's, and act on the whole pair: revoking one key would leave its partner working.
  'key revoke': {
    options: { id: { type: 'string' } },
    run: async (prisma, o) => {
      const pair = await pairNamed(prisma, text(o, 'id'));
      return revokeKeyPair(tenantDb(prisma, pair.tenantId), pair.id, null, new Date());
    },
  },
  'key rotate': {
    options: { id: { type: 'string' } },
    run: async (prisma, o) => {
      const pair = await pairNamed(prisma, text(o, 'id'));
      return rotateKeyPair(tenantDb(prisma, pair.tenantId), pair.id, null, new Date());
    },
  },
  'custom-field create': {
    options: {
      tenant: { type: 'string' },
      entity: { type: 'string' },
      key: { type: 'string' },
      label: { type: 'string' },
      type: { type: 'string' },
      required: { type: 'boolean' },
      options: { type: 'string' },
      order: { type: 'string' },
    },
    run: (prisma, o) =>
      createCustomFieldDefinition(prisma, {
        tenantId: text(o, 'tenant'),
        entity: text(o, 'entity'),
        key: text(o, 'key'),
        label: o.label,
        type: text(o, 'type'),
        required: o.required === true,
        options: list(o.options),
        order: o.order,
      }),
  },
  'seed demo': {
    options: {},
    run: (prisma) => seedDemo(prisma),
  },
};
