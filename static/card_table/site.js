// The site's own script, on every page (templates/base.html): the toast
// that fades and is then gone for focus and screen readers too, Copy and
// Share buttons, a refused form's error summary taking focus, the fixed bars
// measured so that a focused control is scrolled clear of them (and, with
// large text, taken out of their fixed place), and a long PDF brought when
// it is ready. Everything works without it.
"use strict";

(function () {
  // The toast stays a few seconds, then gets out of the way: faded, then
  // hidden, so that Tab never reaches its button and no screen reader reads it.
  const TOAST_MS = 6000;
  const FADE_MS = 400;  // the opacity transition of static/card_table/site.css
  function fadeToasts(root) {
    const scope = root || document;
    const found = Array.from(scope.querySelectorAll("[data-toast]:not([data-fading])"));
    if (scope.matches && scope.matches("[data-toast]:not([data-fading])")) found.push(scope);  // a toast swapped in alone
    for (const toast of found) {
      toast.dataset.fading = "";
      setTimeout(() => {
        toast.classList.add("faded");
        toast.inert = true;
        setTimeout(() => { toast.hidden = true; }, FADE_MS);
      }, TOAST_MS);
    }
  }

  // The fixed bar at the foot of a sheet (.record-bar): its height is the
  // page's --bar-height, which keeps a focused control scrolled clear of it
  // (scroll-padding) and the toast above it. A bar taller than a third of the
  // screen when closed (large text, a small phone on its side) would leave
  // little of the page and push its own controls out of reach, and so would
  // a status line at the top as tall (large text, a long line): both bars
  // stay in the page's flow instead (html.bars-in-flow).
  const CROWDED = 1 / 3;
  function measureBars() {
    const root = document.documentElement;
    const bar = document.querySelector(".record-bar");
    if (!bar) {
      root.classList.remove("bars-in-flow");
      root.style.removeProperty("--bar-height");
      return;
    }
    // Measured where they are fixed (the page taken out of flow for the moment),
    // so that the decision does not swing with the bars' heights in the flow.
    root.classList.remove("bars-in-flow");
    let closed = bar.getBoundingClientRect().height;
    for (const body of bar.querySelectorAll("details[open] > :not(summary)")) closed -= body.getBoundingClientRect().height;
    const status = document.querySelector(".status-bar");
    const line = status ? status.getBoundingClientRect().height : 0;
    const inFlow = Math.max(closed, line) > window.innerHeight * CROWDED;
    root.classList.toggle("bars-in-flow", inFlow);
    if (inFlow) {
      placeToastBelow(bar);
      root.style.removeProperty("--bar-height");
    } else root.style.setProperty("--bar-height", `${Math.ceil(bar.getBoundingClientRect().height)}px`);
  }
  // With the bars in the page's flow the screen is full of controls, and a
  // toast floating over them would take a tap meant for one: it stands in the
  // flow too, just below the record bar, so that it covers nothing and moves
  // nothing above it. It stays among the pad's regions (below the one that
  // holds the bar: a seated game's entry), where a tap's answer finds it and
  // no region drawn again takes it away. Fixed to the screen otherwise, where
  // it stands in the page does not show.
  function placeToastBelow(bar) {
    const toast = document.getElementById("toast");
    if (!toast) return;
    let region = bar;
    while (region && region.parentElement !== toast.parentElement) region = region.parentElement;
    if (region && region.nextElementSibling !== toast) region.after(toast);
  }
  let barObserver = null;
  function watchBars() {
    measureBars();
    if (!("ResizeObserver" in window)) return;
    if (barObserver) barObserver.disconnect();
    barObserver = new ResizeObserver(() => measureBars());
    for (const bar of document.querySelectorAll(".record-bar, .status-bar")) barObserver.observe(bar);
  }
  window.addEventListener("resize", measureBars);

  // A refused form comes back with its problems summed up first
  // (templates/scorepads/error_summary.html): focus goes there, so they are
  // read out, and each links to its field. On a page, and on a pad drawn
  // again with a refused entry (a seated game's sheet).
  function focusErrorSummary(root) {
    const summary = root.querySelector("[data-error-summary]");
    if (summary) summary.focus();
  }
  // A problem's link leads to its field, focused, the field and its label
  // brought to the middle of the screen (clear of the fixed bars), on every
  // page: the seated sheets' and the calculator's summaries too.
  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("[data-error-summary] a[href^='#']");
    if (!link) return;
    const field = document.getElementById(decodeURIComponent(link.hash.slice(1)));
    if (!field) return;
    event.preventDefault();
    const label = document.querySelector(`label[for="${CSS.escape(field.id)}"]`);
    (label || field).scrollIntoView({ block: "center" });
    field.focus({ preventScroll: true });
  });

  // Copy and Share buttons for links (the partner's invitation).
  document.addEventListener("click", async (event) => {
    const copy = event.target.closest("[data-copy]");
    const share = event.target.closest("[data-share]");
    const button = copy || share;
    if (!button) return;
    const field = document.getElementById(button.dataset.copy || button.dataset.share);
    if (!field) return;
    const done = button.parentElement.querySelector("[data-copy-done]");
    if (share && navigator.share) {
      try { await navigator.share({ title: share.dataset.shareTitle || document.title, url: field.value }); }
      catch (error) { /* the player closed the share sheet */ }
      return;
    }
    try {
      await navigator.clipboard.writeText(field.value);
      if (done) done.textContent = "Copied.";
    } catch (error) {
      field.select();
      if (done) done.textContent = "Selected: copy it with your phone's menu.";
    }
  });

  // A long PDF being prepared (templates/scorepads/pdf_preparing.html): when
  // its poll brings the "ready" part, fetch the PDF, as its link does.
  document.addEventListener("htmx:load", (event) => {
    const ready = event.target.closest && event.target.closest("[data-pdf-ready]");
    const link = ready && ready.querySelector("[data-pdf-link]");
    if (link) window.location.assign(link.href);
  });

  document.addEventListener("htmx:load", (event) => {
    if (event.detail.elt && event.detail.elt.id === "pad") focusErrorSummary(event.detail.elt);
    fadeToasts(event.detail.elt);
    const elt = event.detail.elt;
    if (elt && elt.querySelector && (elt.matches(".record-bar, .status-bar, #pad") || elt.querySelector(".record-bar, .status-bar"))) watchBars();
  });

  document.addEventListener("DOMContentLoaded", () => {
    if (navigator.share) {
      for (const button of document.querySelectorAll("[data-share]")) button.hidden = false;
    }
    fadeToasts(document);
    watchBars();
    focusErrorSummary(document);
  });
})();
