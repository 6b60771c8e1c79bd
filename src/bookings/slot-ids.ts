import { createHmac, timingSafeEqual } from 'node:crypto';
import { loadConfig } from '../config.js';
import { serverSecret } from '../db/server-secrets.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import { badInput } from '../shared/errors.js';

export const SLOT_ID_SECRET_NAME = 'slot-id-signing-key';
const MAC_BYTES = 12;
const PAYLOAD_BYTES = 16 + 6; // resource UUID, start in epoch milliseconds (48 bits)

/**
 * The key slot ids are signed with, the same in every server process: `SLOT_ID_SECRET` when
 * configured, else the server secret of that name kept in the database (src/db/server-secrets.ts).
 */
function signingKey(prisma: PrismaClient): Promise<Buffer> {
  const configured = loadConfig().SLOT_ID_SECRET;
  return configured ? Promise.resolve(Buffer.from(configured, 'utf8')) : serverSecret(prisma, SLOT_ID_SECRET_NAME);
}

// The tenant is signed too, so one tenant's slot id is worthless to another.
const mac = (key: Buffer, tenantId: string, payload: Buffer) =>
  createHmac('sha256', key).update(tenantId).update(payload).digest().subarray(0, MAC_BYTES);

/** Signs opaque, tamper-proof slot ids naming a resource and a start (one key lookup for many). */
export async function slotIdSignerFor(prisma: PrismaClient, tenantId: string) {
  return slotIdSigner(await signingKey(prisma), tenantId);
}

/** Signs slot ids with a given key (the plain benchmark handler signs exactly as the product does). */
export function slotIdSigner(key: Buffer, tenantId: string) {
  return (resourceId: string, startsAt: Date) => {
    const payload = Buffer.alloc(PAYLOAD_BYTES);
    Buffer.from(resourceId.replace(/-/g, ''), 'hex').copy(payload, 0);
    payload.writeUIntBE(startsAt.getTime(), 16, 6);
    return Buffer.concat([payload, mac(key, tenantId, payload)]).toString('base64url');
  };
}

const notASlot = () => badInput([{ field: 'slotId', message: 'is not a slot id returned by availability' }]);

/** The resource and start a slot id names, or a BAD_USER_INPUT on `slotId` when it was forged, altered or cut. */
export async function readSlotId(prisma: PrismaClient, tenantId: string, slotId: string): Promise<{ resourceId: string; startsAt: Date }> {
  if (!/^[A-Za-z0-9_-]+$/.test(slotId)) throw notASlot();
  const bytes = Buffer.from(slotId, 'base64url');
  if (bytes.length !== PAYLOAD_BYTES + MAC_BYTES || bytes.toString('base64url') !== slotId) throw notASlot();
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  if (!timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), mac(await signingKey(prisma), tenantId, payload))) throw notASlot();
  const hex = payload.subarray(0, 16).toString('hex');
  const resourceId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { resourceId, startsAt: new Date(payload.readUIntBE(16, 6)) };
}
