// The pad without a connection. A tap made offline (or while earlier taps
// still wait) is kept on the phone (static/scorepads/tap_queue.js), drawn at
// once on the pad as waiting, and sent in order when the connection returns; a
// tap whose answer never came is kept and sent again (the server records a
// hand once): a tap sent by htmx is kept on the phone as it leaves, until its
// answer comes, so a page closed first loses nothing. A badge says what
// waits; a conflict with the other phone is shown with the player's choices.
// The cards typed on "Gorilla it out" are kept until their hand is recorded.
"use strict";

(function () {
  const queue = window.tapQueue;
  const rules = window.padRules;
  const page = window.queuePage;
  if (typeof module !== "undefined") module.exports = { inningRow };  // for the tests, under node
  if (!queue || !rules || !page || !("indexedDB" in window)) return;
  const { element, csrfToken, field, standClear } = page;

  const RETRY_MS = 15000;
  const NOTE_MS = 8000; // how long a line about a kept tap stays

  // The page's game as the server drew it ([data-table-state]); on the pad,
  // its hands are the pad's data-hands (pad.js keeps them as each tap's
  // answer says) and its version its meta region's.
  function pageState() {
    const holder = document.querySelector("[data-table-state]");
    if (!holder) return null;
    try {
      const state = JSON.parse(holder.dataset.tableState);
      const meta = document.getElementById("pad-meta");
      if (meta) Object.assign(state, { hands: holder.dataset.hands || "", version: Number(meta.value) });
      return state;
    } catch (error) { return null; }
  }

  // What this page knows: its game's taps, and the newest hands seen from the server.
  let current = { game: null, taps: [], hands: "", version: -1, fromPage: true };
  let lastSent = 0;
  let takenBack = false; // the last waiting tap was taken back, not sent

  async function load() {
    const state = pageState();
    if (!state) return null;
    let kept = null;
    const waitingBefore = current.game === state.game ? waiting().length : 0;
    try {
      kept = await queue.remember(state.game, state.version, state.hands);
      current = {
        game: state.game,
        taps: await queue.taps(state.game),
        hands: kept.hands,
        version: kept.version,
        fromPage: kept.version === state.version,
      };
    } catch (error) {
      return null; // storage refused (private mode): taps go as before
    }
    // Sent, by this page or by the service worker's Background Sync.
    if (waitingBefore && !keptTaps().length && !takenBack) lastSent = Date.now();
    takenBack = false;
    return state;
  }

  async function refresh() {
    const state = await load();
    if (!state) return;
    drawPad(state);
    drawBadge();
    drawConflicts(state);
    forgetRecordedCards(state);
  }

  // ---- The pad as it will be ------------------------------------------------

  function waiting() { return current.taps.filter((tap) => tap.state === "waiting"); }
  // The taps kept to be sent or settled: not one on its way by htmx, which its answer takes away.
  function keptTaps() { return current.taps.filter((tap) => tap.state !== "sending"); }

  // The taps the pad is drawn with, in the order they were made: the one on
  // its way by htmx (drawn at once, before its answer comes), then those kept.
  function drawnTaps() { return onItsWay ? [onItsWay.tap, ...current.taps] : current.taps; }

  // The pad as it will be once the taps waiting are recorded, drawn over the
  // pad as the server drew it: only the rows and lines that differ are drawn
  // here, every other node stays the server's. What the server drew is kept
  // aside (pad.served) and put back as it was once nothing waits, or just
  // before the answer to the tap on its way is swapped in, so the answer
  // finds the pad it was made for.
  function drawPad(state) {
    const pad = document.getElementById("pad");
    const chart = pad && pad.querySelector("table.chart tbody");
    if (!chart) return;
    const projected = queue.project(current.hands, drawnTaps());
    if (projected.hands === state.hands && projected.pending.size === 0) {
      drawnAsServed(pad);
      return;
    }
    if (!pad.served) pad.served = { rows: Array.from(chart.children), elements: new Map(), added: [] };
    pad.classList.add("has-waiting");
    const drawn = rules.pad(projected.hands, state);
    const asServed = new Map(chartRows(state.hands, new Set(), state).map((row) => [row.id, row.outerHTML]));
    const servedRows = new Map(pad.served.rows.map((row) => [row.id, row]));
    const shown = new Map(Array.from(chart.children, (row) => [row.id, row]));
    placeRows(chart, chartRows(projected.hands, projected.pending, state, drawn).map((row) => {
      if (asServed.get(row.id) === row.outerHTML && servedRows.has(row.id)) return servedRows.get(row.id);
      const before = shown.get(row.id);
      return before && before.drawnHere && before.outerHTML === row.outerHTML ? before : Object.assign(row, { drawnHere: true });
    }));
    drawStatus(pad, drawn, projected, state);
  }

  // The pad back as the server drew it: its own rows and lines, the same nodes.
  function drawnAsServed(pad) {
    if (!pad || !pad.served) return;
    const { rows, elements, added } = pad.served;
    pad.served = null;
    pad.classList.remove("has-waiting");
    const chart = pad.querySelector("table.chart tbody");
    if (chart) placeRows(chart, rows);
    for (const [element, was] of elements) {
      const children = Array.from(element.childNodes);
      if (children.length !== was.children.length || children.some((child, index) => child !== was.children[index])) {
        element.replaceChildren(...was.children);
      }
      if (element.hidden !== was.hidden) element.hidden = was.hidden;
      if (was.keepWhile === undefined) delete element.dataset.keepWhile;
      else element.dataset.keepWhile = was.keepWhile;
    }
    for (const element of added) element.remove();
  }

  // ``rows`` in ``container``, in order, moving only what is not in its place.
  function placeRows(container, rows) {
    rows.forEach((row, index) => {
      const there = container.children[index];
      if (there !== row) container.insertBefore(row, there || null);
    });
    while (container.children.length > rows.length) container.lastElementChild.remove();
  }

  function chartRows(hands, pending, state, drawn = rules.pad(hands, state)) {
    const projected = { hands, pending };
    const rows = drawn.innings.map((marks, index) => inningRow(marks, drawn, index, projected, state));
    return rows.length ? rows : [inningRow([], drawn, -1, projected, state)];
  }

  // What the server drew of ``element``, kept aside the first time it is drawn over.
  function drawnOver(pad, element) {
    if (!pad.served.elements.has(element)) {
      pad.served.elements.set(element, { children: Array.from(element.childNodes), hidden: element.hidden, keepWhile: element.dataset.keepWhile });
    }
    return element;
  }

  // ``element`` shows ``content`` (text, or nodes); left alone when it says that already.
  function write(pad, element, ...content) {
    const text = content.map((piece) => (typeof piece === "string" ? piece : piece.textContent)).join("");
    if (element.textContent !== text) drawnOver(pad, element).replaceChildren(...content);
  }

  function hide(pad, element, hidden) {
    if (element.hidden !== hidden) drawnOver(pad, element).hidden = hidden;
  }

  function inningRow(marks, drawn, index, projected, state) {
    const row = document.createElement("tr");
    row.className = "inning";
    row.id = index < 0 ? "inning-none" : `inning-${index + 1}`;
    for (let column = 0; column < rules.COLUMNS.length; column += 1) {
      const cell = row.appendChild(document.createElement("td"));
      cell.className = "marks";
      const line = cell.appendChild(document.createElement("span"));
      line.className = "marks-row";
      for (const mark of marks.filter((each) => each.column === column)) {
        const dealer = rules.dealer(mark.hand, state.first_dealer);
        const waits = projected.pending.has(mark.hand);
        const glyph = line.appendChild(document.createElement("span"));
        glyph.dataset.hand = mark.hand;
        glyph.className = `mark ${dealer === "odd" ? "tall" : "short"}`
          + (waits ? " waiting" : "") + (mark.hand === drawn.responsibleFrom ? " responsible" : "");
        const label = `hand ${mark.hand}, ${state.outcome_names[mark.outcome]}, ${state.names[dealer]} dealt`
          + (waits ? ", waiting to be sent" : "");
        glyph.setAttribute("role", "img");
        glyph.setAttribute("aria-label", label + (mark.hand === drawn.responsibleFrom ? "; from here the game was theirs to win" : ""));
      }
    }
    if (index < 0) row.classList.add("empty");
    for (const total of index < 0 ? [null, null, null] : drawn.totals[index]) {
      const cell = row.appendChild(document.createElement("td"));
      cell.className = "total";
      if (total !== null) cell.textContent = total;
    }
    return row;
  }

  // The score and the next hand as they will be; the buttons number the next tap.
  function drawStatus(pad, drawn, projected, state) {
    const nextNumber = projected.hands.length + 1;
    const over = drawn.winner !== null || projected.hands.length >= state.max_hands;
    const dealer = rules.dealer(nextNumber, state.first_dealer);
    const taker = dealer === "odd" ? "even" : "odd";
    for (const figures of [pad.querySelectorAll(".status-score b"), pad.querySelectorAll(".state .points")]) {
      if (figures.length !== 2) continue;
      write(pad, figures[0], String(drawn.score.partnership));
      write(pad, figures[1], String(drawn.score.fates));
    }
    const next = pad.querySelector(".status-next");
    if (next) {
      if (over) write(pad, next, "Game over");
      else write(pad, next, `Hand ${nextNumber} · `, isolated(state.names[dealer]), " deals");
    }
    const stateOfPlay = pad.querySelector(".state");
    if (stateOfPlay) {
      for (const told of stateOfPlay.querySelectorAll(".result, .next-hand:not([data-drawn-here]), .first-dealer-form, .badge")) {
        hide(pad, told, true);
      }
      let line = stateOfPlay.querySelector("[data-drawn-here]");
      if (!line) {
        line = stateOfPlay.querySelector(".score").insertAdjacentElement("afterend", document.createElement("p"));
        line.dataset.drawnHere = "";
        line.className = "next-hand";
        pad.served.added.push(line);
      }
      if (over) write(pad, line, "The game ends with the hands waiting to be sent.");
      else write(pad, line, `Hand ${nextNumber}: `, strong(state.names[dealer]), " deals, ", strong(state.names[taker]), " takes.");
    }
    const bar = pad.querySelector(".record-bar");
    if (bar) hide(pad, bar, over);
    const heading = pad.querySelector("#record-heading");
    if (heading) write(pad, heading, `Record hand ${nextNumber}`);
    const meta = pad.querySelector("#pad-meta");
    if (meta) drawnOver(pad, meta).dataset.keepWhile = over ? "over" : String(nextNumber); // what is being entered is for this hand
    const undo = pad.querySelector("#undo-button");
    if (undo) {
      const last = projected.hands.length;
      hide(pad, undo.closest("section"), last === 0);
      if (last) write(pad, undo, `Undo hand ${last} (${projected.hands[last - 1]})`);
    }
    const toast = pad.querySelector("[data-toast]");
    if (toast) hide(pad, toast, true); // it spoke of the pad before the waiting taps
  }

  function strong(name) {
    const bold = document.createElement("strong");
    bold.append(isolated(name));
    return bold;
  }

  // A player's name in its own direction, as the server writes it (<bdi>).
  function isolated(name) {
    const element = document.createElement("bdi");
    element.textContent = name;
    return element;
  }

  // ---- Badge and conflicts ---------------------------------------------------

  function drawBadge() {
    page.drawBadge({
      held: current.taps.some((tap) => tap.state === "conflict"),
      count: waiting().length,
      offline: true,
      lastSent,
    }, drawBadge);
  }

  function describe(tap, hands) {
    const over = rules.pad(hands, pageState() || {}).winner !== null;
    if (tap.kind === "record") {
      const there = hands.length >= tap.number
        ? `Hand ${tap.number} is on the pad as ${hands[tap.number - 1]}, recorded on the other phone`
        : `The pad has ${hands.length} hand${hands.length === 1 ? "" : "s"} now (a hand was undone on the other phone)`;
      return {
        text: `${there}; your ${tap.outcome} for hand ${tap.number} was not recorded.`,
        again: over ? "" : `Record ${tap.outcome} as hand ${hands.length + 1}`,
      };
    }
    if (tap.kind === "undo") {
      return { text: `Your undo of hand ${tap.number} was not sent: the pad changed on the other phone and now has ${hands.length} hands.`, again: "" };
    }
    return {
      text: `Your change of hand ${tap.number} to ${tap.outcome} was not sent: the other phone changed the pad (hand ${tap.number} is ${hands[tap.number - 1] || "gone"}).`,
      again: hands.length >= tap.number ? `Change hand ${tap.number} to ${tap.outcome}` : "",
    };
  }

  function drawConflicts(state) {
    const box = element("tap-conflicts", "tap-conflicts messages", "alert");
    const told = current.taps.filter((each) => each.state === "conflict").map((tap) => ({
      tap,
      ...(tap.conflict.hands !== undefined ? describe(tap, tap.conflict.hands) : {
        text: `Your ${tap.kind === "undo" ? "undo" : tap.outcome} for hand ${tap.number} could not be sent: ${tap.conflict.problem}.`,
        again: "Send it again",
      }),
    }));
    // Drawn again only when what it says changes: a choice is never swapped under the finger.
    const said = JSON.stringify(told.map(({ tap, text, again }) => [tap.id, text, again]));
    if (box.dataset.said !== said) {
      box.dataset.said = said;
      box.replaceChildren();
      for (const { tap, text, again } of told) drawChoice(box, tap, text, again);
    }
    box.hidden = !box.childElementCount;
    standClear();
  }

  function drawChoice(box, tap, text, again) {
    const message = box.appendChild(document.createElement("div"));
    message.className = "message warning";
    message.appendChild(document.createElement("p")).textContent = text;
    const choices = message.appendChild(document.createElement("p"));
    choices.className = "conflict-choices";
    for (const [label, choice] of [[again, "again"], ["Drop it", "drop"]]) {
      if (!label) continue;
      const button = choices.appendChild(document.createElement("button"));
      button.type = "button";
      button.className = choice === "again" ? "tap made" : "tap secondary";
      button.textContent = label;
      button.addEventListener("click", async () => {
        button.disabled = true;
        await queue.resolve(tap.id, choice);
        await refresh();
        send();
      });
    }
  }

  // ---- Keeping taps ------------------------------------------------------------

  // A tap on a form of the queue (data-queue: record, undo or change) is kept
  // on the phone when there is no connection or earlier taps still wait.
  // Otherwise it goes by htmx, and is drawn on the pad at once, as waiting,
  // as the request leaves (htmx:beforeSend: a tap htmx drops, the second of
  // a double tap, is not drawn); its answer, swapped in as it comes, replaces
  // the drawing.
  let tapped = null; // the tap htmx is about to send
  let onItsWay = null; // the tap htmx sent, whose answer has not come: { form, fields, tap }
  if (window.htmx && !window.htmx.config.timeout) window.htmx.config.timeout = 10000; // an answer that never comes is a lost tap
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.dataset.queue || event.defaultPrevented) return;
    // A second tap of a form whose tap is on its way is htmx's to drop
    // (hx-sync): a double tap whose answer is slow is one tap.
    if (onItsWay && onItsWay.form === form) return;
    const fields = Array.from(new FormData(form, event.submitter || null));
    if (navigator.onLine && !keptTaps().length && !onItsWay) {
      tapped = { form, fields };
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    keep(form, fields);
  }, true);

  document.addEventListener("htmx:beforeSend", (event) => {
    if (!tapped || event.detail.elt !== tapped.form) return;
    const { form, fields } = tapped;
    tapped = null;
    const kind = form.dataset.queue;
    const tap = { kind, number: Number(field(fields, "number")), outcome: field(fields, "outcome"), state: "waiting" };
    if (kind === "change") tap.number = Number(form.dataset.number);
    onItsWay = { form, fields, tap };
    const state = pageState();
    if (state && current.game === state.game) {
      drawPad(state);
      drawnWaiting();
    }
    // Written on the phone as it leaves, so a page closed before its answer
    // comes loses nothing (static/scorepads/tap_queue.js sends it again).
    if (state) {
      const leaving = { ...tap, game: state.game, url: form.action, csrf: field(fields, "csrfmiddlewaretoken"), fields };
      onItsWay.stored = queue.addOnItsWay(leaving).catch(() => null);
    }
  });

  // The pad drawn with a tap just made, before the server has it: its newest
  // mark is brought on the screen (static/scorepads/table.js).
  function drawnWaiting() { document.dispatchEvent(new CustomEvent("entries-drawn-waiting")); }

  // The answer came: the pad goes back to what the server drew before the
  // tap, the pad the answer was made for, and the answer is swapped in
  // (its patch, or the whole pad), in the same moment.
  function answered(event) {
    return onItsWay && event.detail.requestConfig && event.detail.requestConfig.elt === onItsWay.form;
  }
  document.addEventListener("htmx:beforeSwap", (event) => {
    if (!answered(event) || failed(event.detail.xhr.status)) return;
    const { stored } = onItsWay;
    onItsWay = null;
    drawnAsServed(document.getElementById("pad"));
    // It leaves the phone; taps made meanwhile waited for it, to go in order.
    (stored || Promise.resolve(null)).then(async (held) => {
      if (held) await queue.answered(held).catch(() => {});
      if (waiting().length) send();
    });
  });

  function failed(status) { return status >= 500 || status === 429 || status === 0; }

  // The tap went but no answer came (the connection dropped, it took too
  // long, or a server in between failed): kept, and sent again; if the
  // server had it, it is recorded once. It stays drawn meanwhile.
  function lost(event) {
    if (!answered(event) && !(onItsWay && event.detail.elt === onItsWay.form)) return;
    if (onItsWay.lost || (event.type === "htmx:responseError" && !failed(event.detail.xhr.status))) return;
    onItsWay.lost = true;
    const { form, fields, stored } = onItsWay;
    const waits = (stored || Promise.resolve(null)).then((held) => (held ? queue.unanswered(held) : keep(form, fields, { sent: true })));
    waits.finally(async () => {
      onItsWay = null;
      await refresh();
      askForSync();
      send();
    });
  }
  document.addEventListener("htmx:sendError", lost);
  document.addEventListener("htmx:timeout", lost);
  document.addEventListener("htmx:responseError", lost);

  // One tap kept at a time, in the order they came: each numbers its hand from
  // the taps kept before it, so a second tap that comes while the phone is
  // still storing the first (slow storage) waits for it, rather than take
  // the same number and be lost.
  let keeping = Promise.resolve();
  function keep(form, fields, options) {
    const kept = keeping.then(() => keepNow(form, fields, options));
    keeping = kept.catch(() => {});
    return kept;
  }

  async function keepNow(form, fields, { sent = false } = {}) {
    const state = await load();
    if (!state) return;
    const kind = form.dataset.queue;
    const projected = queue.project(current.hands, drawnTaps());
    const tap = { game: state.game, kind, url: form.action, csrf: field(fields, "csrfmiddlewaretoken"), fields };
    if (kind === "record") {
      tap.number = sent ? Number(field(fields, "number")) : projected.hands.length + 1;
      tap.outcome = field(fields, "outcome");
      const over = rules.pad(projected.hands, state).winner !== null || projected.hands.length >= state.max_hands;
      if (over && !sent) return say("The game is over with the hands waiting to be sent: nothing more can be recorded.");
      tap.fields = queue.withField(fields, "number", tap.number);
    } else if (kind === "undo") {
      const last = current.taps[current.taps.length - 1];
      if (!sent && last && last.kind === "record" && last.state === "waiting" && last.number === projected.hands.length) {
        // Taking back a tap that was never sent: it just leaves the phone.
        takenBack = true;
        await queue.remove(last.id);
        await refresh();
        return say(`Hand ${last.number} (${last.outcome}) taken back; it had not been sent.`);
      }
      if (!projected.hands.length) return;
      tap.number = sent ? Number(field(fields, "number")) : projected.hands.length;
      tap.fields = queue.withField(fields, "number", tap.number);
    } else {
      tap.number = Number(form.dataset.number);
      tap.outcome = field(fields, "outcome");
    }
    await queue.add(tap);
    await refresh();
    drawnWaiting();
    if (kind === "change") {
      say(`The change of hand ${tap.number} to ${tap.outcome} is kept on this phone and will be made when the connection returns.`, form);
    } else if (!document.getElementById("pad")) {
      say(`Hand ${tap.number} (${tap.outcome}) is kept on this phone and will be recorded when the connection returns.`, form);
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

  let sending = false;
  async function send() {
    if (sending || onItsWay || !navigator.onLine) return;
    sending = true;
    let report = { sent: [] };
    try {
      report = await queue.sendAll({ csrf: csrfToken() });
    } catch (error) {
      report = { sent: [] };
    } finally {
      sending = false;
    }
    const state = pageState();
    if (report.sent.length) lastSent = Date.now();
    const ours = state && report.sent.some((tap) => tap.game === state.game);
    if (ours) await fetchPad();
    await refresh();
  }

  // The pad from the server, once taps were sent (or another phone's page sent them).
  async function fetchPad() {
    const pad = document.getElementById("pad");
    if (!pad || !window.htmx) return;
    const url = pad.getAttribute("hx-get").split("?")[0];
    try { await window.htmx.ajax("GET", url, { target: "#pad", swap: "outerHTML" }); }
    catch (error) { /* offline again: the next poll brings it */ }
  }

  // Background Sync sends what waits when the page is gone. Not asked while
  // a tap is on its way by htmx: the worker, which cannot see it, would send
  // the taps after it first; once it is answered, the page sends them.
  async function askForSync() {
    if (onItsWay || !("serviceWorker" in navigator)) return;
    try {
      const registration = await navigator.serviceWorker.ready;
      if (registration.sync) await registration.sync.register(queue.SYNC_TAG);
    } catch (error) { /* no Background Sync here: the page sends on reconnecting */ }
  }

  window.addEventListener("online", () => { drawBadge(); send(); resendCards(); });
  window.addEventListener("offline", drawBadge);
  setInterval(() => { if (waiting().length) send(); }, RETRY_MS);
  if ("BroadcastChannel" in window) {
    new BroadcastChannel(queue.CHANNEL).onmessage = async () => {
      const before = current.hands;
      await refresh();
      if (!sending && current.hands !== before) fetchPad();
    };
  }
  document.addEventListener("htmx:load", (event) => {
    if (event.detail.elt && event.detail.elt.id === "pad") refresh();
  });
  // A tap's answer patched the pad in place: drawn again with what still waits.
  document.addEventListener("pad-patched", refresh);

  // ---- The cards of "Gorilla it out" -------------------------------------------

  const CARD_FIELDS = ["taker_cards", "giver_cards", "dealer_took"];
  const cardsForm = document.querySelector("form[data-card-entry]");

  function cardsKey(game, number) { return `gorilla-cards:${game}:${number}`; }

  function keepCards() {
    const state = pageState();
    const number = cardsForm.elements.number && cardsForm.elements.number.value;
    if (!state || !number) return;
    localStorage.setItem(cardsKey(state.game, number), JSON.stringify({
      taker_cards: cardsForm.elements.taker_cards.value,
      giver_cards: cardsForm.elements.giver_cards.value,
      dealer_took: cardsForm.elements.dealer_took.checked,
    }));
  }

  // Runs before pad.js sets up the card grid (at DOMContentLoaded), which then shows what is restored.
  function restoreCards() {
    const state = pageState();
    const number = cardsForm.elements.number && cardsForm.elements.number.value;
    if (!state || !number) return;
    let kept = null;
    try { kept = JSON.parse(localStorage.getItem(cardsKey(state.game, number))); } catch (error) { kept = null; }
    if (!kept) return;
    for (const name of ["taker_cards", "giver_cards"]) {
      if (!cardsForm.elements[name].value) cardsForm.elements[name].value = kept[name] || "";
    }
    if (kept.dealer_took) cardsForm.elements.dealer_took.checked = true;
    // The card grid (pad.js) shows what the fields hold.
    cardsForm.elements.taker_cards.dispatchEvent(new Event("input", { bubbles: true }));
    cardsForm.elements.dealer_took.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function forgetRecordedCards(state) {
    const prefix = `gorilla-cards:${state.game}:`;
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(prefix) && Number(key.slice(prefix.length)) <= current.hands.length) localStorage.removeItem(key);
    }
  }

  let cardsWaiting = false;
  function cardsOffline() {
    cardsWaiting = true;
    const analysis = document.getElementById("analysis");
    if (analysis) {
      analysis.replaceChildren();
      const note = analysis.appendChild(document.createElement("p"));
      note.className = "message info";
      note.textContent = "No connection: your cards are kept on this phone, and the verdict will come when the connection returns.";
    }
  }

  function resendCards() {
    if (cardsWaiting && cardsForm && navigator.onLine) {
      cardsWaiting = false;
      cardsForm.requestSubmit();
    }
  }

  if (cardsForm) {
    restoreCards();
    cardsForm.addEventListener("input", keepCards);
    cardsForm.addEventListener("change", keepCards);
    cardsForm.addEventListener("click", () => setTimeout(keepCards, 0)); // the card grid writes the fields
    cardsForm.addEventListener("submit", (event) => {
      keepCards();
      if (!navigator.onLine) {
        event.preventDefault();
        event.stopImmediatePropagation();
        cardsOffline();
      }
    }, true);
    cardsForm.addEventListener("htmx:sendError", cardsOffline);
  }

  // The taps made before this script was ready (table.js held them) are kept, in order, and sent.
  if (window.heldEntries) window.heldEntries.ready((form) => Boolean(form.dataset.queue), (form, submitter, fields) => keep(form, fields));
  // A tap a closed page left on its way is kept as waiting, and sent.
  queue.reclaim().catch(() => {}).then(refresh).then(() => { if (waiting().length) send(); });
})();
