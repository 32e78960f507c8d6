import { DOMAIN_NAME_PATTERN } from './email.ts';
import { ValidationMessage } from './messages.ts';

const URL_PATTERN = /^(?:(?:https?|ftp):\/\/)?([^\s/?#:@]+)(?::(\d{1,5}))?(?:[/?#]\S*)?$/i;
const IPV4_PATTERN = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const DOMAIN_PATTERN = new RegExp(`^${DOMAIN_NAME_PATTERN}$`, 'iu');

/** Addresses that cannot be a public web site: this host, private networks, link-local. */
function isNonPublicIpv4(octets: number[]): boolean {
  const [a = 0, b = 0] = octets;
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168)
  );
}

/**
 * A public web address: optional http, https or ftp scheme, a domain name (or a public IPv4
 * address), optional port, path, query and fragment. localhost and private, loopback and
 * link-local addresses (10.x, 127.x, 169.254.x, 172.16-31.x, 192.168.x) are refused: a contact's
 * web site must be reachable by others. IPv6 literals are not accepted.
 */
export function isValidUrl(value: string): boolean {
  const match = URL_PATTERN.exec(value.trim());
  if (!match) return false;
  const host = match[1] ?? '';
  const port = match[2];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return false;
  const ip = IPV4_PATTERN.exec(host);
  if (ip) {
    const octets = ip.slice(1).map(Number);
    return octets.every((octet) => octet <= 255) && !isNonPublicIpv4(octets);
  }
  if (/^[\d.]+$/.test(host)) return false;
  return DOMAIN_PATTERN.test(host) && !/(^|\.)localhost$/i.test(host);
}

export function checkUrl(value: string): string | null {
  return isValidUrl(value) ? null : ValidationMessage.Url;
}
