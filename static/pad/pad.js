// Gorilla's own script: the 52-card grid of "Gorilla it out", and the cards
// typed there kept on the phone. (One tap is one
// hand, the partner's updates and announcements, the taps held until the
// queue is ready: static/scorepads/table.js; the toast and the Copy and Share
// buttons: static/card_table/site.js.)
// Everything works without it.
"use strict";

// The cards written in a field of "Gorilla it out", as the grid names them
// ("10S"), in either of the solver's notations (solver/cards.py): card by card,
// rank then suit ("AS 10H TD 9c", "A♠"), or suit by suit ("S AJT3 H A63 C -",
// a suit given again goes on: "S5 S4"). What is not a card is left out: the
// server names it. Compared with the solver in tests/pad/test_card_notation_js.py.
function readCards(text) {
  const SUIT_LETTERS = { S: "S", H: "H", D: "D", C: "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C" };
  const body = text.replace(/[\ufe0e\ufe0f]/g, "").toUpperCase().replace(/^[\s,;]+/, "");
  const tokens = body.split(/[\s,;]+/).filter(Boolean);
  const cards = [];
  if (!(body.charAt(0) in SUIT_LETTERS)) {
    for (const token of tokens) {
      const match = /^(10|[2-9TJQKA])(.)$/.exec(token);
      if (match && match[2] in SUIT_LETTERS) cards.push((match[1] === "T" ? "10" : match[1]) + SUIT_LETTERS[match[2]]);
    }
    return cards;
  }
  let suit = "";
  for (const token of tokens) {
    for (let position = 0; position < token.length; position += 1) {
      const char = token.charAt(position);
      if (char in SUIT_LETTERS) suit = SUIT_LETTERS[char];
      else if (char === "1" && token.charAt(position + 1) === "0") { cards.push("10" + suit); position += 1; }
      else if (char === "T") cards.push("10" + suit);
      else if ("AKQJ98765432".includes(char)) cards.push(char + suit);
    }
  }
  return cards;
}

