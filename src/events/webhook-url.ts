import dns from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';
import type { FieldProblem } from '../shared/errors.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

const cidrs = (...ranges: string[]) => ranges.map((range) => ipaddr.parseCIDR(range));

/** Global unicast IPv6 (RFC 4291): every other IPv6 range is private, local, special or not assigned. */
const GLOBAL_UNICAST_IPV6 = ipaddr.parseCIDR('2000::/3');

/**
 * Addresses a webhook is never sent to, not even with `WEBHOOKS_ALLOW_PRIVATE_NETWORKS`: the clouds'
 * metadata and credential services, and the unspecified addresses (a connection to which reaches
 * this host). Link-local IPv4 as a whole: AWS, GCP, Azure, Oracle, OpenStack, DigitalOcean and
 * others answer at 169.254.169.254, ECS task credentials at 169.254.170.2, EKS Pod Identity at
 * 169.254.170.23, Tencent at 169.254.0.23. Alibaba's 100.100.100.200, Oracle's legacy 192.0.0.192,
 * Azure's WireServer 168.63.129.16 (an address ipaddr.js calls public), AWS's IPv6 services
 * (fd00:ec2::254 and its neighbours) and GCP's fd20:ce::254.
 */
const NEVER_SENT_TO = {
  ipv4: cidrs('0.0.0.0/8', '169.254.0.0/16', '100.100.100.200/32', '192.0.0.192/32', '168.63.129.16/32'),
  ipv6: cidrs('::/128', 'fd00:ec2::/32', 'fd20:ce::254/128'),
};

/** Names of metadata services, refused before any lookup (where they resolve, their addresses are refused too). */
const METADATA_HOSTS = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);

const ipv4Of = (high: number, low: number) => ipaddr.fromByteArray([high >> 8, high & 0xff, low >> 8, low & 0xff]) as ipaddr.IPv4;

/**
 * The IPv4 addresses an IPv6 address carries, by the forms that embed one: IPv4-mapped
 * (`::ffff:a.b.c.d`), IPv4-compatible (`::a.b.c.d`, deprecated but still routed by some hosts),
 * IPv4-translated (`::ffff:0:a.b.c.d`), NAT64 (`64:ff9b::a.b.c.d`), 6to4 (`2002:AABB:CCDD::`) and
 * Teredo's client (the last 32 bits, inverted).
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const p = address.parts;
  const zeros = (count: number) => p.slice(0, count).every((part) => part === 0);
  const last = ipv4Of(p[6]!, p[7]!);
  if (address.isIPv4MappedAddress()) return [address.toIPv4Address()];
  // `::` and `::1` are the unspecified and loopback addresses, not IPv4-compatible ones.
  if (zeros(6) && p[6]! > 0xff) return [last];
  if (zeros(4) && p[4] === 0xffff && p[5] === 0) return [last];
  if (p[0] === 0x64 && p[1] === 0xff9b && p.slice(2, 6).every((part) => part === 0)) return [last];
  if (p[0] === 0x2002) return [ipv4Of(p[1]!, p[2]!)];
  if (p[0] === 0x2001 && p[1] === 0) return [ipv4Of(p[6]! ^ 0xffff, p[7]! ^ 0xffff)];
  return [];
}

/** Whether no webhook may ever go to `address`: a cloud metadata service or an unspecified address, in any IPv6 form that carries it. */
function neverSentTo(address: Address): boolean {
  if (address.kind() === 'ipv4') return NEVER_SENT_TO.ipv4.some((range) => address.match(range));
  const v6 = address as ipaddr.IPv6;
  return NEVER_SENT_TO.ipv6.some((range) => v6.match(range)) || embeddedIPv4(v6).some(neverSentTo);
}

/**
 * Whether an address is on the public internet. IPv4: ipaddr.js's `unicast` range, which leaves out
 * loopback, private (RFC 1918), link-local, carrier-grade NAT, multicast, reserved and unspecified
 * ranges. IPv6: only global unicast (`2000::/3`) outside the special ranges within it (6to4,
 * Teredo, documentation, benchmarking, ORCHID, AS112), and IPv4-mapped addresses judged as the
 * IPv4 address they carry; so IPv4-compatible (`::127.0.0.1`), NAT64, unique-local, link-local and
 * every unassigned range are refused. Never a metadata address.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (neverSentTo(parsed)) return false;
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return isPublicAddress(v6.toIPv4Address().toString());
    if (!v6.match(GLOBAL_UNICAST_IPV6)) return false;
  }
  return parsed.range() === 'unicast';
}

/** Whether a webhook may go to `address`: a public one, or with `allowPrivate` any but a metadata or unspecified one. */
export function isAllowedAddress(address: string, allowPrivate: boolean): boolean {
  if (!allowPrivate) return isPublicAddress(address);
  return ipaddr.isValid(address) && !neverSentTo(ipaddr.parse(address));
}

const resolve = (host: string): Promise<string[]> =>
  dns.promises.lookup(host, { all: true, verbatim: true }).then(
    (found) => found.map((entry) => entry.address),
    () => [],
  );

/**
 * What is wrong with a webhook endpoint's URL, or null: it must be an absolute `https` URL
 * without credentials whose host resolves only to public addresses. With `allowPrivate`
 * (`WEBHOOKS_ALLOW_PRIVATE_NETWORKS=1`) `http` and private addresses are accepted, and a host
 * that does not resolve (yet); cloud metadata addresses never are. The addresses are judged again
 * at every delivery (DNS can change between now and then), and at every connection (`checkedLookup`).
 *
 * A host that does not resolve and one that resolves to a private address get the same answer:
 * the check must not tell a caller which internal names exist.
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
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = ipaddr.isValid(host) ? [host] : METADATA_HOSTS.has(host.replace(/\.$/, '')) ? null : await resolve(host);
  if (allowPrivate) {
    if (addresses && addresses.every((address) => isAllowedAddress(address, true))) return null;
    return problem(`its host ${url.hostname} is a cloud metadata service or unspecified address, which webhooks are never sent to`);
  }
  if (addresses?.length && addresses.every(isPublicAddress)) return null;
  return problem(`its host ${url.hostname} must resolve only to public internet addresses (webhooks are never sent to private, loopback, link-local, reserved or cloud metadata addresses)`);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * `dns.lookup` for the connections that send webhooks: it fails when the host resolves to an
 * address `isAllowedAddress` refuses, so that a name re-pointed after `endpointUrlProblem`'s
 * check (DNS rebinding) is never connected to. Hosts that are addresses are not looked up; the
 * URL check just before sending judges them.
 */
export function checkedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, []);
      const refused = found.find((entry) => !isAllowedAddress(entry.address, allowPrivate));
      if (refused) {
        const why = allowPrivate ? 'a cloud metadata service or unspecified address' : 'not a public internet address';
        return callback(Object.assign(new Error(`its host ${hostname} resolved to ${refused.address} when connecting, ${why}`), { code: 'EADDRNOTALLOWED' }), []);
      }
      if (options.all) return callback(null, found);
      callback(null, found[0]!.address, found[0]!.family);
    });
  };
}
