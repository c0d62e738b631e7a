// The phone build's service worker: every file of the site is kept on install (the list,
// its sizes and its version are written by `companion web build`) and served from the
// cache first, so the app opens with no network after the first visit. A file the build
// gzipped is fetched as its .gz twin (compressed on the wire: a static host sends files as
// they are) and unzipped as it comes; the pages are told how many bytes have come (the first
// visit's progress bar).
"use strict";

const CACHE = "companion-__VERSION__";
// [name, what to fetch for it (its .gz twin when there is one), bytes on the wire, type]
const FILES = ["__FILES__"];
const TOTAL = FILES.reduce((sum, file) => sum + file[2], 0);
// Files fetched at once while installing.
const AT_ONCE = 4;

let done = 0;
let toldAt = 0;

// Every page of the site (a first visit's page is not controlled yet) hears how far it is.
async function tell(last) {
  const now = Date.now();
  if (!last && now - toldAt < 100) return;
  toldAt = now;
  const pages = await self.clients.matchAll({ includeUncontrolled: true, type: "window" });
  for (const page of pages) page.postMessage({ type: "companion-download", done, total: TOTAL });
}

// The bytes of a body counted as they come.
function counted(body) {
  return body.pipeThrough(
    new TransformStream({
      transform(chunk, controller) {
        done += chunk.byteLength;
        void tell(false);
        controller.enqueue(chunk);
      },
    })
  );
}

// One file into the cache under its own name and type, unzipped if it came as its twin
// (unless the host sent it with Content-Encoding: gzip, which the browser undid already).
async function keep(cache, [name, fetched, , type]) {
  const response = await fetch(fetched, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${fetched}: ${response.status} ${response.statusText}`);
  const encoded = /gzip/i.test(response.headers.get("Content-Encoding") || "");
  let body = counted(response.body);
  const twin = fetched !== name && fetched.endsWith(".gz");
  if (twin && !encoded) body = body.pipeThrough(new DecompressionStream("gzip"));
  const headers = { "Content-Type": type || response.headers.get("Content-Type") || "" };
  await cache.put(name, new Response(body, { headers }));
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const queue = FILES.slice();
      const fetcher = async () => {
        while (queue.length) await keep(cache, queue.shift());
      };
      await Promise.all(Array.from({ length: AT_ONCE }, fetcher));
      await tell(true);
      await self.skipWaiting();
    })()
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
