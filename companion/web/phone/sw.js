// The phone build's service worker: every file of the site is precached on install
// (the list and its version are written by `companion web build`) and served from the
// cache first, so the app opens with no network after the first visit.
"use strict";

const CACHE = "companion-__VERSION__";
const FILES = ["__FILES__"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name)))
      )
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) =>
        cache
          .match(event.request, { ignoreSearch: true })
          .then((hit) => hit || fetch(event.request))
      )
  );
});
