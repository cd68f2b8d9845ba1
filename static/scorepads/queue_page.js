// What a page shows of what its phone keeps to send (static/scorepads/tap_queue.js):
// the badge that says what waits, in the page's frame above its status line,
// and the box of what the player must settle, in the page's flow at its top
// (the badge points to it). Shared by the
// pages that keep Gorilla's taps (static/pad/offline.js) and any game's
// entries (static/scorepads/entry_queue.js).
"use strict";

(function () {
  const ALL_SENT_MS = 5000; // how long "All sent" stays

  // What stands in the page's frame, at the top of the screen: the badge and
  // a passing note (static/card_table/site.css).
  const IN_THE_FRAME = ["tap-badge", "tap-note"];
  function frame() {
    let found = document.getElementById("queue-frame");
    if (!found) {
      found = document.createElement("div");
      found.id = "queue-frame";
      found.className = "queue-frame";
      document.querySelector("main").prepend(found);
    }
    return found;
  }

  // The page's element of this id, made at the top of the page the first time.
  function element(id, className, role) {
    let found = document.getElementById(id);
    if (!found) {
      found = document.createElement("div");
      found.id = id;
      found.className = className;
      if (role) found.setAttribute("role", role);
      const main = document.querySelector("main");
      if (IN_THE_FRAME.includes(id)) frame().append(found);
      else if (frame().parentElement === main) frame().after(found);
      else main.prepend(found);  // the badge stands in the flow by the record bar (static/card_table/site.js)
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

  // How many entries, in the words of the page's game: "1 hand", "3 more
  // taps" (the page's head names them, <meta name="entries-kept"
  // content="hand hands">, templates/scorepads/entry_queue_scripts.html).
  function entries(count, more = "") {
    const named = document.querySelector("meta[name=entries-kept]");
    const [one, several] = named ? named.content.split(" ") : ["entry", "entries"];
    return `${count} ${more}${count === 1 ? one : several}`;
  }

  // The badge, from what waits: ``held`` (a choice waits for the player),
  // ``count`` (entries waiting),
  // ``offline`` (whether to say the page is offline with nothing waiting),
  // ``lastSent`` (when the last were sent: "All sent" for a few seconds).
  // ``redraw`` draws it again once "All sent" is done with.
  function drawBadge({ held, count, offline, lastSent }, redraw) {
    const badge = element("tap-badge", "tap-badge", "status");
    const waiting = `${entries(count)} waiting`;
    let text = "";
    if (held) text = count ? `Your choice above · ${entries(count, "more ")} waiting` : "Your choice above";
    else if (count && !navigator.onLine) text = `${waiting}, kept on this phone`;
    else if (count) text = `Sending ${entries(count)} kept on this phone`;
    else if (!navigator.onLine && offline) text = "Offline";
    else if (Date.now() - lastSent < ALL_SENT_MS) text = "All sent";
    badge.textContent = text;
    badge.hidden = !text;
    badge.classList.toggle("all-sent", text === "All sent");
    standClear();
    if (text === "All sent") setTimeout(redraw, ALL_SENT_MS);
  }

  // The badge and a passing note at the top of the page's frame: the status
  // line stands below them (--badge-room), and a focused field is scrolled
  // clear of them. A note moved beside the form tapped (static/pad/offline.js)
  // stands there, in the flow.
  function standClear() {
    const holder = document.getElementById("queue-frame");
    const root = document.documentElement;
    const said = holder && Array.from(holder.children).some((child) => !child.hidden);
    if (holder) holder.hidden = !said;
    if (said) root.style.setProperty("--badge-room", `${Math.ceil(holder.getBoundingClientRect().height)}px`);
    else root.style.removeProperty("--badge-room");
    document.dispatchEvent(new CustomEvent("queue-frame-drawn"));  // the frame measured again
  }
  window.addEventListener("resize", standClear);
  document.addEventListener("toggle", standClear, true);

  window.queuePage = { element, csrfToken, field, drawBadge, standClear };
})();