(function () {
  // The card grid: each tap moves a card from nobody to the taker to the giver
  // and back. It is one Tab stop: the arrow keys move between its cards.
  const OWNERS = ["", "taker", "giver"];

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
      // Cards typed in either notation show on the grid (the server says what is wrong).
      owner.clear();
      for (const who of ["taker", "giver"]) {
        for (const card of readCards(fields[who].value)) {
          if (byCard.has(card) && !owner.has(card)) owner.set(card, who);
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
      rove(cell);
    });

    // One Tab stop (the card last used), arrows inside: left and right go card
    // by card, up and down to the same rank in the suit above or below.
    function rove(cell, focus) {
      for (const other of cells) other.tabIndex = other === cell ? 0 : -1;
      if (focus) cell.focus();
    }
    const STEPS = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 13, ArrowUp: -13 };
    grid.addEventListener("keydown", (event) => {
      const index = cells.indexOf(event.target);
      if (index < 0) return;
      let next = null;
      if (event.key in STEPS) next = index + STEPS[event.key];
      else if (event.key === "Home") next = 0;
      else if (event.key === "End") next = cells.length - 1;
      if (next === null) return;
      event.preventDefault();
      rove(cells[Math.min(cells.length - 1, Math.max(0, next))], true);
    });
    rove(cells[0]);

    for (const field of Object.values(fields)) field.addEventListener("input", readFields);
    grid.hidden = false;
    readFields();
  }

  // The solver's answer (#analysis, drawn again by each "Gorilla it out") is
  // read out once, in a live region that stays, and brought into view: the
  // verdict and the button that records it.
  document.addEventListener("htmx:load", (event) => {
    const analysis = event.detail.elt;
    if (!analysis || analysis.id !== "analysis") return;
    const announcer = document.getElementById("analysis-announcer");
    const verdict = analysis.querySelector(".verdict");
    const problems = Array.from(analysis.querySelectorAll(".message"), (message) => message.textContent.trim());
    const text = verdict
      ? `${verdict.querySelector("h2").textContent.trim()}. ${verdict.querySelector(".reason").textContent.trim()}`
      : problems.join(" ");
    if (announcer && text) {
      announcer.textContent = "";
      setTimeout(() => { announcer.textContent = text; }, 100);
    }
    const first = verdict || analysis.querySelector(".message");
    if (!first) return;
    const button = analysis.querySelector(".verdict-form .tap");
    const top = first.getBoundingClientRect().top;
    const bottom = (button || first).getBoundingClientRect().bottom;
    const margin = 12;
    if (top >= 0 && bottom <= window.innerHeight) return;
    const start = window.scrollY + top - margin;
    const fits = bottom - top + 2 * margin <= window.innerHeight;
    window.scrollTo({ top: fits ? start : window.scrollY + bottom + margin - window.innerHeight, behavior: "instant" });
  });

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

  // The dealer's tick belongs to the main record form (its form attribute),
  // yet it says who took whichever way the hand is recorded: a form naming
  // controls in data-with (the Fates' point, the irregularity) sends them
  // too, however its fields are read (htmx, the offline queue, the browser).
  document.addEventListener("formdata", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.dataset.with) return;
    for (const id of form.dataset.with.split(" ")) {
      const control = document.getElementById(id);
      if (!control || control.form === form || !control.name) continue;
      if (control.type === "checkbox" && !control.checked) event.formData.delete(control.name);
      else event.formData.set(control.name, control.value);
    }
  }, true);

  // The pad's hands as stored, which waiting taps are drawn on: the whole
  // pad writes them (data-hands), a tap's patch only says them (X-Pad-Hands).
  document.addEventListener("htmx:beforeSwap", (event) => {
    const pad = document.getElementById("pad");
    const xhr = event.detail.xhr;
    if (!pad || !xhr || !event.detail.shouldSwap || !xhr.getResponseHeader("X-Pad-Patch")) return;
    const hands = xhr.getResponseHeader("X-Pad-Hands");
    if (hands !== null) pad.dataset.hands = hands;
  });

  // The page's game as the server drew it ([data-table-state]: its JSON),
  // with the hands it holds (on the pad, its data-hands, which the next
  // block keeps) and, on the pad, its version (its meta region's). Null on
  // a page with none.
  window.padState = () => {
    try {
      const holder = document.querySelector("[data-table-state]");
      const meta = document.getElementById("pad-meta");
      const state = { hands: holder.dataset.hands || "", ...JSON.parse(holder.dataset.tableState) };
      return meta ? { ...state, version: Number(meta.value) } : state;
    } catch (error) { return null; }
  };

  // The cards typed on "Gorilla it out" are kept on the phone until their
  // hand is recorded: a page closed, or a verdict asked for without a
  // connection (it comes when the connection returns), loses none of them.
  const cardsForm = document.querySelector("form[data-card-entry]");
  const padState = () => window.padState() || {};
  const CARDS = "gorilla-cards:";
  function cardsKey() {
    const number = cardsForm.elements.number && cardsForm.elements.number.value;
    const { game } = padState();
    return game !== undefined && number ? `${CARDS}${game}:${number}` : "";
  }

  function keepCards() {
    const { taker_cards: taker, giver_cards: giver, dealer_took: took } = cardsForm.elements;
    const key = cardsKey();
    if (key) localStorage.setItem(key, JSON.stringify({ taker_cards: taker.value, giver_cards: giver.value, dealer_took: took.checked }));
  }

  // Before the card grid is set up (at DOMContentLoaded), which then shows what is restored.
  function restoreCards() {
    const fields = cardsForm.elements;
    let kept = null;
    try { kept = cardsKey() && JSON.parse(localStorage.getItem(cardsKey())); } catch (error) { kept = null; }
    if (!kept) return;
    for (const name of ["taker_cards", "giver_cards"]) if (!fields[name].value) fields[name].value = kept[name] || "";
    if (kept.dealer_took) fields.dealer_took.checked = true;
    fields.taker_cards.dispatchEvent(new Event("input", { bubbles: true }));
    fields.dealer_took.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // The cards of the hands the pad holds are done with.
  function forgetRecordedCards() {
    const { game, hands = "" } = padState();
    if (game === undefined) return;
    const prefix = `${CARDS}${game}:`;
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(prefix) && Number(key.slice(prefix.length)) <= hands.length) localStorage.removeItem(key);
    }
  }

  let cardsWaiting = false;
  function cardsOffline() {
    cardsWaiting = true;
    const analysis = document.getElementById("analysis");
    if (!analysis) return;
    const note = document.createElement("p");
    note.className = "message info";
    note.textContent = "No connection: your cards are kept on this phone, and the verdict will come when the connection returns.";
    analysis.replaceChildren(note);
  }

  if (cardsForm) {
    restoreCards();
    cardsForm.addEventListener("input", keepCards);
    cardsForm.addEventListener("change", keepCards);
    cardsForm.addEventListener("click", () => setTimeout(keepCards, 0)); // the card grid writes the fields
    cardsForm.addEventListener("submit", (event) => {
      keepCards();
      if (navigator.onLine) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      cardsOffline();
    }, true);
    cardsForm.addEventListener("htmx:sendError", cardsOffline);
    window.addEventListener("online", () => {
      if (cardsWaiting) cardsForm.requestSubmit();
      cardsWaiting = false;
    });
  }
  forgetRecordedCards();
  document.addEventListener("pad-patched", forgetRecordedCards);
  document.addEventListener("htmx:load", (event) => { if (event.detail.elt && event.detail.elt.id === "pad") forgetRecordedCards(); });

  document.addEventListener("DOMContentLoaded", () => {
    for (const form of document.querySelectorAll("[data-card-entry]")) {
      setUpCardEntry(form);
      setUpRoleNames(form);
    }
  });
})();
