// Any game's entry without a connection. A form's submit button marked
// data-queue-entry ("Hand {number}", "Ruling: {event}, board {board}": how an entry
// is named, from its fields) sends an entry the phone keeps
// (static/scorepads/tap_queue.js) when there is no connection, when earlier
// entries still wait, or when its answer never came; kept entries are drawn
// as waiting above the form and sent once each, in order, when the
// connection returns (by Background Sync when the page is closed). An entry
// sent by htmx is kept on the phone too as it leaves, until its answer comes:
// a page closed first loses nothing. Each entry
// carries a key made on the phone (the entry_key field, by static/scorepads/table.js): the server records an entry
// once whatever is sent again (scorepads/entries.py). A refused entry (or
// one the server would not take: a session ended, a game gone) waits, sent by
// no one, for the player's choice: send it again as the next hand, put it
// back in the form, or drop it.
//
// A form sent by htmx goes by htmx while nothing waits; any other form is
// sent by the queue, and the page follows where the server went. A numbered
// entry (a "number" field) takes the next number after those waiting, and the
// form says so ("Record hand 6").
"use strict";

(function () {
  const queue = window.tapQueue;
  const page = window.queuePage;
  if (!queue || !page || !window.entryKeys || !("indexedDB" in window)) return;
  const { element, csrfToken, field, standClear } = page;
  const { withField } = queue;

  const KEY_FIELD = "entry_key";
  const NUMBER_FIELD = "number";
  const RETRY_MS = 15000;
  const HAND = /\b(hand )(\d+)\b/gi;

  let taps = []; // the entries waiting on this phone, of every game, oldest first
  let lastSent = 0;
  const madeHere = new Set(); // entries of this page's forms sent at once (not kept offline)

  // ---- The forms ---------------------------------------------------------------

  function entryButton(form) { return form.querySelector("button[data-queue-entry]"); }
  function entryForms() { return Array.from(document.querySelectorAll("form")).filter(entryButton); }
  // Where a form goes (read from its attribute: a field named "action" hides form.action).
  function target(form) { return new URL(form.getAttribute("action") || location.href, location.href); }
  // The entries of one form follow each other: they are grouped by where they go.
  function groupOf(form) { return `entry:${target(form).pathname}`; }
  function waitingIn(group) { return taps.filter((tap) => tap.game === group); }
  // Those kept to be sent by the queue or settled by the player: not one this
  // page (or another) is sending by htmx, which its answer takes away.
  function keptIn(group) { return waitingIn(group).filter((tap) => tap.state !== "sending"); }
  // The entries drawn for a group: those kept, and the one on its way by htmx.
  function drawnIn(group) {
    const kept = waitingIn(group);
    return inFlight && inFlight.entry && inFlight.entry.game === group ? kept.concat([inFlight.entry]) : kept;
  }
  // Whether htmx sends the form when it is submitted (not only as it is typed in).
  function sentByHtmx(form) {
    const trigger = form.getAttribute("hx-trigger");
    return form.hasAttribute("hx-post") && (!trigger || /\bsubmit\b/.test(trigger));
  }

  function labelled(template, fields) {
    return template.replace(/\{(\w+)\}/g, (whole, name) => field(fields, name) || "?").trim();
  }

  // The number the server gave the form, and its words as drawn ("Record hand 5").
  const drawnAs = new WeakMap();
  function asServed(form) {
    if (!drawnAs.has(form)) {
      const number = form.elements[NUMBER_FIELD];
      const texts = [];
      // The form's words, and the pad's status line ("Hand 5 next") around it.
      const region = form.closest("#pad");
      for (const root of [form, ...(region ? region.querySelectorAll(".status-next") : [])]) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
          if (HAND.test(walker.currentNode.data)) texts.push([walker.currentNode, walker.currentNode.data]);
          HAND.lastIndex = 0;
        }
      }
      drawnAs.set(form, { number: number ? Number(number.value) : null, texts });
    }
    return drawnAs.get(form);
  }

  // The form numbered after the entries waiting, and the list of them above it.
  function drawForm(form) {
    const served = asServed(form);
    const waiting = waitingIn(groupOf(form));
    const drawn = drawnIn(groupOf(form)).filter((tap) => tap.state === "waiting");
    drawRows(form, drawn);
    if (served.number) {
      const last = Math.max(0, ...drawn.map((tap) => tap.number || 0));
      const next = Math.max(served.number, last + 1);
      form.elements[NUMBER_FIELD].value = next;
      for (const [node, text] of served.texts) {
        node.data = text.replace(HAND, (whole, word, number) => (Number(number) === served.number ? word + next : whole));
      }
    }
    let box = form.entryList;
    if (!box || !box.isConnected) {
      box = document.createElement("div");
      box.className = "message info entry-waiting"; // the badge is what is announced
      const fieldset = entryButton(form).closest("fieldset");
      const legend = fieldset && fieldset.querySelector(":scope > legend");
      if (legend) legend.insertAdjacentElement("afterend", box);
      else form.insertAdjacentElement("beforebegin", box);
      form.entryList = box;
    }
    const shown = waiting.filter((tap) => tap.state === "waiting");
    box.hidden = !shown.length;
    if (!shown.length) { box.replaceChildren(); return; }
    const heading = document.createElement("p");
    heading.style.margin = "0"; // the box's own padding is room enough
    heading.append(document.createElement("strong"));
    heading.firstChild.textContent = navigator.onLine ? "Sending from this phone:" : "Kept on this phone, sent when the connection returns:";
    const list = document.createElement("ul");
    list.className = "entry-waiting-list";
    list.style.margin = "0.3rem 0 0";
    for (const tap of shown) {
      const item = list.appendChild(document.createElement("li"));
      item.dataset.entryWaiting = tap.label;
      item.textContent = `${tap.label} · waiting`;
    }
    box.replaceChildren(heading, list);
  }

  // Each numbered entry waiting drawn in its place on the sheet, as a row of
  // its own at the end of the rows the page marks data-waiting-rows (a
  // seated game's score sheet), marked as waiting. The sheet's own rows stay
  // as they are; the row goes when the entry's answer comes, and the
  // server's row takes its place.
  function drawRows(form, entries) {
    const rows = (form.closest("#pad") || document).querySelector("[data-waiting-rows]");
    if (!rows) return;
    const drawn = new Map(Array.from(rows.querySelectorAll(":scope > [data-entry-row]"), (row) => [row.dataset.entryRow, row]));
    const wanted = entries.filter((tap) => tap.number).map((tap) => drawn.get(String(tap.number)) || waitingRow(rows, tap));
    for (const row of drawn.values()) if (!wanted.includes(row)) row.remove();
    for (const row of wanted) if (!row.isConnected) rows.append(row);
    const sheet = rows.closest("section");
    if (sheet && wanted.length && sheet.hidden) {
      sheet.hidden = false;
      sheet.dataset.shownForWaiting = "";
    } else if (sheet && !wanted.length && "shownForWaiting" in sheet.dataset) {
      sheet.hidden = true;
      delete sheet.dataset.shownForWaiting;
    }
  }

  function waitingRow(rows, tap) {
    const row = document.createElement("tr");
    row.className = "entry-waiting-row";
    row.dataset.entryRow = String(tap.number);
    const number = row.appendChild(document.createElement("th"));
    number.scope = "row";
    number.textContent = String(tap.number);
    const header = rows.closest("table") && rows.closest("table").querySelector("thead tr");
    const cell = row.appendChild(document.createElement("td"));
    cell.colSpan = Math.max(1, (header ? header.children.length : 2) - 1);
    cell.textContent = `${tap.label} · waiting to be sent`;
    return row;
  }

  // ---- Badge and refusals -------------------------------------------------------

  function pageGroups() { return new Set(entryForms().map(groupOf)); }
  function ours() { const groups = pageGroups(); return taps.filter((tap) => groups.has(tap.game) && tap.state !== "sending"); }

  function drawBadge() {
    const mine = ours();
    page.drawBadge({
      held: mine.some((tap) => tap.state === "conflict"),
      count: mine.filter((tap) => tap.state === "waiting").length,
      offline: entryForms().length > 0,
      lastSent,
    }, drawBadge);
  }

  function drawRefusals() {
    const box = element("tap-conflicts", "tap-conflicts messages", "alert");
    box.replaceChildren();
    for (const tap of ours().filter((each) => each.state === "conflict")) {
      const message = box.appendChild(document.createElement("div"));
      message.className = "message warning";
      const why = (tap.conflict && tap.conflict.problem) || "the server did not take it";
      message.appendChild(document.createElement("p")).textContent = `${tap.label} from this phone was not recorded: ${why}`;
      const choices = message.appendChild(document.createElement("p"));
      choices.className = "conflict-choices";
      const form = entryForms().find((each) => groupOf(each) === tap.game);
      const next = form && tap.number ? asServed(form).number : null;
      const offered = [
        next ? [`Record it as hand ${next}`, "again", "made"] : null,
        form ? ["Put it back in the form", "back", "secondary"] : null,
        ["Drop it", "drop", "secondary"],
      ];
      for (const [label, choice, look] of offered.filter(Boolean)) {
        const button = choices.appendChild(document.createElement("button"));
        button.type = "button";
        button.className = `tap ${look}`;
        button.textContent = label;
        button.addEventListener("click", async () => {
          button.disabled = true;
          await settle(tap, choice, form, next);
          await refresh();
          send();
        });
      }
    }
    box.hidden = !box.childElementCount;
    standClear();
  }

  // The player's answer to a refused entry. The game's entries after it are
  // numbered again from the form's number as the server now draws it.
  async function settle(tap, choice, form, next) {
    const group = keptIn(tap.game).filter((each) => each.id !== tap.id);
    const following = choice === "again"
      ? [{ ...tap, state: "waiting", conflict: null }, ...group].sort((a, b) => a.id - b.id)
      : group;
    if (choice !== "again") {
      dropped = true;
      await queue.remove(tap.id);
    }
    let number = next;
    for (const each of following) {
      if (number && each.number) {
        each.number = number;
        each.fields = withField(each.fields, NUMBER_FIELD, number);
        each.label = labelled(each.template, each.fields);
        number += 1;
      }
      await queue.update(each);
    }
    if (choice === "back" && form) putBack(form, tap);
  }

  // What the entry holds, back in its form, to be corrected and sent again.
  function putBack(form, tap) {
    for (const [name, value] of tap.fields) {
      if ([KEY_FIELD, NUMBER_FIELD, "csrfmiddlewaretoken"].includes(name)) continue;
      const control = form.elements[name];
      if (!control || control.type === "submit") continue;
      if (control instanceof RadioNodeList) {
        for (const each of control) if (each.type === "radio" || each.type === "checkbox") each.checked = each.value === value;
      } else if (control.type === "checkbox") control.checked = true;
      else control.value = value;
    }
    for (const each of form.querySelectorAll("input[type=checkbox]")) {
      if (!tap.fields.some(([name, value]) => name === each.name && value === each.value)) each.checked = false;
    }
    form.dispatchEvent(new Event("input", { bubbles: true }));
    entryButton(form).scrollIntoView({ block: "center" });
  }

  // ---- Keeping entries ----------------------------------------------------------

  let dropped = false; // the player dropped or took back an entry: not sent
  async function refresh() {
    const before = ours().length;
    try { taps = (await queue.taps()).filter((tap) => tap.kind === "entry"); }
    catch (error) { return; } // storage refused (private mode): entries go as before
    // Sent, by this page or by the service worker's Background Sync.
    if (before && !ours().length && !dropped) lastSent = Date.now();
    dropped = false;
    for (const form of entryForms()) drawForm(form);
    drawBadge();
    drawRefusals();
  }

  let inFlight = null;
  document.addEventListener("submit", (event) => {
    const form = event.target;
    const button = event.submitter;
    if (!(form instanceof HTMLFormElement) || event.defaultPrevented || !button || !button.hasAttribute("data-queue-entry")) return;
    // A second entry of a form whose entry is on its way is htmx's to drop
    // (hx-sync): a double tap whose answer is slow is one entry.
    if (inFlight && inFlight.entry && inFlight.form === form) return;
    window.entryKeys.fresh(form);
    const fields = Array.from(new FormData(form, button));
    if (sentByHtmx(form) && navigator.onLine && !keptIn(groupOf(form)).length && !(inFlight && inFlight.entry)) {
      inFlight = { form, button, fields };
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    keep(form, button, fields, { now: !sentByHtmx(form) && navigator.onLine });
  }, true);

  // The entry went by htmx but no answer came (the connection dropped, it
  // took too long, or a server in between failed): kept, and sent again; if
  // the server had it, it is recorded once.
  function lost(event) {
    if (!inFlight || event.detail.elt !== inFlight.form) return;
    if (event.type === "htmx:responseError" && event.detail.xhr.status < 500 && event.detail.xhr.status !== 429) return;
    const { form, button, fields, stored } = inFlight;
    inFlight = null;
    (stored || Promise.resolve(null)).then(async (onItsWay) => {
      if (!onItsWay) return keep(form, button, fields, { now: false });
      await queue.unanswered(onItsWay);
      await refresh();
      askForSync();
      send();
    });
  }
  document.addEventListener("htmx:sendError", lost);
  document.addEventListener("htmx:timeout", lost);
  document.addEventListener("htmx:responseError", lost);

  // The entry htmx sends is drawn at once, as it leaves (htmx:beforeSend:
  // after its fields are read, and not for an entry htmx drops).
  document.addEventListener("htmx:beforeSend", (event) => {
    if (!inFlight || inFlight.entry || event.detail.elt !== inFlight.form) return;
    const { form, button, fields } = inFlight;
    inFlight.entry = { game: groupOf(form), state: "waiting", label: labelled(button.dataset.queueEntry || "Entry", fields) };
    if (form.elements[NUMBER_FIELD]) inFlight.entry.number = Number(field(fields, NUMBER_FIELD));
    drawForm(form);
    document.dispatchEvent(new CustomEvent("entries-drawn-waiting"));  // its row brought on the screen (table.js)
    // Written on the phone as it leaves, so a page closed before its answer
    // comes loses nothing (static/scorepads/tap_queue.js sends it again).
    inFlight.stored = queue.addOnItsWay(entryOf(form, button, fields)).catch(() => null);
  });
  // Its answer came: it leaves the phone, and entries made meanwhile, which
  // waited for it to go in order, follow.
  function answered() {
    const { stored } = inFlight;
    inFlight = null;
    (stored || Promise.resolve(null)).then(async (onItsWay) => {
      if (onItsWay) await queue.answered(onItsWay).catch(() => {});
      if (taps.some((tap) => tap.state === "waiting")) send();
    });
  }
  // Its answer came: the drawing goes as the answer is swapped in, in the same moment.
  document.addEventListener("htmx:beforeSwap", (event) => {
    const request = event.detail.requestConfig;
    if (!inFlight || !request || request.elt !== inFlight.form) return;
    const status = event.detail.xhr.status;
    if (status >= 500 || status === 429) return; // lost: kept, and sent again
    const { form } = inFlight;
    answered();
    if (form.isConnected) drawForm(form);
  });
  document.addEventListener("htmx:afterRequest", (event) => {
    if (inFlight && event.detail.successful && event.detail.elt === inFlight.form) answered();
  });
  if (window.htmx && !window.htmx.config.timeout) window.htmx.config.timeout = 10000;

  // The entry a form's fields make, as the queue keeps it.
  function entryOf(form, button, fields, { renumber = false } = {}) {
    const template = button.dataset.queueEntry || "Entry";
    const tap = {
      game: groupOf(form), kind: "entry", url: target(form).pathname, csrf: field(fields, "csrfmiddlewaretoken"),
      fields, template,
    };
    if (form.elements[NUMBER_FIELD]) {
      tap.number = Number(field(fields, NUMBER_FIELD));
      if (renumber) { // made before the form was numbered after those waiting
        tap.number = Math.max(tap.number, 1 + Math.max(0, ...waitingIn(tap.game).map((each) => each.number || 0)));
        tap.fields = withField(fields, NUMBER_FIELD, tap.number);
      }
    }
    tap.label = labelled(template, tap.fields);
    return tap;
  }

  async function keep(form, button, fields, { now, renumber = false }) {
    const tap = entryOf(form, button, fields, { renumber });
    try { await queue.add(tap); }
    catch (error) { return; } // storage refused: nothing kept, the form stays as typed
    await refresh();
    if (now) {
      // Sent from here first, where the answer is followed; Background Sync
      // only if it still waits (it would send it out of this page's sight).
      madeHere.add(tap.id);
      await send();
      if (taps.some((each) => each.id === tap.id && each.state === "waiting")) askForSync();
      return;
    }
    askForSync();
    send();
  }

  // ---- Sending -------------------------------------------------------------------

  let sending = false;
  async function send() {
    if (sending || (inFlight && inFlight.entry) || !navigator.onLine) return;
    sending = true;
    let report = { sent: [] };
    try { report = await queue.sendAll({ csrf: csrfToken() }); }
    catch (error) { report = { sent: [] }; }
    finally { sending = false; }
    const groups = pageGroups();
    const here = report.sent.filter((tap) => groups.has(tap.game));
    if (here.length) lastSent = Date.now();
    const followed = here.find((tap) => madeHere.has(tap.id) && tap.location);
    if (followed) { window.location.assign(followed.location); return; }
    await refresh();
    if (await refusedHere()) return;
    if (here.length || ours().some((tap) => tap.state === "conflict")) fetchRegion();
  }

  // An entry of a form not sent by htmx, refused as it was made: the form
  // is sent as it is, and the page shows why, beside its fields.
  async function refusedHere() {
    const refused = taps.find((tap) => madeHere.has(tap.id) && tap.state === "conflict" && tap.conflict.answered);
    if (!refused) return false;
    madeHere.delete(refused.id);
    const form = entryForms().find((each) => groupOf(each) === refused.game);
    if (!form) return false;
    await queue.remove(refused.id);
    const button = entryButton(form);
    if (button.name) {
      const choice = form.appendChild(document.createElement("input"));
      Object.assign(choice, { type: "hidden", name: button.name, value: button.value });
    }
    window.entryKeys.field(form).value = field(refused.fields, KEY_FIELD);
    HTMLFormElement.prototype.submit.call(form);
    return true;
  }

  // The page's region from the server, once its entries were sent.
  function fetchRegion() {
    const pad = document.getElementById("pad");
    if (!pad || !window.htmx || !pad.getAttribute("hx-get")) return;
    window.htmx.ajax("GET", pad.getAttribute("hx-get").split("?")[0], { target: "#pad", swap: "outerHTML" })
      .catch(() => { /* offline again: the poll brings it */ });
  }

  // Background Sync sends what waits when the page is gone. Not asked while
  // an entry is on its way by htmx: the worker, which cannot see it, would
  // send the entries after it first; once it is answered, the page sends them.
  async function askForSync() {
    if ((inFlight && inFlight.entry) || !("serviceWorker" in navigator)) return;
    try {
      const registration = await navigator.serviceWorker.ready;
      if (registration.sync) await registration.sync.register(queue.SYNC_TAG);
    } catch (error) { /* no Background Sync here: the page sends on reconnecting */ }
  }

  window.addEventListener("online", () => { refresh(); send(); });
  window.addEventListener("offline", refresh);
  setInterval(() => { if (taps.some((tap) => tap.state !== "conflict")) send(); }, RETRY_MS);
  if ("BroadcastChannel" in window) {
    new BroadcastChannel(queue.CHANNEL).onmessage = () => refresh();
  }
  // A new region from the server (after an entry, or the other phone's): its
  // form as served, then numbered after what waits.
  document.addEventListener("htmx:load", (event) => {
    if (event.detail.elt && event.detail.elt.querySelector && event.detail.elt.querySelector("button[data-queue-entry]")) refresh();
  });

  // The entries made before this script was ready (static/scorepads/table.js
  // held them) are kept in turn, each numbered after those kept before it, and sent.
  const started = refresh();
  let keeping = started;
  if (window.heldEntries) {
    window.heldEntries.ready(
      (form, button) => Boolean(button && button.hasAttribute("data-queue-entry")),
      (form, button, fields) => {
        keeping = keeping.then(() => keep(form, button, fields, { now: !sentByHtmx(form) && navigator.onLine, renumber: true }))
          .catch(() => { /* storage refused: the form stays as typed */ });
      },
    );
  }
  // An entry a closed page left on its way is kept as waiting, and sent.
  started.then(() => queue.reclaim()).catch(() => {}).then(refresh).then(() => {
    if (taps.some((tap) => tap.state === "waiting")) send();
  });
})();
