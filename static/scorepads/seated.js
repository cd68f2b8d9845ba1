// The entry of a game with seats (Two Way Street, Mah Jongg), on top of the
// table's script: what this phone was entering survives the other phone
// recording first, kept for the next hand, with a notice saying so (a refused
// entry's error summary takes the focus: static/card_table/site.js).
// Everything works without it.
"use strict";

(function () {
  // What the sheet's entry is for: the next hand's number (its meta region, scorepads/regions.html).
  function keepWhile(pad) {
    const meta = pad.querySelector("#pad-meta");
    return meta ? meta.dataset.keepWhile : undefined;
  }

  // The entry as typed before a poll's new sheet replaces the old one, when the
  // new sheet is for another hand (pad.js keeps it while the hand is the same).
  let carried = null;
  document.addEventListener("htmx:beforeSwap", (event) => {
    const pad = document.getElementById("pad");
    const request = event.detail.requestConfig;
    carried = null;
    if (!pad || event.detail.target !== pad || !request || request.verb !== "get") return;
    const form = pad.querySelector("#hand-entry");
    if (!form || !form.dataset.touched) return;
    carried = { hand: keepWhile(pad), fields: {} };
    for (const field of form.querySelectorAll("input[id], textarea[id], select[id]")) {
      if (field.type === "hidden") continue;
      carried.fields[field.id] = field.type === "checkbox" || field.type === "radio" ? field.checked : field.value;
    }
  });

  // Only an entry the player touched is carried: a sheet nobody typed on
  // shows the next hand's own defaults.
  document.addEventListener("input", (event) => {
    const form = event.target.closest && event.target.closest("#hand-entry");
    if (form) form.dataset.touched = "yes";
  });
  document.addEventListener("click", (event) => {
    const form = event.target.closest && event.target.closest("#hand-entry [data-step]");
    if (form) form.closest("#hand-entry").dataset.touched = "yes";
  });

  document.addEventListener("htmx:load", (event) => {
    const pad = event.detail.elt;
    if (!pad || pad.id !== "pad") return;
    if (pad.querySelector("[data-error-summary]")) { carried = null; return; }  // a refused entry, kept as typed
    const entry = carried;
    carried = null;
    if (!entry || entry.hand === keepWhile(pad)) return;
    const form = pad.querySelector("#hand-entry");
    if (!form) return;  // the game is over: nothing to carry to
    for (const [id, value] of Object.entries(entry.fields)) {
      const field = document.getElementById(id);
      if (!field || !form.contains(field)) continue;
      if (field.type === "checkbox" || field.type === "radio") field.checked = value; else field.value = value;
    }
    form.dataset.touched = "yes";
    const notice = document.createElement("p");
    notice.className = "entry-notice";
    notice.id = "entry-notice";
    notice.tabIndex = -1;
    // The sheet says who moved it (the other phone's record, or its undo).
    notice.textContent = Number(keepWhile(pad)) < Number(entry.hand) ? form.dataset.movedBack : form.dataset.movedOn;
    form.querySelector("h2").after(notice);
    const announcer = document.getElementById("pad-announcer");
    if (announcer) announcer.textContent = notice.textContent;
    form.dispatchEvent(new Event("input", { bubbles: true }));  // the trick count follows
  });

})();
