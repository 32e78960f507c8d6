import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkUrl } from './url.ts';

const MESSAGE = 'Indirizzo web non valido';

describe('web address', () => {
  it('accepts public addresses with or without http, https or ftp', () => {
    for (const url of [
      'www.example.it',
      'example.it',
      'http://example.it',
      'https://www.studio-rossi.it/contatti?x=1#mappa',
      'ftp://files.example.com:2121/pub',
      'HTTPS://EXAMPLE.IT',
      'https://8.8.8.8/dns',
      'https://172.32.0.1',
      'città.it',
    ]) {
      expect(checkUrl(url), url).toBeNull();
    }
  });

  it('refuses localhost, private, loopback and link-local addresses', () => {
    for (const url of [
      'http://localhost',
      'http://localhost:3000',
      'http://app.localhost',
      'http://127.0.0.1',
      'http://10.0.0.5/admin',
      'http://172.16.0.1',
      'http://172.31.255.255',
      'http://192.168.1.1',
      'http://169.254.169.254/latest/meta-data',
      'http://0.0.0.0',
    ]) {
      expect(checkUrl(url), url).toBe(MESSAGE);
    }
  });

  it('refuses other schemes and malformed addresses', () => {
    for (const url of [
      'javascript:alert(1)',
      'mailto:a@b.it',
      'file:///etc/passwd',
      'http://',
      'example',
      'http://exa mple.it',
      'http://300.1.1.1',
      'http://user@example.it',
      'http://example.it:99999',
      '',
    ]) {
      expect(checkUrl(url), url).toBe(MESSAGE);
    }
  });

  it('property: any public domain with an optional scheme and path is valid', () => {
    const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,8}[a-z0-9])?$/).filter((l) => l !== 'localhost');
    fc.assert(
      fc.property(
        fc.constantFrom('', 'http://', 'https://', 'ftp://'),
        fc.array(label, { minLength: 1, maxLength: 3 }),
        fc.stringMatching(/^[a-z]{2,6}$/),
        fc.constantFrom('', '/', '/a/b', '?q=1', '#x'),
        (scheme, labels, tld, rest) => checkUrl(`${scheme}${labels.join('.')}.${tld}${rest}`) === null,
      ),
    );
  });

  it('property: every address of the private ranges is refused, public ones accepted', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    const privateIp = fc.oneof(
      fc.tuple(fc.constant(10), octet, octet, octet),
      fc.tuple(fc.constant(127), octet, octet, octet),
      fc.tuple(fc.constant(169), fc.constant(254), octet, octet),
      fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), octet, octet),
      fc.tuple(fc.constant(192), fc.constant(168), octet, octet),
    );
    fc.assert(fc.property(privateIp, (ip) => checkUrl(`http://${ip.join('.')}/`) === MESSAGE));
    const publicIp = fc
      .tuple(fc.integer({ min: 11, max: 126 }), octet, octet, octet)
      .filter(([a]) => a !== 10 && a !== 127);
    fc.assert(fc.property(publicIp, (ip) => checkUrl(`https://${ip.join('.')}`) === null));
  });
});
