// The app on a phone: registers the service worker (served at the site root,
// its address in <body data-service-worker>), asks it to keep this page when
// the page did not come through it, and has it forget the pages kept when the
// player logs out.
"use strict";

(function () {
  if (!("serviceWorker" in navigator)) return;
  const url = document.body.dataset.serviceWorker;
  if (!url) return;

  // Whether this page came through the worker, which then kept it: its load
  // was handed to a worker (workerStart). A worker that takes control of the
  // page later (a new phone's first page, while it still loads) has not kept
  // it, whatever navigator.serviceWorker.controller says by then.
  const navigation = performance.getEntriesByType("navigation")[0];
  const cameThroughWorker = navigation && "workerStart" in navigation
    ? navigation.workerStart > 0
    : Boolean(navigator.serviceWorker.controller);

  // Asked once, of the first worker active (or controlling the page), with
  // the page's static files loaded so far.
  let asked = false;
  function keepThisPage(worker) {
    if (asked || cameThroughWorker || !worker || document.readyState !== "complete") return;
    asked = true;
    const statics = performance.getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((name) => name.startsWith(`${location.origin}/static/`));
    worker.postMessage({ type: "CACHE_URLS", payload: { urlsToCache: [location.href, ...statics] } });
  }

  navigator.serviceWorker.addEventListener("controllerchange", () => keepThisPage(navigator.serviceWorker.controller));

  window.addEventListener("load", async () => {
    keepThisPage(navigator.serviceWorker.controller);
    let registration;
    try {
      registration = await navigator.serviceWorker.register(url, { scope: "/" });
    } catch (error) {
      return; // no worker (private mode, an old browser): the app works online as before
    }
    keepThisPage(registration.active || (await navigator.serviceWorker.ready).active);
  });

  document.addEventListener("submit", (event) => {
    if (event.target.matches("form[data-forget-pages]") && navigator.serviceWorker.controller) {
      navigator.serviceWorker.controller.postMessage({ type: "FORGET_PAGES" });
    }
  });
})();
