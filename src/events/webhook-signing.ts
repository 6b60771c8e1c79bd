import { Webhook } from 'standardwebhooks';

/** An endpoint's signing secrets: the current one, and the one it replaced while that still signs. */
export interface EndpointSecrets {
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

/**
 * The Standard Webhooks headers of one POST, signed by the `standardwebhooks` library itself so
 * any verifier of the specification accepts them. During a rotation's overlap the signature
 * header carries both signatures, the new one first: receivers still on the old secret verify.
 */
export function signedHeaders(secrets: EndpointSecrets, eventId: string, sentAt: Date, payload: string): Record<string, string> {
  const signing = [secrets.secret];
  if (secrets.previousSecret && secrets.previousSecretExpiresAt && secrets.previousSecretExpiresAt > sentAt) signing.push(secrets.previousSecret);
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': signing.map((secret) => new Webhook(secret).sign(eventId, sentAt, payload)).join(' '),
  };
}
