// Gorilla's own script: the 52-card grid of "Gorilla it out", and the scripts
// that keep taps offline, loaded when they are needed. (One tap is one hand,
// the partner's updates and announcements: static/scorepads/table.js; the
// toast and the Copy and Share buttons: static/card_table/site.js.)
// Everything works without it.
"use strict";

(function () {
  // The card grid: each tap moves a card from nobody to the taker to the giver and back.
  const OWNERS = ["", "taker", "giver"];
  const CARD = /^(10|[2-9TJQKA])([SHDC♠♥♦♣])$/i;
  const SUIT_LETTERS = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };

  function canonical(token) {
    const match = CARD.exec(token.trim());
    if (!match) return null;
    const rank = match[1].toUpperCase() === "T" ? "10" : match[1].toUpperCase();
    return rank + (SUIT_LETTERS[match[2]] || match[2].toUpperCase());
  }

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

  document.addEventListener("DOMContentLoaded", () => {
    for (const form of document.querySelectorAll("[data-card-entry]")) {
      setUpCardEntry(form);
      setUpRoleNames(form);
    }
  });
})();
