import type { Adapter, AdapterPayload } from 'oidc-provider';
import { hashToken } from '../auth/tokens.js';
import type { Prisma, PrismaClient } from '../generated/prisma/client.js';

/** The kinds whose rows belong to a grant: revoking the grant deletes them with it. */
const GRANT_MEMBERS = ['AccessToken', 'RefreshToken', 'AuthorizationCode', 'DeviceCode', 'BackchannelAuthenticationRequest'];

const isUuid = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** What an interaction's `returnTo` (the URL that resumes it) holds in place of the interaction's own id. */
const OWN_ID = '{id}';

/**
 * The payload as stored, without the ids oidc-provider puts in it: the row's own (`jti`), and those
 * an interaction copies, the browser's session id (`session.cookie`, never read back) and its own
 * inside `returnTo`. Each is a cookie value of the browser, good for resuming its sign-in.
 */
function storedPayload(kind: string, id: string, { jti: _id, ...payload }: AdapterPayload): AdapterPayload {
  if (kind !== 'Interaction') return payload;
  const { cookie: _session, ...session } = (payload.session ?? {}) as Record<string, unknown>;
  const returnTo = typeof payload.returnTo === 'string' ? payload.returnTo.replaceAll(id, OWN_ID) : payload.returnTo;
  return { ...payload, ...(payload.session ? { session } : {}), ...(returnTo !== undefined ? { returnTo } : {}) };
}

/**
 * oidc-provider's storage in the project's database, so that every process sees the same clients,
 * grants and tokens. Rows are found by the SHA-256 of their id and the id is left out of the
 * stored payload: an opaque token, a code or a session's cookie value *is* its id, so nothing in
 * the table can be presented as a credential. The payload's `jti` is given back on reading.
 */
export function prismaAdapter(prisma: PrismaClient, errors: typeof import('oidc-provider').errors) {
  return class PrismaAdapter implements Adapter {
    constructor(readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const stored = storedPayload(this.kind, id, payload);
      const userId = isUuid(payload.accountId) ? payload.accountId : null;
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = {
        payload: stored as Prisma.InputJsonObject,
        grantId: payload.grantId ?? (this.kind === 'Grant' ? id : null),
        uidHash: payload.uid ? hashToken(payload.uid) : null,
        userId,
        clientId: payload.clientId ?? (this.kind === 'Client' ? id : null),
        expiresAt,
      };
      // The tenant is the user's (a user belongs to one tenant): read in the same statement.
      const tenantId = userId ? ((await prisma.user.findUnique({ where: { id: userId }, select: { tenantId: true } }))?.tenantId ?? null) : null;
      await prisma.oAuthRecord.upsert({
        where: { kind_idHash: { kind: this.kind, idHash: hashToken(id) } },
        create: { kind: this.kind, idHash: hashToken(id), ...row, tenantId },
        update: { ...row, tenantId },
        select: { kind: true },
      });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      const row = await prisma.oAuthRecord.findUnique({ where: { kind_idHash: { kind: this.kind, idHash: hashToken(id) } } });
      return row ? this.payloadOf(id, row) : undefined;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const row = await prisma.oAuthRecord.findFirst({ where: { kind: this.kind, uidHash: hashToken(uid) } });
      // The session's own id is not stored in clear; oidc-provider needs it back only as the jti it
      // compares with the cookie, which it has: the uid lookup is for sessions found by uid alone.
      return row ? this.payloadOf(undefined, row) : undefined;
    }

    async findByUserCode(): Promise<AdapterPayload | undefined> {
      return undefined; // The device flow is not enabled.
    }

    /**
     * Marks a code or refresh token used, once: oidc-provider reads `consumed` before calling this, so
     * two requests racing with the same one would both pass its check. Only the request whose UPDATE
     * claims the row goes on; any other is a replay, treated as oidc-provider treats one that comes
     * later: the grant is revoked with everything issued under it, and the request refused.
     */
    async consume(id: string): Promise<void> {
      const consumed = Math.floor(Date.now() / 1000);
      const idHash = hashToken(id);
      const claimed = await prisma.$executeRaw`
        UPDATE "OAuthRecord" SET "consumedAt" = now(), payload = payload || jsonb_build_object('consumed', ${consumed}::int)
         WHERE kind = ${this.kind} AND "idHash" = ${idHash} AND "consumedAt" IS NULL`;
      if (claimed === 1) return;
      const replayed = await prisma.oAuthRecord.findUnique({ where: { kind_idHash: { kind: this.kind, idHash } }, select: { grantId: true } });
      if (replayed?.grantId) await prisma.oAuthRecord.deleteMany({ where: { grantId: replayed.grantId, kind: { in: ['Grant', ...GRANT_MEMBERS] } } });
      throw new errors.InvalidGrant(`${this.kind === 'RefreshToken' ? 'refresh token' : 'authorization code'} already used`);
    }

    async destroy(id: string): Promise<void> {
      await prisma.oAuthRecord.deleteMany({ where: { kind: this.kind, idHash: hashToken(id) } });
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await prisma.oAuthRecord.deleteMany({ where: { grantId, kind: this.kind === 'Grant' ? 'Grant' : { in: GRANT_MEMBERS } } });
    }

    private payloadOf(id: string | undefined, row: { payload: Prisma.JsonValue; expiresAt: Date | null }): AdapterPayload | undefined {
      // oidc-provider checks expiry itself too; a row past it is as good as gone.
      if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined;
      const payload = row.payload as AdapterPayload;
      if (!id) return payload;
      return { ...payload, jti: id, ...(typeof payload.returnTo === 'string' ? { returnTo: payload.returnTo.replaceAll(OWN_ID, id) } : {}) };
    }
  };
}
