import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../shared/http-edge.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

/** Link and portal tokens travel in URLs; the info log keeps the URL of every request. */

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'info' }, undefined, { write: (line) => lines.push(line) });
});
afterAll(() => t.close());

describe('tokens in logged URLs', () => {
  it('the log of real requests carries none of the tokens they sent', async () => {
    const secrets = {
      link: 'eyJhIjoxfQ.TOKEN-DEL-FORNITORE-1234567890',
      portal: 'PORTALE-abcdef0123456789',
      session: 'SESSIONE-9876543210',
      reset: 'RESET-0123456789abcdef',
    };
    await t.app.inject({ method: 'GET', url: `/api/fornitore-portale/${secrets.link}` });
    await t.app.inject({
      method: 'POST',
      url: `/api/fornitore-portale/${secrets.link}/accetta`,
      payload: {},
    });
    await t.app.inject({ method: 'GET', url: `/api/fornitore-portale/${secrets.link}/allegati/3` });
    await t.app.inject({
      method: 'POST',
      url: `/user/unattended?portalToken=${secrets.portal}&sessionID=${secrets.session}`,
    });
    await t.app.inject({ method: 'GET', url: `/forgotPassword?token=${secrets.reset}` });
    await t.app.inject({ method: 'GET', url: `/fornitore/${secrets.link}` });

    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('/api/fornitore-portale/[nascosto]');
    expect(log).toContain('portalToken=[nascosto]');
    for (const secret of Object.values(secrets)) expect(log).not.toContain(secret);
  });

  it('keeps the rest of the URL readable', () => {
    expect(redactUrl('/api/persona?searchQuery=rossi&pageNumber=2')).toBe(
      '/api/persona?searchQuery=rossi&pageNumber=2',
    );
    expect(redactUrl('/api/fornitore-portale/abc.def/allegati/4')).toBe(
      '/api/fornitore-portale/[nascosto]/allegati/4',
    );
    expect(redactUrl('/user/unattended?portalToken=x&sessionID=y&z=1')).toBe(
      '/user/unattended?portalToken=[nascosto]&sessionID=[nascosto]&z=1',
    );
  });
});
