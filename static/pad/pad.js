// The pad's own script: keep the screen awake on a pad, and the 52-card grid of
// "Gorilla it out". Everything works without it; it only makes the phone nicer.
"use strict";

(function () {
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
        name.textContent = box.checked ? name.dataset.swapped : name.dataset.default;
      }
    };
    box.addEventListener("change", rename);
    rename();
  }

  document.addEventListener("DOMContentLoaded", () => {
    for (const form of document.querySelectorAll("[data-card-entry]")) {
      setUpCardEntry(form);
      setUpRoleNames(form);
    }
  });
})();
