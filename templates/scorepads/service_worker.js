// The service worker of the score pads (scorepads/app_shell.py), version {{ version }}.
// It keeps on the phone the pages a player opened and their static files, and
// answers from them when the connection is gone (the page first, from the
// network, falling back to the copy kept); a page never opened says so. It
// never answers a post, a poll or a download. The taps kept offline
// (tap_queue.js) are sent from here by Background Sync. A new deployment is a
// new worker: it takes over at once and drops the copies the old one kept.
"use strict";

importScripts(...{{ scripts|safe }});

const VERSION = "{{ version }}";
const STATIC_PREFIX = {{ static_prefix|safe }};
const OFFLINE_URL = {{ offline_url|safe }};
const PAGES_CACHE = "scorepad-pages";
const STATIC_CACHE = "scorepad-static";
// The pages kept for the table: the front page and the history, and each
// game's pages as it registers them (scorepads.history.GameKind.kept_pages).
const KEPT_PAGES = {{ kept_pages|safe }}.map((source) => new RegExp(source));

const { core, routing, strategies, expiration, cacheableResponse, precaching } = self.workbox;

self.addEventListener("install", () => self.skipWaiting());
core.clientsClaim();
core.setCacheNameDetails({ prefix: "scorepad" });
precaching.precacheAndRoute([{ url: OFFLINE_URL, revision: VERSION }]);
precaching.cleanupOutdatedCaches();

// A redirect (to the login page) is not the page asked for: never kept under its address.
const notRedirected = { cacheWillUpdate: async ({ response }) => (response.redirected ? null : response) };
const onlyWholePages = new cacheableResponse.CacheableResponsePlugin({ statuses: [200] });

function sameOrigin(url) { return url.origin === self.location.origin; }

// Static files have their content's hash in their names: kept once, for good
// (the old ones too, for pages kept from before a deployment, within a bound).
routing.registerRoute(
  ({ url, request }) => request.method === "GET" && sameOrigin(url) && url.pathname.startsWith(STATIC_PREFIX),
  new strategies.CacheFirst({
    cacheName: STATIC_CACHE,
    plugins: [onlyWholePages, new expiration.ExpirationPlugin({ maxEntries: 120, purgeOnQuotaError: true })],
  }),
);

// A kept page: from the network (the freshest pad) unless it takes too long or fails.
routing.registerRoute(
  ({ url, request }) => request.method === "GET" && sameOrigin(url) && !request.headers.get("HX-Request")
    && (request.mode === "navigate" || request.destination === "") && !url.search
    && KEPT_PAGES.some((page) => page.test(url.pathname)),
  new strategies.NetworkFirst({ cacheName: PAGES_CACHE, networkTimeoutSeconds: 4, plugins: [onlyWholePages, notRedirected] }),
);

// Any other page goes to the network; without one, the offline page says what happened.
routing.registerRoute(({ request }) => request.mode === "navigate", new strategies.NetworkOnly());
routing.setCatchHandler(async ({ request }) => {
  if (request.mode === "navigate") return (await precaching.matchPrecache(OFFLINE_URL)) || Response.error();
  return Response.error();
});

// A page loaded before this worker took over asks it to keep the page and its
// static files (Workbox's CACHE_URLS message, answered by the routes above).
// Logging out forgets the pages: they were one player's.
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "FORGET_PAGES") event.waitUntil(caches.delete(PAGES_CACHE));
});

self.addEventListener("sync", (event) => {
  if (event.tag !== self.tapQueue.SYNC_TAG) return;
  event.waitUntil(self.tapQueue.sendAll().then((report) => {
    if (report.stopped) throw new Error("the taps wait for the connection"); // the browser tries again later
  }));
});
