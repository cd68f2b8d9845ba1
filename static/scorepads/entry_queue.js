// Every game's entries without a connection, one queue for all. An entry is
// kept on the phone (static/scorepads/tap_queue.js) when there is no
// connection, when earlier entries of its game still wait, or when its answer
// never came, drawn as waiting, and sent once, in order, when the connection
// returns (by Background Sync when the page is closed). One sent by htmx is
// drawn at once and kept on the phone as it leaves, until its answer comes.
// The server records an entry once by its key (the entry_key field, made by
// static/scorepads/table.js) and answers X-Entry done or refused
// (scorepads/entries.py); a refused entry waits, sent by no one, for the
// player's choice. A badge says what waits.
//
// What a game's entries are, how they are drawn while they wait and the words
// of a refusal are its kind, registered by the script loaded after this one
// (window.entryQueue.register): static/scorepads/entry_forms.js for a form
// whose button is marked data-queue-entry, static/pad/pad_rules.js for
// Gorilla's taps.
"use strict";

(function () {
  const queue = window.tapQueue;
  if (!queue || !window.entryKeys || !("indexedDB" in window)) return;

  const RETRY_MS = 15000;
  const NOTE_MS = 8000; // how long a line about a kept entry stays
  const ALL_SENT_MS = 5000; // how long "All sent" stays

  const kinds = []; // the kinds of entries this page makes, as registered
  let taps = []; // the entries waiting on this phone, of every game, oldest first
  let lastSent = 0;
  let dropped = false; // the player dropped or took back an entry: not sent
  // The entry htmx is sending: { form, button, fields, kind }, then with
  // ``entry`` (drawn) and ``stored`` (kept on the phone) once it leaves.
  let inFlight = null;

  function kindOf(form, button) { return kinds.find((kind) => kind.takes(form, button)); }
  function waitingIn(group) { return taps.filter((tap) => tap.game === group); }
  // Those kept to be sent by the queue or settled by the player: not one this
  // page (or another) is sending by htmx, which its answer takes away.
  function keptIn(group) { return waitingIn(group).filter((tap) => tap.state !== "sending"); }
  // The entries drawn for a group, in the order they were made: the one on
  // its way by htmx (drawn at once, before its answer comes), then those kept.
  function drawnIn(group) {
    const kept = waitingIn(group);
    return inFlight && inFlight.entry && inFlight.entry.game === group ? [inFlight.entry, ...kept] : kept;
  }
  function pageGroups() { return new Set(kinds.flatMap((kind) => kind.groups())); }
  function ours() { const groups = pageGroups(); return taps.filter((tap) => groups.has(tap.game) && tap.state !== "sending"); }
  function sending() { return Boolean(inFlight && inFlight.entry); }
  // Whether htmx sends the form when it is submitted (not only as it is typed in).
  function sentByHtmx(form) {
    const trigger = form.getAttribute("hx-trigger");
    return form.hasAttribute("hx-post") && (!trigger || /\bsubmit\b/.test(trigger));
  }

  // ---- The badge, the refusals and the notes ---------------------------------------

  // What stands in the page's frame, at the top of the screen: the badge and
  // a passing note (static/card_table/site.css).
  const IN_THE_FRAME = ["tap-badge", "tap-note"];
  function frame() {
    let found = document.getElementById("queue-frame");
    if (!found) {
      found = document.createElement("div");
      found.id = "queue-frame";
      found.className = "queue-frame";
      document.querySelector("main").prepend(found);
    }
    return found;
  }

  // The page's element of this id, made at the top of the page the first time.
  function element(id, className, role) {
    let found = document.getElementById(id);
    if (!found) {
      found = document.createElement("div");
      found.id = id;
      found.className = className;
      if (role) found.setAttribute("role", role);
      const main = document.querySelector("main");
      if (IN_THE_FRAME.includes(id)) frame().append(found);
      else if (frame().parentElement === main) frame().after(found);
      else main.prepend(found);  // the badge stands in the flow by the record bar (static/card_table/site.js)
    }
    return found;
  }

  // The token of the page, which a request sent from the queue carries.
  function csrfToken() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["x-csrftoken"]; }
    catch (error) { return ""; }
  }

  // A field's value among a form's fields (name, value pairs).
  function field(fields, name) {
    const found = fields.find(([key]) => key === name);
    return found ? found[1] : "";
  }

  // How many entries, in the words of the page's game: "1 hand", "3 more
  // taps" (the page's head names them, <meta name="entries-kept"
  // content="hand hands">, templates/scorepads/entry_queue_scripts.html).
  function entries(count, more = "") {
    const named = document.querySelector("meta[name=entries-kept]");
    const [one, several] = named ? named.content.split(" ") : ["entry", "entries"];
    return `${count} ${more}${count === 1 ? one : several}`;
  }

  // The badge, from what waits: ``held`` (a choice waits for the player),
  // ``count`` (entries waiting),
  // ``offline`` (whether to say the page is offline with nothing waiting),
  // ``lastSent`` (when the last were sent: "All sent" for a few seconds).
  // ``redraw`` draws it again once "All sent" is done with.
  function badge({ held, count, offline, lastSent }, redraw) {
    const drawn = element("tap-badge", "tap-badge", "status");
    const waiting = `${entries(count)} waiting`;
    let text = "";
    if (held) text = count ? `Your choice above · ${entries(count, "more ")} waiting` : "Your choice above";
    else if (count && !navigator.onLine) text = `${waiting}, kept on this phone`;
    else if (count) text = `Sending ${entries(count)} kept on this phone`;
    else if (!navigator.onLine && offline) text = "Offline";
    else if (Date.now() - lastSent < ALL_SENT_MS) text = "All sent";
    drawn.textContent = text;
    drawn.hidden = !text;
    drawn.classList.toggle("all-sent", text === "All sent");
    standClear();
    if (text === "All sent") setTimeout(redraw, ALL_SENT_MS);
  }

  // The badge and a passing note at the top of the page's frame: the status
  // line stands below them (--badge-room), and a focused field is scrolled
  // clear of them. A note moved beside the form tapped (say, below) stands
  // there, in the flow.
  function standClear() {
    const holder = document.getElementById("queue-frame");
    const root = document.documentElement;
    const said = holder && Array.from(holder.children).some((child) => !child.hidden);
    if (holder) holder.hidden = !said;
    if (said) root.style.setProperty("--badge-room", `${Math.ceil(holder.getBoundingClientRect().height)}px`);
    else root.style.removeProperty("--badge-room");
    document.dispatchEvent(new CustomEvent("queue-frame-drawn"));  // the frame measured again
  }
  window.addEventListener("resize", standClear);
  document.addEventListener("toggle", standClear, true);

  function drawBadge() {
    const mine = ours();
    badge({
      held: mine.some((tap) => tap.state === "conflict"),
      count: mine.filter((tap) => tap.state === "waiting").length,
      offline: pageGroups().size > 0,
      lastSent,
    }, drawBadge);
  }

  function drawRefusals() {
    const box = element("tap-conflicts", "tap-conflicts messages", "alert");
    const told = ours().filter((tap) => tap.state === "conflict").map((tap) => {
      const kind = kinds.find((each) => each.groups().includes(tap.game));
      return { tap, kind, ...kind.refusal(tap) };
    });
    // Drawn again only when what it says changes: a choice is never swapped under the finger.
    const said = JSON.stringify(told.map(({ tap, text, choices }) => [tap.id, text, choices]));
    if (box.dataset.said !== said) {
      box.dataset.said = said;
      box.replaceChildren();
      for (const { tap, kind, text, choices } of told) drawChoices(box, tap, kind, text, choices);
    }
    box.hidden = !box.childElementCount;
    standClear();
  }

  function drawChoices(box, tap, kind, text, offered) {
    const message = box.appendChild(document.createElement("div"));
    message.className = "message warning";
    message.appendChild(document.createElement("p")).textContent = text;
    const choices = message.appendChild(document.createElement("p"));
    choices.className = "conflict-choices";
    for (const [label, choice, look] of offered) {
      const button = choices.appendChild(document.createElement("button"));
      button.type = "button";
      button.className = `tap ${look}`;
      button.textContent = label;
      button.addEventListener("click", async () => {
        button.disabled = true;
        await kind.settle(tap, choice);
        await refresh();
        send();
      });
    }
  }

  // ---- Keeping entries ----------------------------------------------------------

  async function refresh() {
    const before = ours().length;
    try { taps = await queue.taps(); }
    catch (error) { return; } // storage refused (private mode): entries go as before
    for (const kind of kinds) if (kind.load) await kind.load();
    // Sent, by this page or by the service worker's Background Sync.
    if (before && !ours().length && !dropped) lastSent = Date.now();
    dropped = false;
    for (const kind of kinds) kind.draw();
    drawBadge();
    drawRefusals();
  }

  // An entry the player dropped, or took back before it was sent.
  async function drop(id) {
    dropped = true;
    await queue.remove(id);
  }

  // A tap of a form of the queue is kept on the phone when there is no
  // connection or earlier entries of its game still wait. Otherwise it goes
  // by htmx, drawn at once as it leaves, or, a form not sent by htmx, as the
  // browser sends it, or by the queue for a kind that sends its forms itself.
  document.addEventListener("submit", (event) => {
    const form = event.target;
    const button = event.submitter || null;
    if (!(form instanceof HTMLFormElement) || event.defaultPrevented) return;
    const kind = kindOf(form, button);
    if (!kind) return;
    // A second entry of a form whose entry is on its way is htmx's to drop
    // (hx-sync): a double tap whose answer is slow is one entry.
    if (sending() && inFlight.form === form) return;
    window.entryKeys.fresh(form);
    const fields = Array.from(new FormData(form, button));
    const free = navigator.onLine && !keptIn(kind.group(form)).length && !sending();
    if (free && sentByHtmx(form)) {
      inFlight = { form, button, fields, kind };
      return;
    }
    if (free && !kind.sendsItself) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    keep(form, button, fields, { now: free });
  }, true);

  // The entry htmx sends is drawn at once, as it leaves (htmx:beforeSend:
  // after its fields are read, and not for an entry htmx drops).
  document.addEventListener("htmx:beforeSend", (event) => {
    if (!inFlight || inFlight.entry || event.detail.elt !== inFlight.form) return;
    const { form, button, fields, kind } = inFlight;
    inFlight.entry = kind.entry(form, button, fields, { leaving: true });
    if (!inFlight.entry) { inFlight = null; return; }
    kind.draw();
    drawnWaiting();
    // Written on the phone as it leaves, so a page closed before its answer
    // comes loses nothing (static/scorepads/tap_queue.js sends it again).
    inFlight.stored = queue.addOnItsWay(inFlight.entry).catch(() => null);
  });

  // An entry drawn before the server has it: its row is brought on the screen (static/scorepads/table.js).
  function drawnWaiting() { document.dispatchEvent(new CustomEvent("entries-drawn-waiting")); }

  function failed(status) { return status >= 500 || status === 429 || status === 0; }
  function answers(event) {
    const request = event.detail.requestConfig;
    return sending() && (event.detail.elt === inFlight.form || Boolean(request && request.elt === inFlight.form));
  }

  // Its answer came: the drawing goes as the answer is swapped in, in the
  // same moment, and the entry leaves the phone; entries made meanwhile,
  // which waited for it to go in order, follow.
  function answered() {
    const { form, kind, stored } = inFlight;
    inFlight = null;
    kind.answered(form);
    stored.then(async (onItsWay) => {
      if (onItsWay) await queue.answered(onItsWay).catch(() => {});
      if (taps.some((tap) => tap.state === "waiting")) send();
    });
  }
  document.addEventListener("htmx:beforeSwap", (event) => {
    if (answers(event) && !failed(event.detail.xhr.status)) answered();
  });
  document.addEventListener("htmx:afterRequest", (event) => {
    if (answers(event) && event.detail.successful) answered();
  });

  // The entry went but no answer came (the connection dropped, it took too
  // long, or a server in between failed): kept, and sent again; if the
  // server had it, it is recorded once. It stays drawn meanwhile.
  function lost(event) {
    if (!answers(event) || inFlight.lost) return;
    if (event.type === "htmx:responseError" && !failed(event.detail.xhr.status)) return;
    inFlight.lost = true;
    const { form, button, fields, stored } = inFlight;
    stored.then((onItsWay) => (onItsWay ? queue.unanswered(onItsWay) : keep(form, button, fields, { sent: true })))
      .finally(async () => {
        inFlight = null;
        await refresh();
        askForSync();
        send();
      });
  }
  document.addEventListener("htmx:sendError", lost);
  document.addEventListener("htmx:timeout", lost);
  document.addEventListener("htmx:responseError", lost);
  if (window.htmx && !window.htmx.config.timeout) window.htmx.config.timeout = 10000; // an answer that never comes is a lost entry

  // One entry kept at a time, in the order they came: each numbers itself
  // from the entries kept before it, so a second that comes while the phone
  // is still storing the first (slow storage) waits for it, rather than take
  // the same number.
  let keeping = Promise.resolve();
  function keep(form, button, fields, how) {
    const kept = keeping.then(() => keepNow(form, button, fields, how));
    keeping = kept.catch(() => {});
    return kept;
  }

  async function keepNow(form, button, fields, { now = false, sent = false, renumber = false }) {
    const kind = kindOf(form, button);
    await refresh();
    const tap = await kind.entry(form, button, fields, { sent, renumber });
    if (!tap) return;
    try { await queue.add(tap); }
    catch (error) { return; } // storage refused: nothing kept, the form stays as typed
    await refresh();
    if (kind.kept) kind.kept(tap, form, { now });
    if (now) {
      // Sent from here first, where the answer is followed; Background Sync
      // only if it still waits (it would send it out of this page's sight).
      await send();
      if (taps.some((each) => each.id === tap.id && each.state === "waiting")) askForSync();
      return;
    }
    askForSync();
    send();
  }

  // A line under the form tapped (or at the top of the page), where the finger is.
  function say(text, form) {
    const box = element("tap-note", "tap-note message info", "status");
    if (form && form.isConnected) form.insertAdjacentElement("afterend", box);
    box.textContent = text;
    box.hidden = false;
    standClear();
    clearTimeout(say.fading);
    say.fading = setTimeout(() => { box.hidden = true; standClear(); }, NOTE_MS);
  }

  // ---- Sending -------------------------------------------------------------------

  let sendingAll = false;
  async function send() {
    if (sendingAll || sending() || !navigator.onLine) return;
    sendingAll = true;
    let report = { sent: [] };
    try { report = await queue.sendAll({ csrf: csrfToken() }); }
    catch (error) { report = { sent: [] }; }
    finally { sendingAll = false; }
    const groups = pageGroups();
    const here = report.sent.filter((tap) => groups.has(tap.game));
    if (here.length) lastSent = Date.now();
    // A kind whose page follows an entry sent (where the server went), or
    // shows one refused as it was made, is done here.
    if (kinds.some((kind) => kind.follows && kind.follows(here))) return;
    if (here.length) await fetchRegion();
    await refresh();
    for (const kind of kinds) if (kind.refusedHere && await kind.refusedHere()) return;
    if (!here.length && ours().some((tap) => tap.state === "conflict")) fetchRegion();
  }

  // The page's region from the server, once its entries were sent (or another phone's page sent them).
  async function fetchRegion() {
    const pad = document.getElementById("pad");
    if (!pad || !window.htmx || !pad.getAttribute("hx-get")) return;
    try { await window.htmx.ajax("GET", pad.getAttribute("hx-get").split("?")[0], { target: "#pad", swap: "outerHTML" }); }
    catch (error) { /* offline again: the poll brings it */ }
  }

  // Background Sync sends what waits when the page is gone. Not asked while
  // an entry is on its way by htmx: the worker, which cannot see it, would
  // send the entries after it first; once it is answered, the page sends them.
  async function askForSync() {
    if (sending() || !("serviceWorker" in navigator)) return;
    try {
      const registration = await navigator.serviceWorker.ready;
      if (registration.sync) await registration.sync.register(queue.SYNC_TAG);
    } catch (error) { /* no Background Sync here: the page sends on reconnecting */ }
  }

  window.addEventListener("online", () => { refresh(); send(); });
  window.addEventListener("offline", refresh);
  setInterval(() => { if (taps.some((tap) => tap.state === "waiting")) send(); }, RETRY_MS);
  if ("BroadcastChannel" in window) {
    // What another page (or the worker) kept or sent; a game whose region it moved is fetched again.
    new BroadcastChannel(queue.CHANNEL).onmessage = async () => {
      const before = kinds.map((kind) => (kind.seen ? kind.seen() : ""));
      await refresh();
      if (!sendingAll && kinds.some((kind, index) => kind.seen && kind.seen() !== before[index])) fetchRegion();
    };
  }
  // A new region from the server (after an entry, or the other phone's), or
  // an entry's answer patched in place: drawn again with what still waits.
  document.addEventListener("htmx:load", (event) => {
    const elt = event.detail.elt;
    if (elt && (elt.id === "pad" || (elt.querySelector && elt.querySelector("form")))) refresh();
  });
  document.addEventListener("pad-patched", refresh);

  // A kind of entries, as its script gives it: which forms it ``takes``,
  // the ``group`` (game) a form's entries follow each other in and the
  // page's ``groups``, the ``entry`` a form's fields make (null: none),
  // how the page is drawn with what waits (``draw``, and ``answered`` as an
  // answer comes), a refusal's words and choices (``refusal``, ``settle``);
  // and what it may add: ``load`` before drawing, ``kept``, ``seen`` (what it
  // knows of the server), ``sendsItself``, ``follows``, ``refusedHere``.
  // A kind's entries made before it was ready (static/scorepads/table.js
  // held them) are kept in turn, each numbered after those kept before it, and sent.
  function register(kind) {
    kinds.push(kind);
    if (window.heldEntries) {
      window.heldEntries.ready(kind.takes, (form, button, fields) => keep(form, button, fields, {
        now: Boolean(kind.sendsItself) && !sentByHtmx(form) && navigator.onLine, renumber: true,
      }).catch(() => { /* storage refused: the form stays as typed */ }));
    }
    return refresh();
  }

  window.entryQueue = {
    register, taps: () => taps, waitingIn, keptIn, drawnIn, drop, refresh, say,
    element, field, standClear, drawBadge: badge,
  };
  // An entry a closed page left on its way is kept as waiting, and sent.
  queue.reclaim().catch(() => {}).then(refresh).then(() => {
    if (taps.some((tap) => tap.state === "waiting")) send();
  });
})();
