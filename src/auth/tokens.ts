import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A bearer secret of 256 random bits, base64url (43 characters). */
export const newToken = () => randomBytes(32).toString('base64url');

/**
 * How a bearer secret is stored and looked up. Secrets carry 256 bits of entropy, so a plain
 * SHA-256 is a safe verifier (no salt or slow hash needed), and looking one up by its hash
 * compares nothing secret in application code: what the index lookup could leak by timing is a
 * hash of the presented secret, not of any stored one.
 */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Compares two secrets in time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
