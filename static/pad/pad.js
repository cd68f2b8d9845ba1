// The pad's own script: one tap is one hand, the partner's updates keep what is
// being typed, focus and announcements follow each tap, the screen stays awake,
// and the 52-card grid of "Gorilla it out". Everything works without it.
"use strict";

(function () {
  // One tap is one hand. After a form marked data-settle is sent, every such
  // form is closed for SETTLE_MS: a second tap of a double tap lands on the
  // pad drawn for the next hand (the buttons stay where they are) and is
  // dropped here, whatever the network does. The server refuses a stale hand
  // number anyway; this keeps the second tap from being a fresh one.
  const SETTLE_MS = 1000;
  let settledAt = 0;
  let focusKey = null;

  function settling() { return Date.now() < settledAt; }

  function markSettling() {
    const pad = document.getElementById("pad");
    if (!pad) return;
    pad.classList.toggle("settling", settling());
    if (settling()) setTimeout(markSettling, settledAt - Date.now() + 5);
  }

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-settle")) return;
    if (settling()) {
      event.preventDefault();
      event.stopImmediatePropagation();
      return;
    }
    settledAt = Date.now() + SETTLE_MS;
    if ("vibrate" in navigator) {  // a short buzz: the tap was taken
      try { navigator.vibrate(30); } catch (error) { /* not allowed: no buzz */ }
    }
    const submitter = event.submitter;
    focusKey = submitter && submitter.dataset.focusKey ? submitter.dataset.focusKey : null;
    markSettling();
  }, true);

  // What a player is typing, ticking or has opened survives the partner's
  // updates: before a poll's new pad replaces the old one, the state of its
  // fields (by id) and open sections is kept, and given to the new pad.
  let kept = null;
  document.addEventListener("htmx:beforeSwap", (event) => {
    const pad = document.getElementById("pad");
    const request = event.detail.requestConfig;
    if (!pad || event.detail.target !== pad || !request || request.verb !== "get") {
      kept = null;
      return;
    }
    const active = document.activeElement;
    kept = {
      fields: {}, open: [],
      focused: active && active.id,
      focusKey: active && active.dataset ? active.dataset.focusKey : null,
      // A pad may say what its fields are for (data-keep-while, e.g. the next
      // hand's number): they are kept only while the new pad says the same.
      keepWhile: pad.dataset.keepWhile,
    };
    for (const field of pad.querySelectorAll("input[id], textarea[id], select[id]")) {
      if (field.type === "hidden") continue;
      kept.fields[field.id] = checkable(field) ? field.checked : field.value;
    }
    for (const details of pad.querySelectorAll("details[id][open]")) kept.open.push(details.id);
  });

  function checkable(field) { return field.type === "checkbox" || field.type === "radio"; }

  // The new pad is in place. (htmx:load, not htmx:afterSwap: the request came
  // from inside the old pad, which the swap took out of the page.)
  document.addEventListener("htmx:load", (event) => {
    const pad = event.detail.elt;
    if (!pad || pad.id !== "pad") return;
    if (followRematch.seenAtLoad === undefined) {  // the page's own pad, not a swap
      followRematch.seenAtLoad = Boolean(pad.dataset.follow);
      return;
    }
    if (kept) {
      const sameEntry = kept.keepWhile === pad.dataset.keepWhile;
      for (const [id, value] of Object.entries(sameEntry ? kept.fields : {})) {
        const field = document.getElementById(id);
        if (!field || !pad.contains(field)) continue;
        if (checkable(field)) field.checked = value; else if (!field.readOnly) field.value = value;
      }
      for (const id of kept.open) {
        const details = document.getElementById(id);
        if (details) details.open = true;
      }
      const focused = (kept.focused && document.getElementById(kept.focused))
        || (kept.focusKey && pad.querySelector(`[data-focus-key="${kept.focusKey}"]`));
      if (focused) focused.focus({ preventScroll: true });
      kept = null;
    } else if (focusKey) {
      // Focus returns to the control that was tapped (or, if it is gone, the pad).
      const control = pad.querySelector(`[data-focus-key="${focusKey}"]`);
      if (control) control.focus({ preventScroll: true });
      else { pad.setAttribute("tabindex", "-1"); pad.focus({ preventScroll: true }); }
      focusKey = null;
    }
    markSettling();
    announce(pad);
    followRematch(pad);
    fadeToast(pad);
  });

  // A live region outside the swapped pad reads out what changed, with the score.
  let lastAnnounced = "";
  function announce(pad) {
    const announcer = document.getElementById("pad-announcer");
    if (!announcer) return;
    const toast = pad.querySelector("[data-toast]");
    const text = [toast ? toast.textContent.replace(/\s+/g, " ").replace(/\b(Undo|Redo)\s*$/, "").trim() : "",
      pad.dataset.announce || ""].filter(Boolean).join(". ");
    if (text && text !== lastAnnounced) {
      announcer.textContent = text;
      lastAnnounced = text;
    }
  }

  // The toast stays a few seconds, then gets out of the way.
  function fadeToast(pad) {
    const toast = pad.querySelector("[data-toast]");
    if (toast) setTimeout(() => { toast.classList.add("faded"); }, 6000);
  }

  // When the partner starts the rematch, this phone follows to the new game
  // (a pad opened after the rematch began just links to it).
  function followRematch(pad) {
    if (pad.dataset.follow && !followRematch.seenAtLoad) window.location.assign(pad.dataset.follow);
  }

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

  // Keep the screen awake while a pad is open, where the browser supports it.
  let wakeLock = null;
  async function keepAwake() {
    if (!("wakeLock" in navigator) || !document.querySelector("[data-wake-lock]")) return;
    if (document.visibilityState !== "visible" || wakeLock) return;
    try {
      wakeLock = await navigator.wakeLock.request("screen");
      wakeLock.addEventListener("release", () => { wakeLock = null; });
    } catch (error) {
      wakeLock = null; // Refused (battery saver, no permission): the pad works anyway.
    }
  }
  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("DOMContentLoaded", keepAwake);

  // The card grid: each tap moves a card from nobody to the taker to the giver and back.
  const OWNERS = ["", "taker", "giver"];
  const CARD = /^(10|[2-9TJQKA])([SHDC♠♥♦♣♤♡♢♧])$/i;
  const SUIT_LETTERS = { "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C" };

  function canonical(token) {
    const match = CARD.exec(token.replace(/[\ufe0e\ufe0f]/g, "").trim()); // as solver/cards.py, without variation selectors
    if (!match) return null;
    const rank = match[1].toUpperCase() === "T" ? "10" : match[1].toUpperCase();
    return rank + (SUIT_LETTERS[match[2]] || match[2].toUpperCase());
  }
  if (typeof module !== "undefined") module.exports = { canonical };  // for the tests, under node

  function setUpCardEntry(form) {
    const grid = form.querySelector("[data-card-grid]");
    if (!grid) return;
    const fields = { taker: form.elements.taker_cards, giver: form.elements.giver_cards };
    const cells = Array.from(grid.querySelectorAll("[data-card]"));
    const byCard = new Map(cells.map((cell) => [cell.dataset.card, cell]));
    const owner = new Map();

    function paint() {
      const counts = { taker: 0, giver: 0 };
      for (const cell of cells) {
        const who = owner.get(cell.dataset.card) || "";
        cell.dataset.owner = who;
        cell.setAttribute("aria-pressed", who ? "true" : "false");
        cell.setAttribute("aria-label", cell.textContent + ": " + (who || "nobody"));
        if (who) counts[who] += 1;
      }
      for (const who of ["taker", "giver"]) {
        grid.querySelector(`[data-count="${who}"]`).textContent = counts[who];
      }
      const problem = grid.querySelector("[data-count-problem]");
      problem.textContent = counts.taker > 13 || counts.giver > 13
        ? "At most 13 cards each."
        : counts.taker !== counts.giver ? "The hands need the same number of cards." : "";
    }

    function readFields() {
      // Cards typed one by one (AS 10H ...) show on the grid; the suit-by-suit form is left to the server.
      owner.clear();
      for (const who of ["taker", "giver"]) {
        for (const token of fields[who].value.split(/[\s,;]+/)) {
          const card = canonical(token);
          if (card && byCard.has(card) && !owner.has(card)) owner.set(card, who);
        }
      }
      paint();
    }

    function writeFields() {
      for (const who of ["taker", "giver"]) {
        fields[who].value = cells
          .filter((cell) => owner.get(cell.dataset.card) === who)
          .map((cell) => cell.dataset.card)
          .join(" ");
      }
    }

    grid.addEventListener("click", (event) => {
      const cell = event.target.closest("[data-card]");
      if (!cell) return;
      const next = OWNERS[(OWNERS.indexOf(owner.get(cell.dataset.card) || "") + 1) % OWNERS.length];
      if (next) owner.set(cell.dataset.card, next); else owner.delete(cell.dataset.card);
      writeFields();
      paint();
    });
    for (const field of Object.values(fields)) field.addEventListener("input", readFields);
    grid.hidden = false;
    readFields();
  }

  function setUpRoleNames(form) {
    const box = form.querySelector("[data-roles-swapped]");
    if (!box) return;
    const rename = () => {
      for (const name of form.querySelectorAll("[data-name]")) {
        const isolated = document.createElement("bdi"); // the name in its own direction
        isolated.textContent = box.checked ? name.dataset.swapped : name.dataset.default;
        name.replaceChildren(isolated);
      }
    };
    box.addEventListener("change", rename);
    rename();
  }

  // The pad without a connection (static/pad/offline.js and the scripts it
  // needs, named by <meta name="offline-scripts">) is loaded when it is needed:
  // with no connection, with taps waiting on the phone, when a tap got no
  // answer, and on "Gorilla it out" (whose cards it keeps). The service worker
  // is asked to keep those scripts, so they load without a connection too.
  const offlineScripts = document.querySelector('meta[name="offline-scripts"]');
  let offlineLoading = null;
  let lastQueued = null; // the last tap sent, in case it gets no answer (offline.js takes it)

  function loadOffline() {
    if (!offlineScripts) return Promise.resolve();
    offlineLoading = offlineLoading || offlineScripts.content.split(" ").reduce((previous, url) => previous.then(
      () => new Promise((resolve, reject) => {
        const script = document.createElement("script");
        script.src = url;
        script.onload = resolve;
        script.onerror = reject;
        document.head.appendChild(script);
      }),
    ), Promise.resolve()).catch(() => { offlineLoading = null; });
    return offlineLoading;
  }

  // Whether taps wait on the phone (tap_queue.js's database, read without it).
  async function tapsWaiting() {
    if (!("indexedDB" in window) || !indexedDB.databases) return true;
    if (!(await indexedDB.databases()).some((database) => database.name === "scorepad-taps")) return false;
    return new Promise((resolve) => {
      const opening = indexedDB.open("scorepad-taps");
      opening.onerror = () => resolve(true);
      opening.onsuccess = () => {
        const database = opening.result;
        try {
          const counting = database.transaction("taps").objectStore("taps").count();
          counting.onsuccess = () => { database.close(); resolve(counting.result > 0); };
          counting.onerror = () => { database.close(); resolve(true); };
        } catch (error) {
          database.close();
          resolve(true);
        }
      };
    });
  }

  if (offlineScripts) {
    if (window.htmx && !window.htmx.config.timeout) window.htmx.config.timeout = 10000;
    document.addEventListener("submit", (event) => {
      const form = event.target;
      if (form instanceof HTMLFormElement && form.dataset.queue && !event.defaultPrevented) {
        lastQueued = { form, fields: Array.from(new FormData(form, event.submitter || null)) };
      }
    }, true);
    const unanswered = (event) => {
      const form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form[data-queue]");
      if (!form || window.tapQueue || !lastQueued || lastQueued.form !== form) return;
      window.lostTap = lastQueued; // offline.js keeps it as it loads
      loadOffline();
    };
    document.addEventListener("htmx:sendError", unanswered);
    document.addEventListener("htmx:timeout", unanswered);
    window.addEventListener("offline", loadOffline);
    document.addEventListener("DOMContentLoaded", async () => {
      if (!navigator.onLine || document.querySelector("[data-card-entry]") || await tapsWaiting()) loadOffline();
      if ("serviceWorker" in navigator && navigator.onLine) {
        const registration = await navigator.serviceWorker.ready;
        registration.active.postMessage({ type: "CACHE_URLS", payload: { urlsToCache: offlineScripts.content.split(" ") } });
      }
    });
  }

  // A long PDF being prepared (templates/scorepads/pdf_preparing.html): when
  // its poll brings the "ready" part, fetch the PDF, as its link does.
  document.addEventListener("htmx:load", (event) => {
    const ready = event.target.closest && event.target.closest("[data-pdf-ready]");
    const link = ready && ready.querySelector("[data-pdf-link]");
    if (link) window.location.assign(link.href);
  });

  document.addEventListener("DOMContentLoaded", () => {
    const pad = document.getElementById("pad");
    if (pad) {
      if (followRematch.seenAtLoad === undefined) followRematch.seenAtLoad = Boolean(pad.dataset.follow);
      announce(pad);
      fadeToast(pad);
    }
    if (navigator.share) {
      for (const button of document.querySelectorAll("[data-share]")) button.hidden = false;
    }
    for (const form of document.querySelectorAll("[data-card-entry]")) {
      setUpCardEntry(form);
      setUpRoleNames(form);
    }
  });
})();
