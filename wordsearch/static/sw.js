// The service worker (served at /sw.js, so its scope is the whole site): the page
// can be installed, and a puzzle once opened plays with no network. The browser's
// files are kept when it installs; the pupils' pages (/p/ID, /daily/DATE) and
// the files under /static/ are asked of the network first and kept, and answered
// from what was kept when the network fails. Nothing else is touched: not the API
// (/api/), not the teacher's pages (/t/), not a PDF or an SVG.
"use strict";
const CACHE = "wordsearch-v1";
const FILES = ["/static/style.css", "/static/play.js", "/static/make.js",
               "/manifest.webmanifest", "/static/icon-192.png", "/static/icon-512.png"];
const KEPT = /^\/(p\/[^/.]+|daily\/\d{4}-\d{2}-\d{2}|static\/[^/]+)$/;

function kept(url) {
  return url.origin === self.location.origin && KEPT.test(url.pathname);
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES))
    .then(() => self.skipWaiting()));
});

// The pages open before the worker started are kept too: the first puzzle opened
// plays offline on its next load.
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n)));
    await self.clients.claim();
    const cache = await caches.open(CACHE);
    const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    await Promise.all(open.map((client) => new URL(client.url))
      .filter(kept).map((url) => cache.add(url.href).catch(() => undefined)));
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !kept(new URL(request.url))) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(request);
      if (response.ok && response.type === "basic") await cache.put(request, response.clone());
      return response;
    } catch (error) {
      const kept = await cache.match(request, { ignoreVary: true });
      if (kept) return kept;
      throw error;
    }
  })());
});
