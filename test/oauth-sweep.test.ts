import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sweepOAuthRecords, UNUSED_CLIENT_MS } from '../src/oauth/sweep.js';
import { useHarness } from './support/harness.js';

const { h, tenant } = useHarness();

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the hourly sweep of the authorization server', () => {
  it('deletes expired records and clients a day old that no grant uses, with their registration tokens, and nothing else', async () => {
    const t = await tenant({ scopes: ['leads.lead.read'] });
    const prisma = h.db.prisma;
    const now = new Date();
    const dayAgo = new Date(now.getTime() - UNUSED_CLIENT_MS - 60_000);
    const row = (kind: string, id: string, fields: Record<string, unknown> = {}) =>
      prisma.oAuthRecord.create({ data: { kind, idHash: sha256(id), payload: {}, ...fields } });
    await row('Client', 'flooded', { clientId: 'flooded', createdAt: dayAgo });
    await row('RegistrationAccessToken', 'flooded-rat', { clientId: 'flooded', createdAt: dayAgo });
    await row('Client', 'connected', { clientId: 'connected', createdAt: dayAgo });
    await row('Grant', 'grant-1', { grantId: 'grant-1', clientId: 'connected', tenantId: t.tenantId, userId: t.userId, expiresAt: new Date(now.getTime() + 3_600_000) });
    await row('Client', 'fresh', { clientId: 'fresh' });
    await row('AccessToken', 'expired-token', { grantId: 'grant-1', clientId: 'connected', tenantId: t.tenantId, userId: t.userId, expiresAt: new Date(now.getTime() - 1000) });
    await row('AccessToken', 'live-token', { grantId: 'grant-1', clientId: 'connected', tenantId: t.tenantId, userId: t.userId, expiresAt: new Date(now.getTime() + 60_000) });

    expect(await sweepOAuthRecords(prisma, now)).toBe(3);
    const left = await prisma.oAuthRecord.findMany({ select: { kind: true, idHash: true } });
    const names = new Map(['connected', 'grant-1', 'fresh', 'live-token', 'flooded', 'flooded-rat', 'expired-token'].map((id) => [sha256(id), id]));
    expect(left.map((record) => `${record.kind}:${names.get(record.idHash)}`).sort()).toEqual(['AccessToken:live-token', 'Client:connected', 'Client:fresh', 'Grant:grant-1']);
    expect(await sweepOAuthRecords(prisma, now)).toBe(0);
  });
});
