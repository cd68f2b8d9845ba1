// The Mah Jongg scorer's tile grid: each tap adds a tile to the hand, as a
// concealed tile, into a melded set or into a concealed kong, and writes the
// hand in the notation into the text field (which the server scores: nothing
// is scored here). The last concealed tile tapped is the winning tile. The
// page works without it: the notation is typed.
"use strict";

(function () {
  const SUIT = /^([1-9])([bcd])$/;
  const ALIASES = { s: "b", m: "c", p: "d" };

  function suitOf(tile) { const m = SUIT.exec(tile); return m ? m[2] : null; }
  function rankOf(tile) { const m = SUIT.exec(tile); return m ? Number(m[1]) : null; }

  // A group of tiles as the notation writes it: runs of one suit share the letter.
  function compact(tiles, order) {
    const sorted = [...tiles].sort((a, b) => order.get(a) - order.get(b));
    const parts = [];
    for (const tile of sorted) {
      const suit = suitOf(tile) || (/^[1-4][fy]$/.test(tile) ? tile[1] : null);
      const last = parts[parts.length - 1];
      if (suit && last && last.suit === suit) last.text = last.text.slice(0, -1) + tile[0] + suit;
      else parts.push({ suit, text: tile });
    }
    return parts.map((part) => part.text).join(" ");
  }

  // Whether a set being built can take one more tile: alike tiles up to a
  // kong (a chow only in a melded set), or a run of one suit of three.
  function canTake(set, tile) {
    const tiles = set.tiles;
    if (tiles.length === 0) return true;
    const alike = tiles.every((t) => t === tile);
    if (set.kind === "kong") return alike && tiles.length < 4;
    if (alike) return tiles.length < 4;
    if (tiles.length >= 3 || !suitOf(tile) || tiles.some((t) => suitOf(t) !== suitOf(tile))) return false;
    const ranks = [...tiles, tile].map(rankOf);
    return new Set(ranks).size === ranks.length && Math.max(...ranks) - Math.min(...ranks) <= 2;
  }

  function setUp(form) {
    const grid = form.querySelector("[data-tile-grid]");
    const field = form.elements.hand;
    const winning = form.elements.winning_tile;
    if (!grid || !field) return;
    const cells = Array.from(grid.querySelectorAll("[data-tile]"));
    const order = new Map(cells.map((cell, index) => [cell.dataset.tile, index]));
    const copies = new Map(cells.map((cell) => [cell.dataset.tile, Number(cell.dataset.copies)]));
    const tally = grid.querySelector("[data-tally]");
    let concealed = [];
    let sets = [];  // {kind: "melded" | "kong", tiles: [...]}
    let open = null;  // the set being built
    let taps = [];  // where each tap went, for "take back"

    function mode() {
      const checked = grid.querySelector("[data-mode]:checked");
      return checked ? checked.value : "concealed";
    }

    function counts() {
      const count = new Map();
      for (const tile of [...concealed, ...sets.flatMap((set) => set.tiles)]) count.set(tile, (count.get(tile) || 0) + 1);
      return count;
    }

    function paint(message) {
      const count = counts();
      for (const cell of cells) {
        const n = count.get(cell.dataset.tile) || 0;
        cell.querySelector("[data-count]").textContent = n ? String(n) : "";
        cell.toggleAttribute("data-full", n >= copies.get(cell.dataset.tile));
        cell.querySelector("[data-count-said]").textContent = n ? `, ${n} in the hand` : "";
      }
      const tiles = concealed.length + sets.reduce((sum, set) => sum + set.tiles.length, 0);
      const melded = sets.length ? `, ${sets.length} declared set${sets.length === 1 ? "" : "s"}` : "";
      tally.textContent = message || (tiles ? `${tiles} tiles${melded}.` : "");
    }

    function write() {
      const parts = [];
      if (concealed.length) parts.push(compact(concealed, order));
      for (const set of sets) {
        if (!set.tiles.length) continue;
        const text = compact(set.tiles, order).replace(/ /g, "");
        parts.push(set.kind === "kong" ? `{${text}}` : `[${text}]`);
      }
      field.value = parts.join(" ");
      const lastConcealed = taps.filter((tap) => tap.where === "concealed" && !/[fy]$/.test(tap.tile)).pop();
      if (winning) winning.value = lastConcealed ? lastConcealed.tile : "";
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }

    grid.addEventListener("click", (event) => {
      const action = event.target.closest("[data-tile-action]");
      if (action) {
        if (action.dataset.tileAction === "clear") { concealed = []; sets = []; open = null; taps = []; }
        else if (taps.length) {
          const tap = taps.pop();
          if (tap.where === "concealed") concealed.splice(concealed.lastIndexOf(tap.tile), 1);
          else {
            tap.where.tiles.pop();
            if (!tap.where.tiles.length) { sets = sets.filter((set) => set !== tap.where); }
            open = tap.where.tiles.length ? tap.where : null;
          }
        }
        write(); paint();
        return;
      }
      const cell = event.target.closest("[data-tile]");
      if (!cell) return;
      const tile = cell.dataset.tile;
      if ((counts().get(tile) || 0) >= copies.get(tile)) {
        paint(`There are only ${copies.get(tile)} of that tile.`);
        return;
      }
      const kind = mode();
      if (kind === "concealed" || /[fy]$/.test(tile)) {
        concealed.push(tile);
        taps.push({ where: "concealed", tile });
      } else {
        if (!open || open.kind !== kind || !canTake(open, tile)) {
          open = { kind, tiles: [] };
          sets.push(open);
        }
        open.tiles.push(tile);
        taps.push({ where: open, tile });
      }
      write(); paint();
    });
    grid.addEventListener("change", (event) => {
      if (event.target.matches("[data-mode]")) open = null;  // a new set starts
    });

    // A hand typed in the grid's own forms shows on the grid; any other text is left to the server.
    field.addEventListener("input", (event) => {
      if (!event.isTrusted) return;
      const read = readTyped(field.value);
      if (read) { concealed = read.concealed; sets = read.sets; open = null; taps = []; }
      paint(read ? "" : "The grid shows the hand when it is written as the grid writes it.");
    });
    const read = readTyped(field.value);
    if (read) { concealed = read.concealed; sets = read.sets; }
    rove(cells);
    grid.hidden = false;
    paint();
  }

  // The grid is one Tab stop: the arrow keys move between its tiles (across a
  // row, and up and down between rows), Home and End to a row's ends.
  function rove(cells) {
    const rows = [];
    for (const cell of cells) {
      const row = cell.closest(".tile-row");
      if (!rows.length || rows[rows.length - 1].row !== row) rows.push({ row, cells: [] });
      rows[rows.length - 1].cells.push(cell);
    }
    function focusOn(cell) {
      for (const other of cells) other.tabIndex = other === cell ? 0 : -1;
      cell.focus();
    }
    cells.forEach((cell, index) => { cell.tabIndex = index === 0 ? 0 : -1; });
    rows.forEach((line, r) => line.cells.forEach((cell, c) => {
      cell.addEventListener("keydown", (event) => {
        const moves = {
          ArrowRight: () => line.cells[c + 1] || (rows[r + 1] && rows[r + 1].cells[0]),
          ArrowLeft: () => line.cells[c - 1] || (rows[r - 1] && rows[r - 1].cells[rows[r - 1].cells.length - 1]),
          ArrowDown: () => rows[r + 1] && rows[r + 1].cells[Math.min(c, rows[r + 1].cells.length - 1)],
          ArrowUp: () => rows[r - 1] && rows[r - 1].cells[Math.min(c, rows[r - 1].cells.length - 1)],
          Home: () => line.cells[0],
          End: () => line.cells[line.cells.length - 1],
        };
        if (!(event.key in moves)) return;
        event.preventDefault();
        const next = moves[event.key]();
        if (next) focusOn(next);
      });
      cell.addEventListener("click", () => { for (const other of cells) other.tabIndex = other === cell ? 0 : -1; });
    }));
  }

  // The score card is said once it is scored: after a tap (a tile, a wind,
  // "Score the hand"), never while the hand or the winning tile is typed.
  let lastSaid = "";
  document.addEventListener("htmx:afterSwap", (event) => {
    const card = document.getElementById("score-card");
    const status = document.getElementById("card-status");
    const target = event.detail.target;
    if (!card || !status || !target || target.id !== "score-card") return;
    const active = document.activeElement;
    if (active && active.matches("input[type='text']")) return;
    const text = card.dataset.announce || "";
    if (text && text !== lastSaid) status.textContent = text;
    lastSaid = text;
  });
  document.addEventListener("focusout", (event) => {
    // Leaving a typed field says the card as it now stands.
    if (!event.target.matches || !event.target.matches("[data-hand-field]")) return;
    const card = document.getElementById("score-card");
    const status = document.getElementById("card-status");
    if (card && status && card.dataset.announce && card.dataset.announce !== lastSaid) {
      status.textContent = card.dataset.announce;
      lastSaid = card.dataset.announce;
    }
  });

  // "123b EEE [555d] {RdRdRdRd}" read back into tiles; null for anything else.
  function readTyped(text) {
    const result = { concealed: [], sets: [] };
    let target = result.concealed;
    const token = /\s*(\[|\]|\{|\}|[1-9]+[bcdsmp]|[1-4]+[fy]|Rd|Gd|Wh|[ESWN])/giy;
    let match;
    let at = 0;
    while ((match = token.exec(text)) !== null) {
      at = token.lastIndex;
      const item = match[1];
      if (item === "[" || item === "{") { target = []; result.sets.push({ kind: item === "[" ? "melded" : "kong", tiles: target }); continue; }
      if (item === "]" || item === "}") { target = result.concealed; continue; }
      const run = /^([1-9]+)([a-z])$/i.exec(item);
      if (run) {
        const letter = run[2].toLowerCase();
        for (const digit of run[1]) target.push(digit + (ALIASES[letter] || letter));
      } else {
        const honour = item.length === 1 ? item.toUpperCase() : item[0].toUpperCase() + item[1].toLowerCase();
        target.push(honour);
      }
    }
    return text.slice(at).trim() === "" ? result : null;
  }

  if (typeof module !== "undefined") module.exports = { ALIASES, compact, canTake, readTyped };  // for the tests, under node

  document.addEventListener("DOMContentLoaded", () => {
    for (const form of document.querySelectorAll("[data-tile-entry]")) setUp(form);
  });
})();
