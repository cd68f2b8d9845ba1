// Entering a Two Way Street hand: the steppers beside each player's tricks, and
// a running check that the tricks add up to the hand's, where it is given.
// The form works without it (number fields); the server checks everything.
"use strict";

(function () {
  function clamp(value, input) {
    const min = Number(input.min || 0);
    const max = input.max === "" ? Infinity : Number(input.max);
    return Math.min(Math.max(value, min), max);
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-step]");
    if (!button) return;
    const input = document.getElementById(button.dataset.for);
    if (!input) return;
    const current = Number.parseInt(input.value, 10);
    input.value = clamp((Number.isNaN(current) ? 0 : current) + Number(button.dataset.step), input);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  // "Tricks entered: 11 of 13": shown as the player changes them, in red when they do not add up.
  function showSum(form) {
    const out = form.querySelector("[data-trick-sum]");
    if (!out) return;
    let sum = 0;
    for (const input of form.querySelectorAll("[data-tricks]")) {
      const value = Number.parseInt(input.value, 10);
      if (!Number.isNaN(value)) sum += value;
    }
    const total = form.querySelector("[data-tricks-in-hand]");
    const wanted = total ? Number.parseInt(total.value, 10) : NaN;
    out.textContent = Number.isNaN(wanted) ? `Tricks entered: ${sum}.` : `Tricks entered: ${sum} of ${wanted}.`;
    out.classList.toggle("off", !Number.isNaN(wanted) && sum !== wanted);
  }

  document.addEventListener("input", (event) => {
    const form = event.target.closest("form[data-trick-check]");
    if (form) showSum(form);
  });

  function showAll() {
    for (const form of document.querySelectorAll("form[data-trick-check]")) showSum(form);
  }
  document.addEventListener("DOMContentLoaded", showAll);
  // A new sheet swapped in (after a hand, or the other phone's change).
  document.addEventListener("htmx:load", showAll);
})();
