import { readFile } from 'node:fs/promises';
import { createKeyPair, pairNamed, parseRateLimit, parseScopes, parseTrustedDocumentsRule, revokeKeyPair, rotateKeyPair, updateKeyPair } from '../auth/key-pairs.js';
import { createCustomFieldDefinition } from '../custom-fields/custom-field.admin.js';
import { tenantDb } from '../db/tenant-scope.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import { schema } from '../graphql/schema.js';
import { seedDemo } from '../tenants/demo.js';
import { createTenant, createUser } from '../tenants/tenant.service.js';
import { registerTrustedDocuments } from '../trusted-documents/trusted-document.service.js';

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
    options: {
      tenant: { type: 'string' },
      user: { type: 'string' },
      name: { type: 'string' },
      scopes: { type: 'string' },
      'rate-limit': { type: 'string' },
      'trusted-documents': { type: 'string' },
      'allowed-origins': { type: 'string', multiple: true },
    },
    run: (prisma, o) =>
      createKeyPair(prisma, {
        tenantId: text(o, 'tenant'),
        userId: text(o, 'user'),
        name: text(o, 'name'),
        scopes: parseScopes(list(o.scopes)),
        rateLimit: o['rate-limit'] === undefined ? null : parseRateLimit(text(o, 'rate-limit')),
        trustedDocuments: o['trusted-documents'] === undefined ? undefined : parseTrustedDocumentsRule(text(o, 'trusted-documents')),
        allowedOrigins: list(o['allowed-origins']),
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
  // A client build's `persisted-documents.json` (GraphQL Code Generator's client preset), for the tenant or one of its key pairs.
  'documents register': {
    options: { tenant: { type: 'string' }, file: { type: 'string' }, 'key-pair': { type: 'string' } },
    run: async (prisma, o) => {
      const path = text(o, 'file');
      let documents: unknown;
      try {
        documents = JSON.parse(await readFile(path, 'utf8'));
      } catch (error) {
        throw new UsageError(`--file ${path}: ${(error as Error).message}`);
      }
      if (!documents || typeof documents !== 'object' || Array.isArray(documents)) throw new UsageError(`--file ${path}: must be a JSON object of hash → document`);
      const pairId = o['key-pair'] === undefined ? null : (await pairNamed(prisma, text(o, 'key-pair'))).id;
      return registerTrustedDocuments(tenantDb(prisma, text(o, 'tenant')), schema, { documents: documents as Record<string, unknown>, pairId }, null, new Date());
    },
  },
  // `--allowed-origins` replaces the pair's whole list; `--allowed-origins ''` empties it (any page again).
  'key update': {
    options: { id: { type: 'string' }, 'trusted-documents': { type: 'string' }, 'allowed-origins': { type: 'string', multiple: true } },
    run: async (prisma, o) => {
      if (o['trusted-documents'] === undefined && o['allowed-origins'] === undefined) throw new UsageError('give --trusted-documents or --allowed-origins');
      const pair = await pairNamed(prisma, text(o, 'id'));
      const trustedDocuments = o['trusted-documents'] === undefined ? undefined : parseTrustedDocumentsRule(text(o, 'trusted-documents'));
      const allowedOrigins = o['allowed-origins'] === undefined ? undefined : list(o['allowed-origins']);
      return updateKeyPair(tenantDb(prisma, pair.tenantId), pair.id, null, { trustedDocuments, allowedOrigins }, new Date());
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
