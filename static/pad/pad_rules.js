// The pad's rules (pad/rules.py), for drawing on the phone the pad as it will
// be while taps wait to be sent: which inning each mark joins, the running
// totals once definite, the score, the end of the game and the hand from which
// it was the partners' to win. The numbers (game point, winning lead) come
// from the server with the pad; tests check this against pad/rules.py. Then
// Gorilla's kind of entry in the page's queue, which draws with them.
"use strict";

(function (scope) {
  const COLUMNS = ["M", "P", "I"];

  function winner(partnership, fates, rules) {
    if (partnership >= rules.game_point && partnership - fates >= rules.winning_lead) return "partnership";
    if (fates >= rules.game_point && fates - partnership >= rules.winning_lead) return "fates";
    return null;
  }

  function score(hands) {
    let partnership = 0;
    for (const outcome of hands) if (outcome === "M") partnership += 1;
    return { partnership, fates: hands.length - partnership };
  }

  // A mark joins the current inning only if its column is not left of the previous mark's.
  function placeMarks(hands) {
    const innings = [];
    hands.split("").forEach((outcome, index) => {
      const column = COLUMNS.indexOf(outcome);
      const current = innings[innings.length - 1];
      if (!current || column < current[current.length - 1].column) innings.push([]);
      innings[innings.length - 1].push({ hand: index + 1, outcome, column });
    });
    return innings;
  }

  // A column's total is definite once a mark of the same inning lies to its
  // right, or once the inning is closed (a later inning began, or the game ended).
  function runningTotals(innings, gameOver) {
    const counts = [0, 0, 0];
    return innings.map((marks, index) => {
      for (const mark of marks) counts[mark.column] += 1;
      const closed = gameOver || index < innings.length - 1;
      const rightmost = Math.max(...marks.map((mark) => mark.column));
      return counts.map((count, column) => (closed || column < rightmost ? count : null));
    });
  }

  // The first hand after which counting every P as the partners' would have won them the game.
  function responsibleFrom(hands, rules) {
    let madeOrPossible = 0;
    let impossible = 0;
    for (let index = 0; index < hands.length; index += 1) {
      if (hands[index] === "I") impossible += 1; else madeOrPossible += 1;
      if (winner(madeOrPossible, impossible, rules) === "partnership") return index + 1;
    }
    return null;
  }

  /** Everything the chart shows for ``hands`` (a string such as "MPIM"). */
  function pad(hands, rules) {
    const { partnership, fates } = score(hands);
    const won = winner(partnership, fates, rules);
    const innings = placeMarks(hands);
    return {
      innings,
      totals: runningTotals(innings, won !== null),
      score: { partnership, fates },
      winner: won,
      responsibleFrom: responsibleFrom(hands, rules),
    };
  }

  /** Whether nothing more can be recorded after ``hands``: the game is won, or
   * its pad holds the most hands it can (``rules.max_hands``). */
  function over(hands, rules) {
    const { partnership, fates } = score(hands);
    return winner(partnership, fates, rules) !== null || hands.length >= rules.max_hands;
  }

  /** Who deals hand ``number``: the first dealer, then the deal alternates every hand. */
  function dealer(number, firstDealer) {
    const other = firstDealer === "odd" ? "even" : "odd";
    return number % 2 === 1 ? firstDealer : other;
  }

  scope.padRules = { COLUMNS, pad, dealer, winner, over };
})(self);

