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

  // The working came as the director typed (input) or left a field (change):
  // only the second is told. htmx:load: the old region left the page in the swap.
  let trigger = null;
  document.addEventListener("htmx:beforeRequest", (event) => {
    const triggering = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
    trigger = triggering ? triggering.type : null;
  });
  document.addEventListener("htmx:afterSettle", (event) => {
    const working = document.getElementById("working");
    if (!working || !event.detail.target || event.detail.target.id !== "working") return;
    if (trigger === "change") announce(working.dataset.announce);
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
