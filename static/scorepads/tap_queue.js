// Entries kept on the phone until the server has them, of every game: made
// without a connection, or whose answer never came, they wait here, in
// IndexedDB, and are sent in the order they were made, one at a time, when
// the connection returns; one a page sends itself is written here as it
// leaves (on its way). The server answers X-Entry "done" when it holds the
// entry's key (made now or before), "refused" otherwise
// (scorepads/entries.py), so an entry sent twice is made once; a Gorilla
// tap's answer also says the pad's hands as stored (X-Pad-Hands), kept to
// draw its taps waiting and the choices after a conflict. An entry refused,
// or not taken (a 404, a session ended), waits for the player's choice
// (state "conflict"), sent by no one meanwhile. Used by the page's queue
// (static/scorepads/entry_queue.js) and by the service worker (Background
// Sync), so nothing here touches a page.
"use strict";

(function (scope) {
  const DATABASE = "scorepad-taps";
  const TAPS = "taps"; // the taps waiting, in the order they were made
  const PADS = "pads"; // each game's hands as last seen from the server
  const CHANNEL = "scorepad-taps";
  const SEND_LOCK = "scorepad-taps-send";
  const HANDS_HEADER = "X-Pad-Hands";
  const VERSION_HEADER = "X-Pad-Version";
  const ENTRY_HEADER = "X-Entry";

  let opening = null;
  function database() {
    if (!opening) {
      opening = new Promise((resolve, reject) => {
        const request = indexedDB.open(DATABASE, 1);
        request.onupgradeneeded = () => {
          const db = request.result;
          db.createObjectStore(TAPS, { keyPath: "id", autoIncrement: true }).createIndex("game", "game");
          db.createObjectStore(PADS, { keyPath: "game" });
        };
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => { opening = null; reject(request.error); };
      });
    }
    return opening;
  }

  function settled(request) {
    return new Promise((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }

  // Several writes that stand or fall together.
  async function writing(stores, work) {
    const db = await database();
    const transaction = db.transaction(stores, "readwrite");
    work(transaction);
    return new Promise((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = transaction.onabort = () => reject(transaction.error);
    });
  }

  async function reading(store) {
    return (await database()).transaction(store, "readonly").objectStore(store);
  }

  let channel = null;
  function changed() {
    if (!("BroadcastChannel" in scope)) return;
    channel = channel || new BroadcastChannel(CHANNEL);
    channel.postMessage("changed");
  }

  /** The taps waiting (of one game, or of all), oldest first. */
  async function taps(game) {
    const store = await reading(TAPS);
    const found = await settled(game === undefined ? store.getAll() : store.index("game").getAll(game));
    return found.sort((a, b) => a.id - b.id);
  }

  async function add(tap) {
    const store = (await database()).transaction(TAPS, "readwrite").objectStore(TAPS);
    tap.id = await settled(store.add({ state: "waiting", conflict: null, made: Date.now(), ...tap }));
    changed();
    return tap;
  }

  async function remove(id) {
    await writing([TAPS], (transaction) => transaction.objectStore(TAPS).delete(id));
    changed();
  }

  // A tap changed by an answer, unless the player dropped it meanwhile.
  async function update(tap) {
    await writing([TAPS], (transaction) => {
      const store = transaction.objectStore(TAPS);
      store.get(tap.id).onsuccess = (event) => { if (event.target.result) store.put(tap); };
    });
    changed();
  }

  /** A game's hands as last seen from the server: { game, version, hands }. */
  async function pad(game) {
    return settled((await reading(PADS)).get(game));
  }

  /** Keep what the server said of a game's hands, unless something newer is kept. */
  async function remember(game, version, hands) {
    const kept = await pad(game);
    if (kept && kept.version > version) return kept;
    const seen = { game, version, hands };
    await writing([PADS], (transaction) => transaction.objectStore(PADS).put(seen));
    return seen;
  }

  /** The hands as they will be once the waiting taps are recorded, and which of them are waiting. */
  function project(hands, waiting) {
    const played = hands.split("");
    const pending = new Set();
    for (const tap of waiting) {
      if (tap.state !== "waiting") continue; // a conflict waits for the player
      if (tap.kind === "record" && tap.number === played.length + 1) {
        played.push(tap.outcome);
        pending.add(tap.number);
      } else if (tap.kind === "undo" && tap.number === played.length) {
        played.pop();
        pending.delete(tap.number);
      } else if (tap.kind === "change" && tap.number <= played.length) {
        played[tap.number - 1] = tap.outcome;
        pending.add(tap.number);
      }
    }
    return { hands: played.join(""), pending };
  }

  /** ``fields`` (name, value pairs) with ``name`` set to ``value``, once. */
  function withField(fields, name, value) {
    return fields.filter(([key]) => key !== name).concat([[name, String(value)]]);
  }

  // The game's taps numbered to follow ``hands``: records take the next
  // numbers in turn, an undo the last; a change keeps its hand.
  function renumbered(gameTaps, hands) {
    let next = hands.length + 1;
    return gameTaps.map((tap) => {
      if (tap.kind === "record") {
        const number = next;
        next += 1;
        return { ...tap, number, fields: withField(tap.fields, "number", number) };
      }
      if (tap.kind === "undo") {
        next -= 1;
        return { ...tap, number: next, fields: withField(tap.fields, "number", next) };
      }
      return tap;
    });
  }

  /** The player's answer to a conflict: send the tap again after the pad's
   * hands ("again") or drop it ("drop"); the game's other taps follow on. */
  async function resolve(id, choice) {
    const gameTaps = await taps();
    const tap = gameTaps.find((each) => each.id === id);
    if (!tap) return;
    const seen = await pad(tap.game);
    const hands = tap.conflict && tap.conflict.hands !== undefined ? tap.conflict.hands : (seen ? seen.hands : "");
    let rest = gameTaps.filter((each) => each.game === tap.game && each.id !== id && each.state !== "sending");
    if (choice === "again") {
      const again = { ...tap, state: "waiting", conflict: null };
      if (again.kind === "change") again.fields = withField(again.fields, "shown", hands[again.number - 1] || "");
      rest = rest.concat([again]).sort((a, b) => a.id - b.id);
    }
    const following = renumbered(rest, hands);
    await writing([TAPS], (transaction) => {
      const store = transaction.objectStore(TAPS);
      if (choice !== "again") store.delete(id);
      for (const each of following) store.put(each);
    });
    changed();
  }

  async function send(tap, csrf) {
    let response;
    const headers = { "HX-Request": "true", "X-CSRFToken": csrf || tap.csrf };
    if (tap.kind === "entry") headers["X-Entry-Queued"] = "true";
    try {
      response = await fetch(tap.url, {
        method: "POST",
        body: new URLSearchParams(tap.fields),
        credentials: "same-origin",
        redirect: "manual",
        headers,
      });
    } catch (error) {
      return { outcome: "offline" };
    }
    const said = response.ok ? response.headers.get(ENTRY_HEADER) : null;
    if (tap.kind !== "entry" && said !== null) {
      // A Gorilla tap: its pad, when the view drew one, says the hands as
      // stored, which the player's choice after a refusal is drawn from.
      const hands = response.headers.get(HANDS_HEADER);
      const seen = hands === null ? {} : { hands, version: Number(response.headers.get(VERSION_HEADER) || 0) };
      if (said === "done") return { outcome: "sent", ...seen };
      return { outcome: "conflict", conflict: hands === null ? { problem: "the server did not take it" } : { hands }, ...seen };
    }
    if (said === "done") return { outcome: "sent", location: response.headers.get(`${ENTRY_HEADER}-Location`) || "" };
    if (said === "refused") {
      let problem = response.headers.get(`${ENTRY_HEADER}-Problem`) || "";
      try { problem = decodeURIComponent(problem); } catch (error) { /* as it came */ }
      return { outcome: "conflict", conflict: { problem, answered: true } }; // the view's answer about the entry
    }
    if (response.type === "opaqueredirect" || response.status === 403) {
      return { outcome: "problem", problem: "log in again to send it" };
    }
    if (response.status === 429 || response.status >= 500) return { outcome: "later" };
    return { outcome: "problem", problem: `the server refused it (${response.status})` };
  }

  // ---- Taps on their way ---------------------------------------------------------
  //
  // A tap a page sends itself (by htmx) is written here before it leaves, as
  // on its way (state "sending"), and the page holds a lock named after its
  // key while its answer is awaited. Its answer come, the page removes it; no
  // answer, the page keeps it as waiting. Should the page close first, its
  // lock goes with it, and the next sender (a page, Background Sync) sends the
  // tap as it sends one waiting: recorded once, by its key.

  const ON_ITS_WAY_LOCK = "scorepad-tap-on-its-way:";
  const ON_ITS_WAY_MS = 60000; // with no Web Locks: a tap on its way longer than this is the page's no more

  function keyOf(tap) {
    const found = (tap.fields || []).find(([name]) => name === "entry_key");
    return found ? found[1] : "";
  }

  /** Keep ``tap`` as on its way, under the page's lock: resolves to
   * ``{ tap, release }`` once it is written (``release`` lets the lock go). */
  async function addOnItsWay(tap) {
    const locks = scope.navigator && scope.navigator.locks;
    let release = () => {};
    if (locks && keyOf(tap)) {
      const freed = new Promise((resolve) => { release = resolve; });
      await new Promise((granted) => {
        locks.request(ON_ITS_WAY_LOCK + keyOf(tap), () => { granted(); return freed; });
      });
    }
    try {
      return { tap: await add({ ...tap, state: "sending" }), release };
    } catch (error) {
      release();
      throw error;
    }
  }

  /** The tap on its way was answered: it leaves the phone. */
  async function answered(onItsWay) {
    try { await remove(onItsWay.tap.id); } finally { onItsWay.release(); }
  }

  /** The tap on its way got no answer: it waits to be sent again. */
  async function unanswered(onItsWay) {
    try { await update({ ...onItsWay.tap, state: "waiting" }); } finally { onItsWay.release(); }
  }

  /** The taps on their way whose page is gone (its lock with it) kept as
   * waiting, to be drawn and sent as any other. */
  async function reclaim() {
    const sending = (await taps()).filter((tap) => tap.state === "sending");
    if (!sending.length) return;
    const locks = scope.navigator && scope.navigator.locks;
    let gone;
    if (locks && locks.query) {
      const { held = [] } = await locks.query();
      const names = new Set(held.map((lock) => lock.name));
      gone = sending.filter((tap) => !names.has(ON_ITS_WAY_LOCK + keyOf(tap)));
    } else {
      gone = sending.filter((tap) => Date.now() - tap.made > ON_ITS_WAY_MS);
    }
    for (const tap of gone) await update({ ...tap, state: "waiting" });
  }

  /** Send every waiting tap in order, one at a time (and any on its way
   * whose page is gone). A game's taps stop at a
   * conflict or a refusal, which waits for the player's choice and is sent
   * again only once the player chooses so; all stop when the connection
   * does. ``csrf``: the sending page's token, newer than the taps' own. */
  async function sendAll({ csrf } = {}) {
    const run = async () => {
      const report = { sent: [], stopped: "" };
      const held = new Set();
      await reclaim();
      for (const tap of await taps()) {
        if (held.has(tap.game)) continue;
        if (tap.state !== "waiting") { held.add(tap.game); continue; }
        const answer = await send(tap, csrf);
        if (answer.outcome === "offline" || answer.outcome === "later") {
          report.stopped = answer.outcome;
          break;
        }
        if (answer.hands !== undefined) await remember(tap.game, answer.version, answer.hands);
        if (answer.outcome === "sent") {
          await remove(tap.id);
          report.sent.push({ ...tap, location: answer.location || "" });
        } else {
          held.add(tap.game);
          // Refused, or not taken (a 404, a session ended): it waits for the
          // player's choice, sent by no one meanwhile.
          const conflict = answer.outcome === "conflict" ? answer.conflict : { problem: answer.problem };
          await update({ ...tap, state: "conflict", conflict });
        }
      }
      return report;
    };
    if (scope.navigator && scope.navigator.locks) return scope.navigator.locks.request(SEND_LOCK, run);
    return run();
  }

  scope.tapQueue = {
    CHANNEL, HANDS_HEADER, SYNC_TAG: "scorepad-taps",
    taps, add, remove, update, pad, remember, project, renumbered, resolve, sendAll, withField,
    addOnItsWay, answered, unanswered, reclaim,
  };
})(self);
