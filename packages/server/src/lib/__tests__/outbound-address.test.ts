import { createServer, request, Agent } from 'node:https';
import { describe, expect, it } from 'vitest';
import { nonPublicRange, publicOnlyLookup, resolveAll, type Resolve } from '../outbound-address';

describe('nonPublicRange', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.1.2', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.254', 'cgnat'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fd12:3456::1', 'private'],
    ['fc00::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2001:0:4136:e378::1', 'reserved'],
    ['::127.0.0.1', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::FFFF:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['2002:c0a8:0101::1', 'private'],
    ['not an address', 'invalid'],
    ['localhost', 'invalid'],
  ])('%s is %s', (address, range) => {
    expect(nonPublicRange(address)).toBe(range);
  });

  it.each([
    '8.8.8.8',
    '142.250.74.106',
    '172.32.0.1',
    '100.128.0.1',
    '2a00:1450:4001:80b::200a',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('%s is public', (address) => {
    expect(nonPublicRange(address)).toBeNull();
  });
});

/** A resolver that answers from a table, as DNS would at that moment. */
const resolverOf =
  (table: Record<string, string[]>): Resolve =>
  (hostname, _options, callback) => {
    const addresses = table[hostname];
    if (!addresses) callback(Object.assign(new Error(`no ${hostname}`), { code: 'ENOTFOUND' }), []);
    else
      callback(
        null,
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      );
  };

describe('publicOnlyLookup', () => {
  const lookup = publicOnlyLookup(
    resolverOf({
      'push.example': ['203.0.114.7'],
      'rebound.example': ['127.0.0.1'],
      'mixed.example': ['8.8.8.8', '10.0.0.7'],
    }),
  );
  const run = (hostname: string, all: boolean) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) => {
      lookup(hostname, { all }, (error, address) => {
        resolve({ error, address });
      });
    });

  it('answers a public address in both of the forms Node asks for', async () => {
    expect(await run('push.example', false)).toEqual({ error: null, address: '203.0.114.7' });
    expect(await run('push.example', true)).toEqual({
      error: null,
      address: [{ address: '203.0.114.7', family: 4 }],
    });
  });

  it('refuses a name with any non-public address, naming the range', async () => {
    const rebound = await run('rebound.example', true);
    expect(rebound.error?.code).toBe('ENONPUBLIC');
    expect(rebound.error?.message).toContain('loopback');
    expect((await run('mixed.example', false)).error?.code).toBe('ENONPUBLIC');
    expect((await run('nowhere.example', false)).error?.code).toBe('ENOTFOUND');
  });

  it('keeps an agent from connecting to a loopback listener behind a name', async () => {
    let reached = 0;
    const server = createServer((_request, response) => {
      reached += 1;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const agent = new Agent({ lookup: publicOnlyLookup(resolverOf({ 'rebound.example': ['127.0.0.1'] })) });
    const error = await new Promise<NodeJS.ErrnoException>((resolve) => {
      request({ host: 'rebound.example', port, agent, rejectUnauthorized: false }, () => undefined)
        .on('error', resolve)
        .end();
    });
    agent.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(error.code).toBe('ENONPUBLIC');
    expect(reached).toBe(0);
  });
});

describe('resolveAll', () => {
  it('answers an IP literal as itself, bracketed or not, without asking DNS', async () => {
    const never: Resolve = () => {
      throw new Error('asked DNS');
    };
    expect(await resolveAll('[::1]', never)).toEqual(['::1']);
    expect(await resolveAll('10.0.0.1', never)).toEqual(['10.0.0.1']);
  });

  it('answers every address of a name', async () => {
    expect(await resolveAll('a.example', resolverOf({ 'a.example': ['8.8.8.8', '::1'] }))).toEqual([
      '8.8.8.8',
      '::1',
    ]);
  });
});
