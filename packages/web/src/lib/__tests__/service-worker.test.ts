// The service worker (public/sw.js) as the browser runs it: a push shows its notification, a
// click opens the app where the notification points.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

type Listener = (event: Record<string, unknown>) => void;

function loadWorker(windows: { url: string; focus: () => Promise<unknown> }[] = []) {
  const listeners = new Map<string, Listener>();
  const showNotification = vi.fn(() => Promise.resolve());
  const openWindow = vi.fn(() => Promise.resolve(null));
  const self = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification },
    location: { origin: 'https://claimdesk.test' },
    clients: { matchAll: () => Promise.resolve(windows), openWindow, claim: () => Promise.resolve() },
    skipWaiting: () => Promise.resolve(),
  };
  const code = readFileSync(path.resolve(import.meta.dirname, '../../../public/sw.js'), 'utf8');
  runInNewContext(code, { self, URL, console });
  const fire = async (type: string, event: Record<string, unknown>) => {
    let waited: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => (waited = p) });
    await waited;
  };
  return { fire, showNotification, openWindow };
}

const push = (data: unknown) => ({ data: { json: () => data } });

describe('the service worker', () => {
  it('shows a case mail with the case number and the sender, the subject as its text', async () => {
    const worker = loadWorker();
    await worker.fire(
      'push',
      push({
        kind: 'case',
        from: 'Kari Nordmann',
        subject: 'Re: the kettle',
        caseNumber: 10201,
        url: '/cases/open/claim/10201',
        tag: 'mail-7',
      }),
    );
    expect(worker.showNotification).toHaveBeenCalledWith('#10201 · Kari Nordmann', {
      body: 'Re: the kettle',
      tag: 'mail-7',
      icon: '/assets/favicon.svg',
      data: { url: '/cases/open/claim/10201' },
    });
  });

  it('shows an inbox mail by its sender; a push it cannot read still shows, opening the app', async () => {
    const worker = loadWorker();
    await worker.fire(
      'push',
      push({
        kind: 'inbox',
        from: 'kari@customer.test',
        subject: 'Hello',
        caseNumber: null,
        url: '/inbox',
        tag: 'mail-8',
      }),
    );
    expect(worker.showNotification).toHaveBeenLastCalledWith(
      'kari@customer.test',
      expect.objectContaining({ body: 'Hello', data: { url: '/inbox' } }),
    );
    await worker.fire('push', { data: { json: () => JSON.parse('{') as unknown } });
    expect(worker.showNotification).toHaveBeenLastCalledWith(
      '—',
      expect.objectContaining({ data: { url: '/' } }),
    );
    // An address off the site is never opened.
    for (const url of ['//evil.test/', '/\\evil.test/']) {
      await worker.fire('push', push({ kind: 'inbox', from: 'x', subject: 'y', url, tag: 't' }));
      expect(worker.showNotification).toHaveBeenLastCalledWith(
        'x',
        expect.objectContaining({ data: { url: '/' } }),
      );
    }
    await worker.fire(
      'push',
      push({ kind: 'inbox', from: 'x', subject: 'y', url: 'https://evil.test/', tag: 't' }),
    );
    expect(worker.showNotification).toHaveBeenLastCalledWith(
      'x',
      expect.objectContaining({ data: { url: '/' } }),
    );
  });

  it('a click opens the app at the notification’s address, in an open window if there is one', async () => {
    const close = vi.fn();
    const navigate = vi.fn(() => Promise.resolve(null));
    const open = { url: 'https://claimdesk.test/inbox', focus: vi.fn(() => Promise.resolve({ navigate })) };
    const withWindow = loadWorker([open]);
    await withWindow.fire('notificationclick', {
      notification: { close, data: { url: '/cases/open/claim/10201' } },
    });
    expect(close).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('https://claimdesk.test/cases/open/claim/10201');
    expect(withWindow.openWindow).not.toHaveBeenCalled();

    const none = loadWorker([]);
    await none.fire('notificationclick', { notification: { close, data: { url: '/inbox' } } });
    expect(none.openWindow).toHaveBeenCalledWith('https://claimdesk.test/inbox');
  });
});
