// The kind of entry of a form whose submit button is marked data-queue-entry
// ("Hand {number}", "Ruling: {event}, board {board}": how an entry is named,
// from its fields), in the queue every game's entries go by
// (static/scorepads/entry_queue.js). Its entries kept on the phone are listed
// above the form and drawn as rows of the sheet; a numbered entry (a "number"
// field) takes the next number after those waiting, and the form says so
// ("Record hand 6"). A form not sent by htmx is sent by the queue, and the
// page follows where the server went. A refused entry may be recorded again
// as the next hand, put back in the form, or dropped.
"use strict";

(function () {
  const queue = window.tapQueue;
  const entryQueue = window.entryQueue;
  if (!queue || !entryQueue) return;
  const { field } = entryQueue;
  const { withField } = queue;

  const KEY_FIELD = "entry_key";
  const NUMBER_FIELD = "number";
  const HAND = /\b(hand )(\d+)\b/gi;
  const madeHere = new Set(); // entries of this page's forms sent at once (not kept offline)

  function entryButton(form) { return form.querySelector("button[data-queue-entry]"); }
  function entryForms() { return Array.from(document.querySelectorAll("form")).filter(entryButton); }
  // Where a form goes (read from its attribute: a field named "action" hides form.action).
  function target(form) { return new URL(form.getAttribute("action") || location.href, location.href); }
  // The entries of one form follow each other: they are grouped by where they go.
  function groupOf(form) { return `entry:${target(form).pathname}`; }

  function labelled(template, fields) {
    return template.replace(/\{(\w+)\}/g, (whole, name) => field(fields, name) || "?").trim();
  }

  // The number the server gave the form, and its words as drawn ("Record hand 5").
  const drawnAs = new WeakMap();
  function asServed(form) {
    if (!drawnAs.has(form)) {
      const number = form.elements[NUMBER_FIELD];
      const texts = [];
      // The form's words, and the pad's status line ("Hand 5 next") around it.
      const region = form.closest("#pad");
      for (const root of [form, ...(region ? region.querySelectorAll(".status-next") : [])]) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
          if (HAND.test(walker.currentNode.data)) texts.push([walker.currentNode, walker.currentNode.data]);
          HAND.lastIndex = 0;
        }
      }
      drawnAs.set(form, { number: number ? Number(number.value) : null, texts });
    }
    return drawnAs.get(form);
  }

  // The form numbered after the entries waiting, and the list of them above it.
  function drawForm(form) {
    const served = asServed(form);
    const waiting = entryQueue.waitingIn(groupOf(form));
    const drawn = entryQueue.drawnIn(groupOf(form)).filter((tap) => tap.state === "waiting");
    drawRows(form, drawn);
    if (served.number) {
      const last = Math.max(0, ...drawn.map((tap) => tap.number || 0));
      const next = Math.max(served.number, last + 1);
      form.elements[NUMBER_FIELD].value = next;
      for (const [node, text] of served.texts) {
        node.data = text.replace(HAND, (whole, word, number) => (Number(number) === served.number ? word + next : whole));
      }
    }
    let box = form.entryList;
    if (!box || !box.isConnected) {
      box = document.createElement("div");
      box.className = "message info entry-waiting"; // the badge is what is announced
      const fieldset = entryButton(form).closest("fieldset");
      const legend = fieldset && fieldset.querySelector(":scope > legend");
      if (legend) legend.insertAdjacentElement("afterend", box);
      else form.insertAdjacentElement("beforebegin", box);
      form.entryList = box;
    }
    const shown = waiting.filter((tap) => tap.state === "waiting");
    box.hidden = !shown.length;
    if (!shown.length) { box.replaceChildren(); return; }
    const heading = document.createElement("p");
    heading.style.margin = "0"; // the box's own padding is room enough
    heading.append(document.createElement("strong"));
    heading.firstChild.textContent = navigator.onLine ? "Sending from this phone:" : "Kept on this phone, sent when the connection returns:";
    const list = document.createElement("ul");
    list.className = "entry-waiting-list";
    list.style.margin = "0.3rem 0 0";
    for (const tap of shown) {
      const item = list.appendChild(document.createElement("li"));
      item.dataset.entryWaiting = tap.label;
      item.textContent = `${tap.label} · waiting`;
    }
    box.replaceChildren(heading, list);
  }

  // Each numbered entry waiting drawn in its place on the sheet, as a row of
  // its own at the end of the rows the page marks data-waiting-rows (a
  // seated game's score sheet), marked as waiting. The sheet's own rows stay
  // as they are; the row goes when the entry's answer comes, and the
  // server's row takes its place.
  function drawRows(form, entries) {
    const rows = (form.closest("#pad") || document).querySelector("[data-waiting-rows]");
    if (!rows) return;
    const drawn = new Map(Array.from(rows.querySelectorAll(":scope > [data-entry-row]"), (row) => [row.dataset.entryRow, row]));
    const wanted = entries.filter((tap) => tap.number).map((tap) => drawn.get(String(tap.number)) || waitingRow(rows, tap));
    for (const row of drawn.values()) if (!wanted.includes(row)) row.remove();
    for (const row of wanted) if (!row.isConnected) rows.append(row);
    const sheet = rows.closest("section");
    if (sheet && wanted.length && sheet.hidden) {
      sheet.hidden = false;
      sheet.dataset.shownForWaiting = "";
    } else if (sheet && !wanted.length && "shownForWaiting" in sheet.dataset) {
      sheet.hidden = true;
      delete sheet.dataset.shownForWaiting;
    }
  }

  function waitingRow(rows, tap) {
    const row = document.createElement("tr");
    row.className = "entry-waiting-row";
    row.dataset.entryRow = String(tap.number);
    const number = row.appendChild(document.createElement("th"));
    number.scope = "row";
    number.textContent = String(tap.number);
    const header = rows.closest("table") && rows.closest("table").querySelector("thead tr");
    const cell = row.appendChild(document.createElement("td"));
    cell.colSpan = Math.max(1, (header ? header.children.length : 2) - 1);
    cell.textContent = `${tap.label} · waiting to be sent`;
    return row;
  }

  // The entry a form's fields make, as the queue keeps it.
  function entryOf(form, button, fields, { renumber = false } = {}) {
    const template = button.dataset.queueEntry || "Entry";
    const tap = {
      game: groupOf(form), kind: "entry", url: target(form).pathname, csrf: field(fields, "csrfmiddlewaretoken"),
      fields, template, state: "waiting",
    };
    if (form.elements[NUMBER_FIELD]) {
      tap.number = Number(field(fields, NUMBER_FIELD));
      if (renumber) { // made before the form was numbered after those waiting
        tap.number = Math.max(tap.number, 1 + Math.max(0, ...entryQueue.waitingIn(tap.game).map((each) => each.number || 0)));
        tap.fields = withField(fields, NUMBER_FIELD, tap.number);
      }
    }
    tap.label = labelled(template, tap.fields);
    return tap;
  }

  // The player's choices after a refusal: record it again as the next hand,
  // put it back in the form, or drop it.
  function refusal(tap) {
    const why = (tap.conflict && tap.conflict.problem) || "the server did not take it";
    const form = entryForms().find((each) => groupOf(each) === tap.game);
    const next = form && tap.number ? asServed(form).number : null;
    return {
      text: `${tap.label} from this phone was not recorded: ${why}`,
      choices: [
        next ? [`Record it as hand ${next}`, "again", "made"] : null,
        form ? ["Put it back in the form", "back", "secondary"] : null,
        ["Drop it", "drop", "secondary"],
      ].filter(Boolean),
    };
  }

  // The player's answer to a refused entry. The game's entries after it are
  // numbered again from the form's number as the server now draws it.
  async function settle(tap, choice) {
    const form = entryForms().find((each) => groupOf(each) === tap.game);
    const group = entryQueue.keptIn(tap.game).filter((each) => each.id !== tap.id);
    const following = choice === "again"
      ? [{ ...tap, state: "waiting", conflict: null }, ...group].sort((a, b) => a.id - b.id)
      : group;
    if (choice !== "again") await entryQueue.drop(tap.id);
    let number = form && tap.number ? asServed(form).number : null;
    for (const each of following) {
      if (number && each.number) {
        each.number = number;
        each.fields = withField(each.fields, NUMBER_FIELD, number);
        each.label = labelled(each.template, each.fields);
        number += 1;
      }
      await queue.update(each);
    }
    if (choice === "back" && form) putBack(form, tap);
  }

  // What the entry holds, back in its form, to be corrected and sent again.
  function putBack(form, tap) {
    for (const [name, value] of tap.fields) {
      if ([KEY_FIELD, NUMBER_FIELD, "csrfmiddlewaretoken"].includes(name)) continue;
      const control = form.elements[name];
      if (!control || control.type === "submit") continue;
      if (control instanceof RadioNodeList) {
        for (const each of control) if (each.type === "radio" || each.type === "checkbox") each.checked = each.value === value;
      } else if (control.type === "checkbox") control.checked = true;
      else control.value = value;
    }
    for (const each of form.querySelectorAll("input[type=checkbox]")) {
      if (!tap.fields.some(([name, value]) => name === each.name && value === each.value)) each.checked = false;
    }
    form.dispatchEvent(new Event("input", { bubbles: true }));
    entryButton(form).scrollIntoView({ block: "center" });
  }

  // An entry of a form not sent by htmx, refused as it was made: the form
  // is sent as it is, and the page shows why, beside its fields.
  async function refusedHere() {
    const refused = entryQueue.taps().find((tap) => madeHere.has(tap.id) && tap.state === "conflict" && tap.conflict.answered);
    if (!refused) return false;
    madeHere.delete(refused.id);
    const form = entryForms().find((each) => groupOf(each) === refused.game);
    if (!form) return false;
    await queue.remove(refused.id);
    const button = entryButton(form);
    if (button.name) {
      const choice = form.appendChild(document.createElement("input"));
      Object.assign(choice, { type: "hidden", name: button.name, value: button.value });
    }
    window.entryKeys.field(form).value = field(refused.fields, KEY_FIELD);
    HTMLFormElement.prototype.submit.call(form);
    return true;
  }

  entryQueue.register({
    takes: (form, button) => Boolean(button && button.hasAttribute("data-queue-entry")),
    groups: () => entryForms().map(groupOf),
    entry: (form, button, fields, { renumber } = {}) => entryOf(form, button, fields, { renumber }),
    draw() { for (const form of entryForms()) drawForm(form); },
    answered(form) { if (form.isConnected) drawForm(form); },
    group: groupOf,
    sendsItself: true,
    // An entry sent at once (a form not sent by htmx) is followed where the server went.
    kept(tap, form, { now }) { if (now) madeHere.add(tap.id); },
    follows(sent) {
      const followed = sent.find((tap) => madeHere.has(tap.id) && tap.location);
      if (followed) window.location.assign(followed.location);
      return Boolean(followed);
    },
    refusedHere,
    refusal,
    settle,
  });
})();
