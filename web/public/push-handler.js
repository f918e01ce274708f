// Web Push in the service worker (imported by the Workbox-generated sw.js through `importScripts`): shows each
// push as a notification and opens its page when tapped. A push carries { title, body, url, tag } as JSON.
/* global clients */

self.addEventListener('push', (event) => {
  let message = { title: 'Cartwise', body: '', url: '/u/dashboard', tag: 'cartwise' };
  try {
    message = { ...message, ...(event.data ? event.data.json() : {}) };
  } catch {
    if (event.data) message.body = event.data.text();
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      // A newer push with the same tag (the same list, the same deal) replaces the old one and still alerts.
      renotify: true,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const wanted = new URL((event.notification.data && event.notification.data.url) || '/u/dashboard', self.location.origin);
  // Only pages of this app open from a notification.
  const target = wanted.origin === self.location.origin ? wanted.href : new URL('/u/dashboard', self.location.origin).href;
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === target);
      if (open) return open.focus();
      const any = windows.find((client) => new URL(client.url).origin === self.location.origin && 'navigate' in client);
      if (any) return any.navigate(target).then((client) => (client ? client.focus() : clients.openWindow(target)));
      return clients.openWindow(target);
    }),
  );
});
