import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import type { FieldProblem } from '../shared/errors.js';

/**
 * Whether an address is on the public internet: ipaddr.js's `unicast` range, which leaves out
 * loopback, private (RFC 1918), unique-local, link-local (cloud metadata's 169.254.169.254 among
 * them), carrier-grade NAT, multicast, reserved and unspecified ranges. IPv4-mapped IPv6
 * addresses are judged as the IPv4 address they carry.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
}

/**
 * What is wrong with a webhook endpoint's URL, or null: it must be an absolute `https` URL
 * without credentials whose host resolves only to public addresses. With `allowPrivate`
 * (`WEBHOOKS_ALLOW_PRIVATE_NETWORKS=1`) `http` and any address are accepted. The addresses are
 * judged again at every delivery (DNS can change between now and then).
 */
export async function endpointUrlProblem(raw: string, allowPrivate: boolean): Promise<FieldProblem | null> {
  const problem = (message: string): FieldProblem => ({ field: 'url', message });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return problem('must be an absolute URL, such as https://example.com/webhooks');
  }
  const schemes = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) return problem(allowPrivate ? 'must be an http or https URL' : 'must be an https URL');
  if (url.username || url.password) return problem('must not carry a user name or password');
  if (url.hash) return problem('must not have a #fragment');
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = ipaddr.isValid(host)
    ? [host]
    : await lookup(host, { all: true, verbatim: true }).then(
        (found) => found.map((entry) => entry.address),
        () => [],
      );
  if (!addresses.length) return problem(`its host ${url.hostname} does not resolve to any address`);
  if (!addresses.every(isPublicAddress)) {
    return problem(`its host ${url.hostname} resolves to a private, loopback, link-local or reserved address, which webhooks are never sent to`);
  }
  return null;
}
