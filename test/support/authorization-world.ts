import { createKeyPair } from '../../src/auth/key-pairs.js';
import type { Scope } from '../../src/auth/scopes.js';
import { allScopes } from '../../src/auth/scopes.js';
import { fixtures } from './fixtures.js';
import type { useHarness } from './harness.js';
import { salesPipeline } from './pipeline-fixtures.js';

type Harness = ReturnType<typeof useHarness>;

/**
 * What reads each record type: the expectation the authorization tests check the schema against,
 * written here independently of the implementation's own table.
 */
export const expectedReadScope: Record<string, Scope | 'any secret key'> = {
  Company: 'companies.read',
  Site: 'companies.read',
  Contact: 'contacts.read',
  Deal: 'pipeline',
  DealActivity: 'pipeline',
  Pipeline: 'pipeline',
  PipelineStage: 'pipeline',
  Lead: 'leads.lead.read',
  User: 'any secret key',
};

/** Relations whose record is part of the parent's published shape (the spec's deal embeds these). */
export const embeddedRelations = new Set(['Deal.company', 'Deal.contact', 'Deal.site']);

/**
 * One tenant with one record of every type, every relation filled (so every path through the
 * schema reaches a record), and a secret key for each single scope.
 */
export async function authorizationWorld(harness: Harness) {
  const { rest, h } = harness;
  const make = fixtures(harness);
  const owner = await harness.tenant();
  const key = owner.secret;
  const company = await make.company(key, { name: 'Acme' });
  const contact = await make.contact(key, company.id, { email: 'pat@acme.example' });
  const site = (await rest('POST', '/api/v1/sites', { key, body: { companyId: company.id, name: 'Yard' } })).body.data;
  // The deal sits in the first stage, which is the first one every list returns.
  const { pipeline, qualify } = await salesPipeline(harness, key);
  const deal = (await rest('POST', '/api/v1/pipeline/deals', {
    key,
    body: { name: 'Hoist', companyId: company.id, stageId: qualify.id, contactId: contact.id, siteId: site.id, ownerId: owner.userId, value: '100.00' },
  })).body.data;
  await rest('POST', `/api/v1/pipeline/deals/${deal.id}/activities`, { key, body: { type: 'call', description: 'Spoke' } });
  const lead = await make.lead(key, { assignedTo: owner.userId });
  const keys = new Map<Scope, string>();
  for (const scope of allScopes) {
    const pair = await createKeyPair(h.db.prisma, { tenantId: owner.tenantId, userId: owner.userId, name: scope, scopes: [scope] });
    keys.set(scope, pair.secret.key);
  }
  const ids: Record<string, string> = {
    Company: company.id, Contact: contact.id, Site: site.id, Deal: deal.id, Lead: lead.id, Pipeline: pipeline.id, PipelineStage: qualify.id,
  };
  return { owner, keys, ids, company, contact, site, deal, lead, stage: qualify };
}
