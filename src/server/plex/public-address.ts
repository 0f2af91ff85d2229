/**
 * Whether an address is one a service on the internet can reach: Plex's image service
 * (images.plex.tv) fetches every picture a provider names, and a picture on a private address
 * never shows (a PMS 1.43 log committed in Darklyter/Stash-Plex-Metadata-Agent: PMS asks
 * `https://images.plex.tv/photo?…&url=http://192.168.1.71:9999/…` and gets a 400; that
 * project's README, "Plex Poster Upload": posters on 192.168.x.x never display). Read from the
 * URL alone, with no lookup: an IP literal by its range, a name by its shape. A public-looking
 * name that a home's own DNS answers with a private address cannot be told here (the docs say
 * how to see it in PMS's log).
 */
import { BlockList, isIPv4, isIPv6 } from "node:net";

/** IPv4 ranges no host on the internet reaches (IANA's special-purpose registry), with what each is. */
const V4: [string, number, string][] = [
  ["0.0.0.0", 8, "an unspecified address"],
  ["10.0.0.0", 8, "a private address"],
  ["100.64.0.0", 10, "a shared (carrier-grade NAT, Tailscale) address"],
  ["127.0.0.0", 8, "a loopback address"],
  ["169.254.0.0", 16, "a link-local address"],
  ["172.16.0.0", 12, "a private address"],
  ["192.0.0.0", 24, "a reserved address"],
  ["192.0.2.0", 24, "a documentation address"],
  ["192.168.0.0", 16, "a private address"],
  ["198.18.0.0", 15, "a benchmarking address"],
  ["198.51.100.0", 24, "a documentation address"],
  ["203.0.113.0", 24, "a documentation address"],
  ["224.0.0.0", 4, "a multicast address"],
  ["240.0.0.0", 4, "a reserved address"],
];

const V6: [string, number, string][] = [
  ["::", 128, "an unspecified address"],
  ["::1", 128, "a loopback address"],
  ["fc00::", 7, "an IPv6 unique local address"],
  ["fe80::", 10, "an IPv6 link-local address"],
  ["ff00::", 8, "a multicast address"],
  ["2001:db8::", 32, "a documentation address"],
];

/**
 * Name suffixes that never resolve on the internet: mDNS's `.local`, the home networks'
 * `.home.arpa` (RFC 8375), `.internal` (kept for private use), the special-use names of RFC
 * 6761 (`.localhost`, `.test`, `.example`, `.invalid`), and the undelegated names routers and
 * companies give their networks.
 */
const LOCAL_SUFFIXES = [
  "local",
  "home.arpa",
  "internal",
  "localhost",
  "test",
  "example",
  "invalid",
  "lan",
  "home",
  "localdomain",
  "intranet",
  "corp",
  "private",
];

function rangeOf(address: string, ranges: [string, number, string][], type: "ipv4" | "ipv6"): string | null {
  for (const [net, prefix, what] of ranges) {
    const list = new BlockList();
    list.addSubnet(net, prefix, type);
    if (list.check(address, type)) return what;
  }
  return null;
}

/** The IPv4 address an IPv4-mapped IPv6 one is (`::ffff:192.168.1.10`, which a URL writes `::ffff:c0a8:10a`), else null. */
function mappedV4(host: string): string | null {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(host)?.[1];
  if (dotted !== undefined) return dotted;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(host);
  if (hex === null) return null;
  const [hi, lo] = [Number.parseInt(hex[1], 16), Number.parseInt(hex[2], 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

/** What keeps a host (a URL's hostname: lower case, IPv4 numbers as dotted quads, IPv6 in brackets) off the internet, or null for a public one. */
export function privateHost(hostname: string): string | null {
  const host = hostname.replace(/^\[(.*)\]$/, "$1").replace(/\.$/, "");
  if (isIPv4(host)) return rangeOf(host, V4, "ipv4");
  if (isIPv6(host)) {
    const mapped = mappedV4(host);
    return mapped === null ? rangeOf(host, V6, "ipv6") : rangeOf(mapped, V4, "ipv4");
  }
  if (host === "localhost") return "a loopback name";
  if (!host.includes(".")) return "a host name without a domain";
  const suffix = LOCAL_SUFFIXES.find((s) => host.endsWith(`.${s}`));
  return suffix === undefined ? null : `a name of a local network (.${suffix})`;
}

/** What keeps this service's address (PUBLIC_URL, an http(s) URL or "") from Plex's image service, or null when it is public. */
export function unreachableBecause(publicUrl: string): string | null {
  if (publicUrl === "") return "PUBLIC_URL is not set";
  const why = privateHost(new URL(publicUrl).hostname);
  return why === null ? null : `PUBLIC_URL's host is ${why}`;
}
