// Claimdesk's service worker: it shows the browser notifications that come by Web Push (a new
// mail in the inbox, or on a case assigned to the person) and opens the app where a click points.
// Plain JavaScript, served as it is from the site's root so that its scope is the whole app.

/** The notification's title and options from a push's JSON (see ZPushNotification in contracts). */
function notificationOf(data) {
  const from = typeof data.from === 'string' && data.from !== '' ? data.from : '—';
  const title =
    data.kind === 'case' && data.caseNumber != null ? `#${String(data.caseNumber)} · ${from}` : from;
  return {
    title,
    options: {
      body: typeof data.subject === 'string' ? data.subject : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/assets/favicon.svg',
      data: { url: typeof data.url === 'string' && /^\/(?![/\\])/.test(data.url) ? data.url : '/' },
    },
  };
}

// A new version takes over at once, and the open pages with it (notification clicks can navigate them).
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const { title, options } = notificationOf(data);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open)
        return open
          .focus()
          .then((w) => w.navigate(url))
          .catch(() => self.clients.openWindow(url));
      return self.clients.openWindow(url);
    }),
  );
});
