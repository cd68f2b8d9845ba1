// Runs the site's scripts under node, outside a browser, so that the tests can
// compare the rules they repeat with the Python (tests/javascript.py).
//
// Reads a JSON request on standard input: {scripts, call, data}. Each script
// (a path) runs in one shared sandbox that stands in for a page: `window` and
// `self` are the sandbox, `document` finds nothing and creates the few
// elements below, and listeners are taken and never called. What a script
// exports for node (`module.exports = ...`) is kept under its file name.
// Then `call` (the source of a function) is called with `data` and those
// exports, and what it returns is written as JSON on standard output.
"use strict";

const fs = require("fs");
const path = require("path");
const vm = require("vm");

// An element as much as the scripts build one: tag, attributes (class, data-*,
// title...), text and children; `toJSON` gives what the tests compare.
class Element {
  constructor(tag) {
    this.tagName = tag.toUpperCase();
    this.attributes = {};
    this.children = [];
    this.text = "";
    this.dataset = new Proxy({}, {
      set: (target, key, value) => { this.attributes[datasetAttribute(key)] = String(value); return true; },
      get: (target, key) => this.attributes[datasetAttribute(key)],
    });
    const element = this;
    this.classList = {
      add(...names) { element.className = [...new Set([...element.classes(), ...names])].join(" "); },
      remove(...names) { element.className = element.classes().filter((name) => !names.includes(name)).join(" "); },
      contains(name) { return element.classes().includes(name); },
      toggle(name, force) {
        const on = force === undefined ? !this.contains(name) : Boolean(force);
        if (on) this.add(name); else this.remove(name);
        return on;
      },
    };
  }

  classes() { return (this.attributes.class || "").split(/\s+/).filter(Boolean); }
  get className() { return this.attributes.class || ""; }
  set className(value) { this.attributes.class = String(value); }
  get title() { return this.attributes.title || ""; }
  set title(value) { this.attributes.title = String(value); }
  get id() { return this.attributes.id || ""; }
  set id(value) { this.attributes.id = String(value); }
  get hidden() { return "hidden" in this.attributes; }
  set hidden(value) { if (value) this.attributes.hidden = ""; else delete this.attributes.hidden; }
  setAttribute(name, value) { this.attributes[name] = String(value); }
  getAttribute(name) { return name in this.attributes ? this.attributes[name] : null; }
  removeAttribute(name) { delete this.attributes[name]; }
  toggleAttribute(name, force) {
    const on = force === undefined ? !(name in this.attributes) : Boolean(force);
    if (on) this.attributes[name] = ""; else delete this.attributes[name];
    return on;
  }
  appendChild(child) { this.children.push(child); return child; }
  append(...children) { for (const child of children) this.children.push(child); }
  replaceChildren(...children) { this.children = [...children]; this.text = ""; }
  get textContent() {
    return this.text + this.children.map((child) => (typeof child === "string" ? child : child.textContent)).join("");
  }
  set textContent(value) { this.children = []; this.text = String(value); }
  addEventListener() {}
  querySelector() { return null; }
  querySelectorAll() { return []; }
  toJSON() {
    return {
      tag: this.tagName.toLowerCase(),
      attributes: this.attributes,
      text: this.text,
      children: this.children.map((child) => (typeof child === "string" ? { text: child } : child.toJSON())),
    };
  }
}

function datasetAttribute(key) {
  return "data-" + String(key).replace(/[A-Z]/g, (letter) => "-" + letter.toLowerCase());
}

function sandbox() {
  const page = {
    console,
    navigator: { onLine: true },
    localStorage: { getItem() { return null; }, setItem() {}, removeItem() {} },
    addEventListener() {},
    removeEventListener() {},
    setTimeout() { return 0; },
    clearTimeout() {},
    setInterval() { return 0; },
    document: {
      createElement: (tag) => new Element(tag),
      addEventListener() {},
      removeEventListener() {},
      getElementById() { return null; },
      querySelector() { return null; },
      querySelectorAll() { return []; },
    },
  };
  page.window = page;
  page.self = page;
  return vm.createContext(page);
}

function main() {
  const request = JSON.parse(fs.readFileSync(0, "utf8"));
  const page = sandbox();
  const exported = {};
  for (const script of request.scripts) {
    page.module = { exports: {} };
    vm.runInContext(fs.readFileSync(script, "utf8"), page, { filename: script });
    exported[path.basename(script)] = page.module.exports;
    delete page.module;
  }
  const call = vm.runInContext(`(${request.call})`, page);
  process.stdout.write(JSON.stringify(call(request.data, exported)));
}

main();
