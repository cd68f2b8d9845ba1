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

  // A focused field scrolls clear of the result line kept at the top of the screen.
  function padScroll() {
    const line = document.getElementById("working-summary");
    if (!line) return;
    const height = getComputedStyle(line).position === "sticky" ? line.getBoundingClientRect().height : 0;
    document.documentElement.style.setProperty("--summary-height", `${Math.ceil(height) + 8}px`);
  }
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
