// The table kit's script, for every game's sheet (the region id="pad"): one
// tap is one entry, a tap's answer patches the pad (scorepads/patches.py),
// the other phones' updates keep what is being typed, focus and
// announcements follow each tap, the screen stays awake. Everything works
// without it. Loaded on every page (templates/base.html): a form marked
// data-settle anywhere is taken once.
"use strict";

(function () {
  // One tap is one hand. After a form marked data-settle is sent, every such
  // form is closed for SETTLE_MS, and for SETTLE_MS after the answer is
  // drawn: a second tap of a double tap lands on the
  // pad drawn for the next hand (the buttons stay where they are) and is
  // dropped here, whatever the network does. The server refuses a stale hand
  // number anyway; this keeps the second tap from being a fresh one.
  const SETTLE_MS = 1000;
  let settledAt = 0;
  let focusKey = null;
  let anchor = null; // where the tapped control was on the screen, when it scrolls with the page

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
    anchor = focusKey && !onFixedBar(submitter) ? submitter.getBoundingClientRect().top : null;
    markSettling();
  }, true);

  // A link tapped while the pad settles is the second tap of a double tap that
  // the new pad moved under the finger: it is dropped too. A link within the
  // page (an error summary's, to its field) leaves nothing and is followed.
  document.addEventListener("click", (event) => {
    const pad = document.getElementById("pad");
    const link = event.target.closest && event.target.closest("a[href]:not([href^='#'])");
    if (settling() && link && pad && pad.contains(link)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);

  function onFixedBar(element) {
    for (let node = element; node && node !== document.body; node = node.parentElement) {
      if (getComputedStyle(node).position === "fixed") return true;
    }
    return false;
  }

  // The control just tapped stays under the finger when the new pad is shorter
  // or longer above it (a row gone after an undo): the page scrolls by as
  // much, and where it cannot, the space is kept above the control.
  function keepInPlace(control, top) {
    const shift = control.getBoundingClientRect().top - top;
    if (Math.abs(shift) < 1) return;
    window.scrollTo({ top: window.scrollY + shift, behavior: "instant" });
    const left = top - control.getBoundingClientRect().top;
    if (left >= 1) {
      const space = document.createElement("div");
      space.setAttribute("aria-hidden", "true");
      space.style.height = `${left}px`;
      const block = control.closest("section, form") || control;
      block.parentElement.insertBefore(space, block);
    }
  }

  // The pad's newest row (data-newest: a selector of it, given by the game;
  // on a new pad, its empty row) is on the screen, between the frame's top
  // line and the record bar: when a pad opens, and after an entry made from
  // the bar. A row below the screen is brought up to just above the bar
  // (Gorilla's chart, its next row's buttons in the bar); a row above it
  // (a seated sheet's grid, the next hand's entry just below it) is brought
  // down to a finger's breadth below the top line, the entry under it, clear
  // of the toast's Undo (the page's scroll-padding-top, static/card_table/site.css,
  // is the top line's height, the badge's and a finger's). Once it stands
  // there, the pad says for which of its versions (data-newest-shown, its
  // meta region's version): the newest row of the pad as it now is has been
  // brought, nothing more is to move.
  function showNewest(pad) {
    const row = pad.dataset.newest && pad.querySelector(pad.dataset.newest);
    if (!row) return;
    const bar = pad.querySelector(".record-bar");
    const bottom = bar && bar.offsetHeight ? bar.getBoundingClientRect().top : window.innerHeight;
    const top = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    const box = row.getBoundingClientRect();
    const below = box.bottom + 8 - bottom;
    const above = top - box.top;
    if (below > 0) window.scrollTo({ top: window.scrollY + below, behavior: "instant" });
    else if (above > 0) window.scrollTo({ top: window.scrollY - above, behavior: "instant" });
    pad.dataset.newestShown = padVersion() || "";
  }

  // What the pad says of itself: its meta region (scorepads/regions.html),
  // a hidden field whose value is the version the pad shows.
  function padMeta(pad) {
    const meta = pad && pad.querySelector("#pad-meta");
    return meta ? meta.dataset : {};
  }
  function padVersion() {
    const meta = document.getElementById("pad-meta");
    return meta ? meta.value : null;
  }

  // Each tap from the pad says which version of the pad it was made on: the
  // answer is then what the tap changed (a patch), not the whole pad.
  document.addEventListener("htmx:configRequest", (event) => {
    const pad = document.getElementById("pad");
    const version = padVersion();
    if (!pad || version === null || event.detail.verb === "get" || !pad.contains(event.detail.elt)) return;
    event.detail.headers["X-Pad-Shown"] = version;
  });

  // A patch is for the pad it was made on: when this pad has moved on
  // meanwhile (a poll brought the other phone's change), it is dropped,
  // and the pad as it now is asked for instead.
  document.addEventListener("htmx:beforeSwap", (event) => {
    const patch = event.detail.xhr && event.detail.xhr.getResponseHeader("X-Pad-Patch");
    if (!patch) return;
    const [from, to] = patch.split(" ");
    const shown = padVersion();
    if (shown === from) return;
    event.detail.shouldSwap = false;
    // A poll brought the pad as the tap made it before the tap's own answer
    // came: the tap is answered, and what follows a tap follows now.
    const pad = document.getElementById("pad");
    if (shown === to && pad && focusKey) afterTap(pad);
    if (shown !== to && pad && window.htmx) {
      window.htmx.ajax("GET", pad.getAttribute("hx-get"), { target: "#pad", swap: "outerHTML" }).catch(() => {});
    }
  });

  // A poll's pad no newer than the one shown is not swapped in: a poll sent
  // before a tap and answered after it would take the tap's answer (its
  // toast, its Undo) away, or draw the pad as it was before the tap. Every
  // pad answered whole says its version (X-Pad-Version): an answer that says
  // none is no pad (the login page, once the session has ended; an error
  // page) and never takes the pad's place. Nor is any poll's pad swapped in
  // while a tap from the pad is on its way: its answer is for the pad it was
  // made on, and brings what the poll would; a pad swapped in under it would
  // leave the answer no page to land on (htmx drops it with its toast, and
  // the queue would wait for it for good).
  document.addEventListener("htmx:beforeSwap", (event) => {
    const pad = document.getElementById("pad");
    const request = event.detail.requestConfig;
    const xhr = event.detail.xhr;
    if (!pad || event.detail.target !== pad || !request || request.verb !== "get" || !xhr) return;
    const answered = xhr.getResponseHeader("X-Pad-Version");
    const shown = padVersion();
    if (answered === null || pad.querySelector(".htmx-request")) {
      event.detail.shouldSwap = false;
    } else if (shown !== null && shown !== "" && Number(answered) <= Number(shown)) {
      event.detail.shouldSwap = false;
    }
  });

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
      fields: {}, changed: {}, open: [],
      focused: active && active.id,
      focusKey: active && active.dataset ? active.dataset.focusKey : null,
      // A pad may say what its fields are for (data-keep-while, e.g. the next
      // hand's number): they are kept only while the new pad says the same.
      keepWhile: padMeta(pad).keepWhile,
      moved: "",
    };
    const notice = pad.querySelector("[data-entry-moved]:not([hidden])");
    if (notice) kept.moved = notice.textContent;
    for (const field of pad.querySelectorAll("input[id], textarea[id], select[id]")) {
      if (field.type === "hidden") continue;
      const value = checkable(field) ? field.checked : field.value;
      kept.fields[field.id] = value;
      if (value !== (checkable(field) ? field.defaultChecked : field.defaultValue)) kept.changed[field.id] = value;
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
      followRematch.seenAtLoad = Boolean(padMeta(pad).follow);
      return;
    }
    let moved = "";
    if (kept) {
      const sameEntry = kept.keepWhile === padMeta(pad).keepWhile;
      // The entry was for a hand the other phone has recorded (or undone): a
      // pad with a notice for it keeps what was entered, for the hand now
      // next, and says so; others drop it.
      const notice = sameEntry ? null : pad.querySelector("[data-entry-moved]");
      let carried = false;
      for (const [id, value] of Object.entries(sameEntry ? kept.fields : notice ? kept.changed : {})) {
        const field = document.getElementById(id);
        if (!field || !pad.contains(field)) continue;
        if (checkable(field)) field.checked = value; else if (!field.readOnly) field.value = value;
        carried = true;
      }
      if (notice && carried) {
        const back = Number(padMeta(pad).keepWhile) < Number(kept.keepWhile);
        moved = back ? notice.dataset.movedBack : notice.dataset.movedOn;
        notice.textContent = moved;
        notice.hidden = false;
        const details = notice.closest("details");
        if (details) details.open = true;
      } else if (sameEntry && kept.moved) {
        // Still the same entry (the other phone changed something else): the notice stays.
        const stays = pad.querySelector("[data-entry-moved]");
        if (stays) { stays.textContent = kept.moved; stays.hidden = false; }
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
      afterTap(pad);
    }
    markSettling();
    announce(pad, moved);
    followRematch(pad);
  });

  // A tap's answer patched the pad in place (scorepads/patches.py): the
  // forms of the next hand start afresh (data-fresh-each-hand: what was
  // ticked or typed there was for the hand just recorded), a notice of an
  // entry moved by the other phone is done with, and focus, the settle
  // window and the announcement follow as after a new pad.
  document.addEventListener("pad-patched", () => {
    const pad = document.getElementById("pad");
    if (!pad) return;
    for (const form of pad.querySelectorAll("form[data-fresh-each-hand]")) form.reset();
    for (const notice of pad.querySelectorAll("[data-entry-moved]")) notice.hidden = true;
    if (focusKey) afterTap(pad);
    markSettling();
    announce(pad, "");
    followRematch(pad);
  });

  // A tap drawn on the pad at once, before its answer comes (a Gorilla tap
  // or a seated game's hand, by static/scorepads/entry_queue.js, which says
  // so with "entries-drawn-waiting"): its newest row, drawn as
  // waiting, is brought on the screen now, as the answer's will be, and not
  // left under the record bar while the answer is on its way.
  document.addEventListener("entries-drawn-waiting", () => {
    const pad = document.getElementById("pad");
    const control = pad && focusKey && pad.querySelector(`[data-focus-key="${focusKey}"]`);
    if (control && anchor === null && onFixedBar(control)) showNewest(pad);
  });

  // Focus returns to the control that was tapped (or, if it is gone, the pad),
  // unless the pad came back with a refused entry's problems, which take it
  // (static/card_table/site.js).
  function afterTap(pad) {
    const control = pad.querySelector(`[data-focus-key="${focusKey}"]`);
    if (control && anchor !== null) keepInPlace(control, anchor);
    else if (control && onFixedBar(control)) showNewest(pad);
    if (pad.querySelector("[data-error-summary]")) { /* the summary has the focus */ }
    else if (control) {
      if (document.activeElement !== control) control.focus({ preventScroll: true });
    } else { pad.setAttribute("tabindex", "-1"); pad.focus({ preventScroll: true }); }
    focusKey = null;
    anchor = null;
    // The second tap of a double tap lands on this pad: it is dropped for a
    // second from now too, however long the answer took.
    settledAt = Math.max(settledAt, Date.now() + SETTLE_MS);
  }

  // Each entry a form marked data-entry-key sends carries a key made here,
  // fresh each time it is sent (its entry_key field): the server records an
  // entry once, whatever is sent again with its key (scorepads/entries.py).
  // The entry queue (entry_queue.js) keys its entries with it too.
  const ENTRY_KEY_FIELD = "entry_key";
  function newEntryKey() {
    if (crypto.randomUUID) return crypto.randomUUID();
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
  function entryKeyField(form) {
    let input = form.querySelector(`input[name="${ENTRY_KEY_FIELD}"]`);
    if (!input) {
      input = form.appendChild(document.createElement("input"));
      input.type = "hidden";
      input.name = ENTRY_KEY_FIELD;
    }
    return input;
  }
  function freshEntryKey(form) {
    entryKeyField(form).value = newEntryKey();
  }
  window.entryKeys = { field: entryKeyField, fresh: freshEntryKey };
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (form instanceof HTMLFormElement && form.hasAttribute("data-entry-key") && !event.defaultPrevented) freshEntryKey(form);
  }, true);

  // An entry made before the page's queue is ready (static/scorepads/entry_queue.js
  // and the script of its kind of entry: deferred in the page's head, after this
  // script; htmx takes no form before the page is ready either) is held, in
  // order, and handed to the queue as it starts, so none is posted away or
  // lost between two scripts. An entry is a form marked data-queue (Gorilla's
  // taps) or sent by a button marked data-queue-entry. Should no queue start
  // (no storage here, its script not loaded), the entries held go as any
  // entry goes once the page is ready (htmx, or a plain post).
  const held = [];
  const queues = []; // the queues started: { takes(form, submitter), keep(form, submitter, fields) }
  let released = false;
  function isEntry(form, submitter) {
    return Boolean(form.dataset.queue) || Boolean(submitter && submitter.hasAttribute("data-queue-entry"));
  }
  function queueFor(form, submitter) { return queues.find((queue) => queue.takes(form, submitter)); }
  document.addEventListener("submit", (event) => {
    const form = event.target;
    const submitter = event.submitter || null;
    if (released || !(form instanceof HTMLFormElement) || event.defaultPrevented || !isEntry(form, submitter)) return;
    if (queueFor(form, submitter)) return; // the queue's own listener takes it
    event.preventDefault();
    event.stopImmediatePropagation();
    if (submitter && submitter.hasAttribute("data-queue-entry")) freshEntryKey(form);
    held.push({ form, submitter, fields: Array.from(new FormData(form, submitter)) });
  }, true);
  window.heldEntries = {
    /** A queue is ready: it takes the entries ``takes(form, submitter)`` says
     * are its own, those held first, in order, by ``keep(form, submitter, fields)``. */
    ready(takes, keep) {
      queues.push({ takes, keep });
      for (const entry of held.filter((each) => takes(each.form, each.submitter))) {
        held.splice(held.indexOf(entry), 1);
        keep(entry.form, entry.submitter, entry.fields);
      }
    },
  };
  document.addEventListener("DOMContentLoaded", () => {
    released = true;
    for (const entry of held.splice(0)) if (entry.form.isConnected) entry.form.requestSubmit(entry.submitter);
  });

  // A live region outside the swapped pad reads out what changed, with the
  // score once: after a tap's message, which says the score, only what comes
  // next (data-announce-next), where the pad gives it. An entry refused with
  // its problems listed at its top (a seated sheet's error summary) is said
  // as that list: nothing was recorded, and why.
  let lastAnnounced = "";
  function said(element) { return element ? element.textContent.replace(/\s+/g, " ").trim() : ""; }
  function refusal(pad) {
    const summary = pad.querySelector("[data-error-summary]");
    if (!summary) return "";
    const problems = Array.from(summary.querySelectorAll("li"), said).join(" ");
    return [said(summary.querySelector("h2, h3")), problems].filter(Boolean).join(": ");
  }
  // Pieces said one after another, each ended by one full stop ("deals."
  // followed by a notice is not "deals..").
  function sentences(pieces) {
    return pieces.filter(Boolean).map((piece) => (/[.!?…:]$/.test(piece) ? piece : `${piece}.`)).join(" ");
  }
  function announce(pad, notice) {
    const announcer = document.getElementById("pad-announcer");
    if (!announcer) return;
    const toast = pad.querySelector("[data-toast]");
    const message = (toast ? said(toast).replace(/\b(Undo|Redo)$/, "").trim() : "") || refusal(pad);
    const meta = padMeta(pad);
    const state = message && meta.announceNext !== undefined ? meta.announceNext : meta.announce;
    const text = sentences([message, state, notice]);
    if (text && text !== lastAnnounced) {
      announcer.textContent = text;
      lastAnnounced = text;
    }
  }

  // When the partner starts the rematch, this phone follows to the new game
  // (a pad opened after the rematch began just links to it).
  function followRematch(pad) {
    const follow = padMeta(pad).follow;
    if (follow && !followRematch.seenAtLoad) window.location.assign(follow);
  }

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

  document.addEventListener("DOMContentLoaded", () => {
    const pad = document.getElementById("pad");
    if (pad) {
      if (followRematch.seenAtLoad === undefined) followRematch.seenAtLoad = Boolean(padMeta(pad).follow);
      announce(pad);
      if (!window.location.hash) showNewest(pad);
    }
  });
})();