// Gorilla's taps in the queue every game's entries go by
// (static/scorepads/entry_queue.js), which keeps them, sends them and settles
// them: what is Gorilla's alone is told it here. A tap (a form marked
// data-queue: record, undo or change) numbers its hand from the pad's hands
// and the taps waiting; the pad is drawn as it will be, each tap waiting a
// mark from the rules above; a conflict with the other phone is told in the
// pad's words, with the choice to record the tap as the next hand.
(function () {
  const rules = self.padRules;
  const queue = self.tapQueue;
  const entryQueue = self.entryQueue;
  if (typeof module !== "undefined") module.exports = { inningRow }; // for the tests, under node
  if (!queue || !entryQueue || !self.padState) return;
  const { field } = entryQueue;

  const pageState = () => self.padState(); // static/pad/pad.js

  // The newest hands seen from the server: the page's, or those kept on the
  // phone when newer (the page came from the phone's copy).
  let current = { game: null, hands: "" };
  async function load() {
    const state = pageState();
    if (!state) return;
    try {
      const kept = await queue.remember(state.game, state.version, state.hands);
      current = { game: state.game, hands: kept.hands };
    } catch (error) { /* storage refused (private mode): taps go as before */ }
  }

  function draw() {
    const state = pageState();
    if (state && state.game === current.game) drawPad(state);
  }

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
    const projected = queue.project(current.hands, entryQueue.drawnIn(state.game));
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
    const over = rules.over(projected.hands, state);
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

  // ---- Taps and conflicts ----------------------------------------------------

  // The tap a form's fields make, as it leaves by htmx.
  function leaving(form, fields) {
    const state = pageState();
    if (!state) return null;
    const kind = form.dataset.queue;
    const tap = { game: state.game, kind, url: form.action, csrf: field(fields, "csrfmiddlewaretoken"), fields, state: "waiting" };
    tap.number = kind === "change" ? Number(form.dataset.number) : Number(field(fields, "number"));
    if (kind !== "undo") tap.outcome = field(fields, "outcome");
    return tap;
  }

  // The tap to keep on the phone, numbered after the taps waiting, or as it
  // was (``sent``: it left, and its answer never came). Null when there is
  // nothing to keep.
  async function kept(form, fields, { sent = false } = {}) {
    const state = pageState();
    const tap = leaving(form, fields);
    if (!tap) return null;
    if (sent || tap.kind === "change") return tap;
    const projected = queue.project(current.hands, entryQueue.drawnIn(state.game));
    if (tap.kind === "record") {
      if (rules.over(projected.hands, state)) return say("The game is over with the hands waiting to be sent: nothing more can be recorded.");
      tap.number = projected.hands.length + 1;
    } else {
      const taps = entryQueue.waitingIn(state.game);
      const last = taps[taps.length - 1];
      if (last && last.kind === "record" && last.state === "waiting" && last.number === projected.hands.length) {
        // Taking back a tap that was never sent: it just leaves the phone.
        await entryQueue.drop(last.id);
        await entryQueue.refresh();
        return say(`Hand ${last.number} (${last.outcome}) taken back; it had not been sent.`);
      }
      if (!projected.hands.length) return null;
      tap.number = projected.hands.length;
    }
    tap.fields = queue.withField(fields, "number", tap.number);
    return tap;
  }

  function say(text, form) {
    entryQueue.say(text, form);
    return null;
  }

  // A tap kept: its mark is brought on the screen (static/scorepads/table.js),
  // and a tap whose mark is not on this page is told where the finger is.
  function told(tap, form) {
    document.dispatchEvent(new CustomEvent("entries-drawn-waiting"));
    if (tap.kind === "change") {
      say(`The change of hand ${tap.number} to ${tap.outcome} is kept on this phone and will be made when the connection returns.`, form);
    } else if (!document.getElementById("pad")) {
      say(`Hand ${tap.number} (${tap.outcome}) is kept on this phone and will be recorded when the connection returns.`, form);
    }
  }

  // What the conflict is, in the pad's words, and the player's choices.
  function refusal(tap) {
    const told = tap.conflict.hands !== undefined ? describe(tap, tap.conflict.hands) : {
      text: `Your ${tap.kind === "undo" ? "undo" : tap.outcome} for hand ${tap.number} could not be sent: ${tap.conflict.problem}.`,
      again: "Send it again",
    };
    const choices = [[told.again, "again", "made"], ["Drop it", "drop", "secondary"]].filter(([label]) => label);
    return { text: told.text, choices };
  }

  function describe(tap, hands) {
    const over = rules.over(hands, pageState() || {});
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

  entryQueue.register({
    takes: (form) => Boolean(form.dataset.queue),
    group: () => (pageState() || {}).game,
    groups: () => { const state = pageState(); return state ? [state.game] : []; },
    entry: (form, button, fields, how = {}) => (how.leaving ? leaving(form, fields) : kept(form, fields, how)),
    load,
    draw,
    kept: told,
    answered: () => drawnAsServed(document.getElementById("pad")), // the pad the answer was made for
    refusal,
    settle: (tap, choice) => queue.resolve(tap.id, choice),
    seen: () => current.hands,
  });
})();
