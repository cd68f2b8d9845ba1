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

  // The page's frame: the status line at the top (where the toast speaks,
  // static/card_table/site.css), the record bar at the foot (.record-bar), and
  // the badge of what waits above the status line (static/scorepads/entry_queue.js).
  // The bar's height is the page's --bar-height and the top line's
  // --frame-top, which keep a focused control scrolled clear of them
  // (scroll-padding). A frame taller than a third of the screen (large text,
  // a small phone on its side) would leave little of the page and push its
  // own controls out of reach: its bars then stay in the page's flow instead
  // (html.bars-in-flow), and so do the toast and the badge, which then cover
  // nothing and nothing covers them.
  const CROWDED = 1 / 3;
  function shown(element) { return element && !element.hidden && element.getClientRects().length > 0; }
  function measureBars() {
    const root = document.documentElement;
    const bar = document.querySelector(".record-bar");
    if (!bar) {
      root.classList.remove("bars-in-flow");
      root.style.removeProperty("--bar-height");
      root.style.removeProperty("--frame-top");
      return;
    }
    // Measured where they are fixed (the page taken out of flow for the moment),
    // so that the decision does not swing with the bars' heights in the flow;
    // the page, shorter for the moment, is then scrolled back where it was.
    const scrolled = window.scrollY;
    const wasInFlow = root.classList.contains("bars-in-flow");
    root.classList.remove("bars-in-flow");
    const toast = document.getElementById("toast");
    if (toast) placeToast(toast, false);
    placeBadge(false);
    let closed = bar.getBoundingClientRect().height;
    for (const body of bar.querySelectorAll("details[open] > :not(summary)")) closed -= body.getBoundingClientRect().height;
    const status = document.querySelector(".status-bar");
    const line = Math.max(shown(status) ? status.getBoundingClientRect().height : 0, shown(toast) ? toast.getBoundingClientRect().height : 0);
    const badge = document.getElementById("queue-frame");
    const badgeRoom = shown(badge) ? badge.getBoundingClientRect().height : 0;
    const inFlow = closed + line + badgeRoom > window.innerHeight * CROWDED;
    root.classList.toggle("bars-in-flow", inFlow);
    if (inFlow) {
      if (toast) placeToast(toast, true);
      placeBadge(true);
      root.style.removeProperty("--bar-height");
      root.style.removeProperty("--frame-top");
    } else {
      root.style.setProperty("--bar-height", `${Math.ceil(bar.getBoundingClientRect().height)}px`);
      root.style.setProperty("--frame-top", `${Math.ceil(line)}px`);
    }
    if (window.scrollY !== scrolled) window.scrollTo({ top: scrolled, behavior: "instant" });
    // Taken into the flow, the badge and the toast leave the screen's edges
    // for the record bar's foot: what they say is brought on the screen again.
    if (inFlow && !wasInFlow) {
      for (const piece of [badge, toast]) if (piece) brought.delete(piece);
      showToast();
    }
  }
  // The toast stands in the status line's place, just after it among the
  // pad's regions (where a tap's answer finds it and no region drawn again
  // takes it away). With the bars in the page's flow the screen is full of
  // controls, and the toast stands in the flow just below the record bar
  // (below the region that holds it: a seated game's entry), where the
  // finger is, covering nothing and moving nothing above it.
  function placeToast(toast, inFlow) {
    const bar = document.querySelector(".record-bar");
    let region = inFlow ? bar : document.querySelector(".status-bar");
    while (region && region.parentElement !== toast.parentElement) region = region.parentElement;
    if (region && region.nextElementSibling !== toast) region.after(toast);
  }
  // The badge of what waits (static/scorepads/entry_queue.js) stands at the
  // top of the page, held to the top of the screen; with the bars in the
  // page's flow it stands in the flow too, just above the toast (below the
  // record bar, where the finger is), so that neither lies over the other
  // however the page is scrolled. Its home is the top of the page: it goes
  // back there before the pad around it is taken out of the page.
  function placeBadge(inFlow) {
    const badge = document.getElementById("queue-frame");
    const toast = document.getElementById("toast");
    if (!badge) return;
    if (inFlow && toast) {
      if (toast.previousElementSibling !== badge) toast.before(badge);
    } else {
      const main = document.querySelector("main");
      if (main && main.firstElementChild !== badge) main.prepend(badge);
    }
  }
  // Only a region that is in fact taken out (htmx cleans it up just before)
  // sends the badge home: not an answer that swaps nothing, such as a poll's
  // "nothing new" every few seconds or a tap's patch, which would leave the
  // badge at the page's top, far above the screen, until the frame is
  // measured again.
  document.addEventListener("htmx:beforeCleanupElement", (event) => {
    const badge = document.getElementById("queue-frame");
    const region = event.target;
    if (badge && region !== badge && region.contains && region.contains(badge)) placeBadge(false);
  });
  // A new toast, or the badge saying something new, in the page's flow is
  // brought on the screen, as little as it takes, once the tap's answer is in
  // place (static/scorepads/table.js keeps the control tapped where it was
  // first): the two together, where both fit, the toast first where not.
  const brought = new WeakMap();  // each toast or badge, and what it said when it was brought
  function showToast() { requestAnimationFrame(bringToast); }
  function bringToast() {
    const said = [document.getElementById("queue-frame"), document.getElementById("toast")]
      .filter((piece) => shown(piece) && brought.get(piece) !== piece.textContent);
    if (!said.length) return;
    for (const piece of said) brought.set(piece, piece.textContent);
    if (!document.documentElement.classList.contains("bars-in-flow")) return;
    const boxes = [document.getElementById("queue-frame"), document.getElementById("toast")]
      .filter(shown).map((piece) => piece.getBoundingClientRect());
    const top = Math.min(...boxes.map((box) => box.top));
    const bottom = Math.max(...boxes.map((box) => box.bottom));
    let by = Math.max(0, bottom - window.innerHeight);  // what is below the screen, brought up
    if (top - by < 0) by = top;  // but never the top of the two past the screen's top
    const toast = document.getElementById("toast");
    if (shown(toast)) by = Math.max(by, toast.getBoundingClientRect().bottom - window.innerHeight);
    if (by) window.scrollBy({ top: by, behavior: "instant" });
  }
  // The badge drawn or changed (static/scorepads/entry_queue.js).
  document.addEventListener("queue-frame-drawn", () => { watchBars(); showToast(); });
  let barObserver = null;
  function watchBars() {
    measureBars();
    if (!("ResizeObserver" in window)) return;
    if (barObserver) barObserver.disconnect();
    barObserver = new ResizeObserver(() => measureBars());
    for (const bar of document.querySelectorAll(".record-bar, .status-bar, #toast, #queue-frame")) barObserver.observe(bar);
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
    if (elt && elt.querySelector && (elt.matches(".record-bar, .status-bar, #pad, #toast") || elt.querySelector(".record-bar, .status-bar"))) watchBars();
    showToast();
  });

  document.addEventListener("pad-patched", showToast);
  document.addEventListener("htmx:afterSettle", showToast);

  document.addEventListener("DOMContentLoaded", () => {
    if (navigator.share) {
      for (const button of document.querySelectorAll("[data-share]")) button.hidden = false;
    }
    fadeToasts(document);
    watchBars();
    showToast();
    focusErrorSummary(document);
  });
})();
