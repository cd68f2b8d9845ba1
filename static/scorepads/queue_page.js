// What a page shows of what its phone keeps to send (static/scorepads/tap_queue.js):
// the badge that says what waits, standing with the box of what the player
// must settle just above the record bar, however tall it is. Shared by the
// pages that keep Gorilla's taps (static/pad/offline.js) and any game's
// entries (static/scorepads/entry_queue.js).
"use strict";

(function () {
  const ALL_SENT_MS = 5000; // how long "All sent" stays

  // The page's element of this id, made at the top of the page the first time.
  function element(id, className, role) {
    let found = document.getElementById(id);
    if (!found) {
      found = document.createElement("div");
      found.id = id;
      found.className = className;
      if (role) found.setAttribute("role", role);
      document.querySelector("main").prepend(found);
    }
    return found;
  }

  // The token of the page, which a request sent from the queue carries.
  function csrfToken() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["x-csrftoken"]; }
    catch (error) { return ""; }
  }

  // A field's value among a form's fields (name, value pairs).
  function field(fields, name) {
    const found = fields.find(([key]) => key === name);
    return found ? found[1] : "";
  }

  // The badge, from what waits: ``held`` (a choice waits for the player),
  // ``count`` (entries waiting), ``problem`` (why one could not be sent),
  // ``offline`` (whether to say the page is offline with nothing waiting),
  // ``lastSent`` (when the last were sent: "All sent" for a few seconds).
  // ``redraw`` draws it again once "All sent" is done with.
  function drawBadge({ held, count, problem, offline, lastSent }, redraw) {
    const badge = element("tap-badge", "tap-badge", "status");
    let text = "";
    if (held) text = count ? `Your choice above · ${count} more waiting` : "Your choice above";
    else if (count && problem) text = `${count} waiting: ${problem}`;
    else if (count && !navigator.onLine) text = `Offline · ${count} waiting`;
    else if (count) text = `Sending · ${count} waiting`;
    else if (!navigator.onLine && offline) text = "Offline";
    else if (Date.now() - lastSent < ALL_SENT_MS) text = "All sent";
    badge.textContent = text;
    badge.hidden = !text;
    badge.classList.toggle("all-sent", text === "All sent");
    standClear();
    if (text === "All sent") setTimeout(redraw, ALL_SENT_MS);
  }

  // The badge, the box of choices (#tap-conflicts) and a passing note
  // (#tap-note) stand just above the record bar where it is fixed to the
  // screen's foot, at the foot where it is in the page's flow (large text);
  // a focused field is scrolled clear of the badge (--queue-room).
  function standClear() {
    const bar = Array.from(document.querySelectorAll(".record-bar")).find((each) => !each.hidden && each.getClientRects().length > 0);
    const top = bar && getComputedStyle(bar).position === "fixed" ? bar.getBoundingClientRect().top : window.innerHeight;
    const room = Math.max(window.innerHeight - top, 0);
    const badge = document.getElementById("tap-badge");
    const badgeRoom = badge && !badge.hidden ? badge.offsetHeight + 8 : 0;
    const above = room + 8 + badgeRoom;
    if (badge) badge.style.bottom = `${room + 8}px`;
    // A field reached by Tab or tapped is scrolled clear of the badge too (the page's scroll padding).
    if (badgeRoom) document.documentElement.style.setProperty("--queue-room", `${badgeRoom}px`);
    else document.documentElement.style.removeProperty("--queue-room");
    for (const id of ["tap-conflicts", "tap-note"]) {
      const box = document.getElementById(id);
      if (box && (id !== "tap-note" || bar)) box.style.bottom = `${above}px`;
    }
  }
  window.addEventListener("resize", standClear);
  document.addEventListener("toggle", standClear, true);

  window.queuePage = { element, csrfToken, field, drawBadge, standClear };
})();
