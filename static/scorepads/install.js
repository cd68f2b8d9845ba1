// The app on a phone: registers the service worker (served at the site root,
// its address in <body data-service-worker>), asks it to keep this page when it
// was loaded before the worker took over, and has it forget the pages kept when
// the player logs out.
"use strict";

(function () {
  if (!("serviceWorker" in navigator)) return;
  const url = document.body.dataset.serviceWorker;
  if (!url) return;

  window.addEventListener("load", async () => {
    let registration;
    try {
      registration = await navigator.serviceWorker.register(url, { scope: "/" });
    } catch (error) {
      return; // no worker (private mode, an old browser): the app works online as before
    }
    if (navigator.serviceWorker.controller) return; // this page came through the worker, which kept it
    const worker = registration.active || (await navigator.serviceWorker.ready).active;
    const statics = performance.getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((name) => name.startsWith(`${location.origin}/static/`));
    worker.postMessage({ type: "CACHE_URLS", payload: { urlsToCache: [location.href, ...statics] } });
  });

  document.addEventListener("submit", (event) => {
    if (event.target.matches("form[data-forget-pages]") && navigator.serviceWorker.controller) {
      navigator.serviceWorker.controller.postMessage({ type: "FORGET_PAGES" });
    }
  });
})();
