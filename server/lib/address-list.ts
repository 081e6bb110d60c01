/**
 * Lists of IP addresses and CIDR ranges from the environment (TRUST_PROXY, RATE_LIMIT_ALLOWLIST), matched
 * with node's BlockList. A typo fails at start instead of silently matching nothing (or everything).
 */
import { BlockList, isIP } from 'node:net';

const LOOPBACK: Array<[string, number, 'ipv4' | 'ipv6']> = [
  ['127.0.0.0', 8, 'ipv4'],
  ['::1', 128, 'ipv6'],
];

function entryError(name: string, entry: string): Error {
  return new Error(`${name}: «${entry}» no es una dirección IP ni un rango CIDR`);
}

/** Comma-separated addresses / CIDRs, validated; `keywords` (e.g. `loopback`) pass through as written. */
export function parseAddressList(value: string, name: string, keywords: string[] = []): string[] {
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (keywords.includes(entry.toLowerCase())) continue;
    const [addr, bits, extra] = entry.split('/');
    const family = isIP(addr ?? '');
    if (!family || extra !== undefined) throw entryError(name, entry);
    if (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128))) throw entryError(name, entry);
  }
  return entries.map((e) => (keywords.includes(e.toLowerCase()) ? e.toLowerCase() : e));
}

/** A matcher for a parsed list; IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) match their IPv4 entries. */
export function addressMatcher(entries: readonly string[]): (address: string | undefined) => boolean {
  if (entries.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of entries) {
    if (entry === 'loopback') {
      for (const [net, bits, type] of LOOPBACK) list.addSubnet(net, bits, type);
      continue;
    }
    const [addr, bits] = entry.split('/') as [string, string | undefined];
    const type = isIP(addr) === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  return (address) => {
    if (!address) return false;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    const plain = mapped ? mapped[1]! : address;
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
  };
}
