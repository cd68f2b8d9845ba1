// The director's calculator: the result is told once, when the director has
// finished with a field, never while one is still being typed; a refused form
// opens on its list of problems, each of which leads to its field. The page
// works without it.
"use strict";

(function () {
  let lastAnnounced = "";

  function announce(text) {
    const announcer = document.getElementById("working-announcer");
    if (!announcer || !text || text === lastAnnounced) return;
    announcer.textContent = text;
    lastAnnounced = text;
  }

  // The working is told once the director has left a field (change), not as
  // they type (input). Leaving a field owes them the working until an answer
  // lands: the form sends one board at a time (hx-sync "this:replace"), so
  // typing on in the next field sends the board again 0.7 s after the last
  // key and gives up the answer to leaving the field if the server has not
  // sent it yet. The answer that lands instead, to the fields as they stand,
  // is the one told. Only the calculator's own requests count.
  let workingOwed = false;
  document.addEventListener("htmx:beforeRequest", (event) => {
    const form = event.detail.elt;
    if (!form || !form.matches || !form.matches("form.calculator-form")) return;
    const triggering = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
    if (triggering && triggering.type === "change") workingOwed = true;
  });
  document.addEventListener("htmx:afterSettle", (event) => {
    const working = document.getElementById("working");
    if (!working || !event.detail.target || event.detail.target.id !== "working") return;
    if (!workingOwed) return;
    workingOwed = false;
    announce(working.dataset.announce);
  });

  document.addEventListener("DOMContentLoaded", () => {
    const summary = document.querySelector("[data-error-summary]");
    if (summary) {
      if (document.activeElement !== summary) summary.focus();
      return;
    }
    // A working calculated by the button (the page itself answered): told once it is in place.
    const working = document.getElementById("working");
    if (working && working.dataset.announce && document.querySelector("form.calculator-form[data-posted]")) {
      setTimeout(() => announce(working.dataset.announce), 100);
    }
  });

  // A focused field scrolls clear of the result line kept at the top of the
  // screen. A line taller than a third of the screen (large text, a long
  // reason why there is no working yet) would leave little of the board in
  // view and cover the field being typed: it stays in its place on the page
  // instead (.in-flow), as the bars of the other games' sheets do.
  const CROWDED = 1 / 3;
  function padScroll() {
    const line = document.getElementById("working-summary");
    if (!line) return;
    line.classList.remove("in-flow");
    const sticky = getComputedStyle(line).position === "sticky";
    const height = line.getBoundingClientRect().height;
    const inFlow = sticky && height > window.innerHeight * CROWDED;
    line.classList.toggle("in-flow", inFlow);
    document.documentElement.style.setProperty("--summary-height", `${sticky && !inFlow ? Math.ceil(height) + 8 : 8}px`);
  }
  window.addEventListener("resize", padScroll);
  if ("ResizeObserver" in window) {
    const watch = new ResizeObserver(padScroll);
    document.addEventListener("DOMContentLoaded", () => {
      const line = document.getElementById("working-summary");
      if (line) watch.observe(line);
    });
    document.addEventListener("htmx:oobAfterSwap", () => {
      const line = document.getElementById("working-summary");
      if (line) { watch.disconnect(); watch.observe(line); padScroll(); }
    });
  }

})();
