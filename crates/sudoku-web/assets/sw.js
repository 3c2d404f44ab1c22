// The trainer's service worker: keeps the page's files (all compiled into the
// server) in a cache, so the installed app opens without a network — the
// kept game, entries, own marks, undo and the clock work offline; what needs
// the server (evaluation, hints, rating) says so until it is back. Pages and
// files: the network first (so an update shows at once), the cache when it
// fails. The API is never cached, but for the variants' houses
// (/api/variants): the page cannot draw its grid without them, and they
// change only with the server. VERSION changes with the files.
const VERSION = '__VERSION__';
const CACHE = `sudoku-trainer-${VERSION}`;
const FILES = ['/', '/app.js', '/state.js', '/game.js', '/houses.js', '/grid.js', '/api.js', '/i18n.js', '/overlay.js', '/settings.js', '/branches.js', '/history.js', '/stats.js',
  '/style.css', '/favicon.svg', '/manifest.webmanifest', '/icon-192.png', '/icon-512.png', '/explain', '/explain.js',
  '/api/variants'];

self.addEventListener('install', event => {
  event.waitUntil(caches.open(CACHE).then(c => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', event => {
  event.waitUntil(caches.keys()
    .then(keys => Promise.all(keys.filter(k => k.startsWith('sudoku-trainer-') && k !== CACHE).map(k => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', event => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== location.origin) return;
  if (url.pathname.startsWith('/api/') && !FILES.includes(url.pathname)) return;
  // A page opened with a puzzle in its address is the page itself.
  const key = event.request.mode === 'navigate' ? (url.pathname === '/explain' ? '/explain' : '/') : url.pathname;
  event.respondWith(fetch(event.request).then(resp => {
    // A rendered solution page is one puzzle's: only the shell is kept.
    if (resp.ok && FILES.includes(key) && !(key === '/explain' && url.search)) {
      const copy = resp.clone();
      caches.open(CACHE).then(c => c.put(key, copy));
    }
    return resp;
  }).catch(() => caches.match(key).then(hit => hit || new Response('offline', { status: 503 }))));
});
