// The app in the page: Pyodide runs companion, and this script stands in for the
// websocket that textual.js opens to `companion serve`, speaking its messages
// (stdin, resize, focus, blur, ping) to the page's driver (companion/web/page_driver.py).
// The data folder lives in IndexedDB (Emscripten's IDBFS): loaded before the app
// starts, written back after every save (the step shows once it is written; a write that
// fails is told to the player) and whenever the page is hidden. One tab
// owns the app (navigator.locks); another says so and starts nothing, since each
// tab would write its own copy of the folder over the other's. The browser is asked to
// keep the saves (navigator.storage.persist()); the app's menu says what it answered.
"use strict";

const DATA_DIR = "/home/pyodide/.local/share/companion";
const SITE_PACKAGES = "/lib/python3.14/site-packages";

const companion = (window.companion = {
  pyodide: null,
  driver: null,
  socket: null,
  ready: null,
  syncing: null,
  again: false,
  held: [],
});

// The page's language: ?lang= if the page has its words, else the first of the browser's
// languages it has (fr-CA: fr_CA, else fr), else English. The app is started in it too
// (COMPANION_LANG), so the page and the app speak one language.
const PAGE = (() => {
  const element = document.getElementById("page-words");
  let all = {};
  try {
    all = JSON.parse(element ? element.textContent : "{}");
  } catch (error) {
    console.error(error);
  }
  const had = (name) => {
    const wanted = String(name || "").replace(/-/g, "_");
    const base = wanted.split("_")[0];
    return [wanted, base].find((candidate) => candidate && all[candidate]);
  };
  const asked = new URLSearchParams(window.location.search).get("lang");
  const lang = had(asked) || (navigator.languages || []).map(had).find(Boolean) || "en";
  return { lang, words: all[lang] || all.en || {} };
})();

// A touch screen (a finger is the main pointer): the app's texts say what to tap, not which
// key to press (COMPANION_TOUCH, as `companion serve` tells an app whose page is on one).
const TOUCH = Boolean(window.matchMedia && window.matchMedia("(pointer: coarse)").matches);

// The page's own elements in its language: data-word the text, data-word-label the label.
function showWords() {
  document.documentElement.lang = PAGE.lang.replace(/_/g, "-");
  for (const element of document.querySelectorAll("[data-word]")) {
    element.textContent = PAGE.words[element.dataset.word] || "";
  }
  for (const element of document.querySelectorAll("[data-word-label]")) {
    const label = PAGE.words[element.dataset.wordLabel] || "";
    element.setAttribute("aria-label", label);
    element.title = label;
  }
}
// Before any status() line (listeners run in the order they were added).
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", showWords);
else showWords();

// A named moment of the page's load (the load benchmark reads them: where the time goes).
function mark(name) {
  if (window.performance && performance.mark) performance.mark(`companion:${name}`);
}

// A line on the page's first card (the page may still be loading: then once it is there).
function status(text) {
  const show = () => {
    const line = document.getElementById("status");
    if (line) line.textContent = text;
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show);
  else show();
}

// Write the data folder back to IndexedDB; one write at a time, and a save made while one
// runs is written by another right after it. While a write is under way the app's output
// is held back (see draw): the screen shows a step done only once IndexedDB has it.
function sync() {
  const FS = companion.pyodide && companion.pyodide.FS;
  if (!FS) return Promise.resolve();
  if (companion.syncing) {
    companion.again = true;
    return companion.syncing;
  }
  const once = () =>
    new Promise((resolve) => {
      FS.syncfs(false, (error) => {
        if (error) console.error("companion: the saves were not written to the browser", error);
        told(!error);
        resolve();
      });
    });
  companion.syncing = (async () => {
    do {
      companion.again = false;
      await once();
    } while (companion.again);
    companion.syncing = null;
    const held = companion.held.splice(0);
    for (const item of held) {
      if (typeof item === "string") draw(item);
      else toPage(item.meta);
    }
  })();
  return companion.syncing;
}

// How a write-back went, to the app: a failed one (the browser's storage full) is told to
// the player there, in their language (page_boot.written).
function told(kept) {
  try {
    if (companion.boot) companion.boot.written(kept);
  } catch (error) {
    console.error(error);
  }
}

// The app's output to the page's terminal. A save calls sync() before the app draws the
// step it saved, so what comes while a write is under way waits for it to finish: a tab
// killed before then never showed that step (nothing acknowledged is lost).
function draw(text) {
  if (companion.syncing) companion.held.push(text);
  else if (companion.socket) companion.socket.receive(text);
}

// The app's messages to the page itself (JSON text; the driver's write_meta): the spoken
// moves go to the speech code the `companion serve` page uses too (speech.js), a text
// field's wish for the keyboard to the page's terminal (companionKeyboard). Held like
// the output while a write is under way, so a step is said once it is kept, as it is shown.
function toPage(text) {
  if (companion.syncing) {
    companion.held.push({ meta: text });
    return;
  }
  try {
    const message = JSON.parse(text);
    if (message.type === "companion_speak" && window.companionSpeech) {
      window.companionSpeech.receive(message);
    } else if (message.type === "companion_keyboard" && window.companionKeyboard) {
      window.companionKeyboard(message.wanted === true);
    }
  } catch (error) {
    console.error(error);
  }
}

// The bundle (app.tar.gz: the app and its dependencies, compiled) as fetched: its bytes and
// what names it (a digest of them, for the memory snapshot below).
async function fetchBundle() {
  const reply = await fetch("app.tar.gz");
  if (!reply.ok) throw new Error(`app.tar.gz: ${reply.status} ${reply.statusText}`);
  return new Uint8Array(await reply.arrayBuffer());
}

// The bundle's files, [path, bytes]: unzipped by the browser and read while Pyodide starts,
// so that once it has started the files are only written into its file system (Python's own
// unzipping, after the start, took a quarter of a second).
async function bundleFiles(fetched) {
  let bytes = await fetched;
  // Gzip's magic bytes: a host that sent it with Content-Encoding: gzip had it unzipped.
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    const unzipped = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    bytes = new Uint8Array(await new Response(unzipped).arrayBuffer());
  }
  return untar(bytes);
}

// A ustar archive's regular files, [path, bytes] (the build writes nothing else in it).
function untar(bytes) {
  const decoder = new TextDecoder();
  const field = (at, length) => {
    const raw = bytes.subarray(at, at + length);
    const end = raw.indexOf(0);
    return decoder.decode(end < 0 ? raw : raw.subarray(0, end));
  };
  const files = [];
  // Two zero blocks end the archive: a header whose name starts with a zero byte.
  for (let at = 0; at + 512 <= bytes.length && bytes[at] !== 0; ) {
    const size = parseInt(field(at + 124, 12).trim() || "0", 8);
    const type = bytes[at + 156];
    const prefix = field(at + 345, 155);
    const name = field(at, 100);
    // "0" (or NUL, from old writers) is a regular file.
    if (type === 0x30 || type === 0) {
      files.push([prefix ? `${prefix}/${name}` : name, bytes.subarray(at + 512, at + 512 + size)]);
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

// The bundle's files written into site-packages (Pyodide's file system, in memory), but
// those ``held`` (paths in the bundle; their folders are made all the same).
function writeBundle(FS, files, held) {
  const made = new Set();
  for (const [path, data] of files) {
    const full = `${SITE_PACKAGES}/${path}`;
    const folder = full.slice(0, full.lastIndexOf("/"));
    if (!made.has(folder)) {
      FS.mkdirTree(folder);
      made.add(folder);
    }
    if (!held.has(path)) FS.writeFile(full, data);
  }
}

// The bundle's compiled modules that the interpreter loaded from the snapshot holds already
// (imported before it was made: page_boot.warm), as paths in the bundle: nothing reads their
// files again (about 270 of its 660 modules, 4.6 of its 9.6 MB).
function heldModules(pyodide) {
  try {
    const listed = pyodide.runPython(
      `import companion.web.page_boot as boot; boot.held(${JSON.stringify(SITE_PACKAGES)})`
    );
    return new Set(listed ? listed.split("\n") : []);
  } catch (error) {
    console.warn(error);
    return new Set();
  }
}

// The memory snapshot: the interpreter with the app's start imported, kept by the browser
// (the Cache API) after a start that made it, and loaded by the next start in place of
// Python's own start and those imports (Pyodide's makeMemorySnapshot / _loadSnapshot). It is
// named by a digest of the bundle, of the code run before it is made (WARM) and of
// SNAPSHOT_FORMAT: a new build's bundle never starts from an old one's snapshot; one Pyodide
// refuses (another runtime's) or that fails to load is dropped and Python starts as it would
// without. No Cache API (plain HTTP from another machine): no snapshot, the start as before.
const SNAPSHOTS = "companion-snapshot";
// Raised when what runs before the snapshot is made changes, other than WARM, or how it is
// kept (2: with the length of Pyodide's header before its memory, HEAD_LENGTH).
const SNAPSHOT_FORMAT = "2";
// The response header of a kept snapshot that gives where its memory starts (the length of
// Pyodide's own header): known before its 38 MB are read.
const HEAD_LENGTH = "X-Companion-Snapshot-Head";
// The bundle's SHA-256, written here by the build (companion/web/phone_build.py): the
// snapshot's name is known at once, not once the bundle is fetched and digested.
const BUNDLE_DIGEST = "__BUNDLE_DIGEST__";

async function snapshotName(bundle) {
  const stamped = /^[0-9a-f]{64}$/.test(BUNDLE_DIGEST);
  const named = new Blob([stamped ? BUNDLE_DIGEST : await bundle, WARM, SNAPSHOT_FORMAT]);
  const digest = await crypto.subtle.digest("SHA-256", await named.arrayBuffer());
  const hex = Array.from(new Uint8Array(digest), (byte) => (byte + 256).toString(16).slice(1));
  return `snapshot-${SNAPSHOT_FORMAT}-${hex.join("").slice(0, 32)}`;
}

// The kept snapshot, or null: ``head`` the room for Pyodide's header (filled by restored),
// ``bytes`` the whole snapshot, being read (while Pyodide's module is made).
async function keptSnapshot(name) {
  if (!window.caches || !window.crypto || !crypto.subtle) return null;
  try {
    const cache = await caches.open(SNAPSHOTS);
    const reply = await cache.match(await name);
    if (!reply) return null;
    const head = Number(reply.headers.get(HEAD_LENGTH));
    const bytes = reply.arrayBuffer();
    bytes.catch(() => {}); // a read that fails is seen by the start that awaits it
    // A snapshot without its header's length cannot load: the start drops it.
    return { head: new Uint8Array(Number.isInteger(head) && head >= 16 ? head : 0), bytes };
  } catch (error) {
    console.warn("companion: no memory snapshot", error);
    return null;
  }
}

// Keep ``bytes`` as the snapshot ``name``, in place of any other (in the background: the app
// starts meanwhile).
async function keepSnapshot(name, bytes) {
  try {
    const cache = await caches.open(SNAPSHOTS);
    for (const old of await cache.keys()) await cache.delete(old);
    const start = new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
    const headers = { "Content-Type": "application/octet-stream", [HEAD_LENGTH]: String(start) };
    await cache.put(name, new Response(bytes, { headers }));
    mark("snapshot-kept");
  } catch (error) {
    console.warn("companion: the memory snapshot was not kept", error);
  }
}

async function dropSnapshots() {
  try {
    await caches.delete(SNAPSHOTS);
  } catch (error) {
    console.warn(error);
  }
}

// Pyodide, from the kept snapshot when there is one that loads, else started anew (able to
// make one where the browser can keep it): [pyodide, "loaded" | "make" | "none"]. Its two
// scripts (``scripts``: pyodide.mjs and pyodide.asm.mjs, imported from the start) and the
// snapshot come at once, each fetched while the others are.
async function startPython(snapshot, scripts) {
  const [{ loadPyodide }, runtime] = await scripts;
  const indexURL = new URL("pyodide/", document.baseURI).href;
  const kept = await snapshot;
  if (kept) {
    try {
      const pyodide = await loadPyodide({
        indexURL,
        _loadSnapshot: kept.head,
        createPyodideModule: restored(kept, runtime.default),
      });
      mark("snapshot-loaded");
      return [pyodide, "loaded"];
    } catch (error) {
      console.warn("companion: the memory snapshot did not load; starting without it", error);
      await dropSnapshots();
    }
  }
  const canKeep = Boolean(window.caches && window.crypto && crypto.subtle);
  const pyodide = await loadPyodide({
    indexURL,
    _makeSnapshot: canKeep,
    createPyodideModule: runtime.default,
  });
  return [pyodide, canKeep ? "make" : "none"];
}

// Pyodide's module made while the snapshot is still being read, then given its memory.
// Pyodide is given only the snapshot's header (``kept.head``, filled here before Pyodide
// reads it, after the module is made): given the whole snapshot, it waits for all of it
// before it makes the module (fetching and compiling the wasm, running its script).
function restored(kept, create) {
  return async (settings) => {
    const module = await create(settings);
    mark("module-made");
    const bytes = new Uint8Array(await kept.bytes);
    // The snapshot's header: its second word is where the memory starts in it.
    const start = new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
    if (!kept.head.length || start !== kept.head.length || start > bytes.length) {
      throw new Error("companion: not a kept memory snapshot");
    }
    kept.head.set(bytes.subarray(0, start));
    roomFor(module, bytes.length - start).set(bytes.subarray(start));
    return module;
  };
}

// ``module``'s memory with room for ``needed`` bytes: this runtime's wasm defines its own
// memory (it ignores the INITIAL_MEMORY that Pyodide sets from a snapshot's size) and starts
// smaller than a snapshot of the app, which then does not fit. Growing it the way the runtime
// itself does (a block allocated and freed: the snapshot overwrites the allocator's state,
// with the rest of its memory: a block as large as the whole snapshot's memory cannot fit in
// less) makes the room; the memory past what it had is cleared, as new memory is.
function roomFor(module, needed) {
  const had = module.HEAP8.length;
  if (had < needed) {
    const block = module._malloc(needed);
    if (!block) throw new Error("companion: no room for the memory snapshot");
    module._free(block);
    module.HEAP8.fill(0, had);
  }
  return module.HEAP8;
}

// What the app's start imports, imported (the page's own modules, Textual, the app and its
// home screen: page_boot.warm), with the settings Textual reads as it is imported. Nothing
// of the page's (no JavaScript object) reaches Python before this is done: a snapshot can
// only be made of an interpreter that holds none.
const WARM = [
  "import importlib, os",
  "importlib.invalidate_caches()",
  `os.environ["COMPANION_DATA_DIR"] = ${JSON.stringify(DATA_DIR)}`,
  // The app's own colours, as `companion serve` has them (textual-serve sets it): without,
  // Textual finds no terminal here and draws in 16 colours, at 1.4-1.8:1 for some text.
  `os.environ["TEXTUAL_COLOR_SYSTEM"] = "truecolor"`,
  "import companion.web.page_boot, companion.web.page_saves",
  "companion.web.page_boot.warm()",
].join("\n");

// The runtime, the saves and the bundle, loaded as soon as this tab owns the app (while the
// page's terminal and its font are still starting): the app itself starts at loadApp.
async function loadRuntime() {
  const scripts = Promise.all([
    import("./pyodide/pyodide.mjs"),
    import("./pyodide/pyodide.asm.mjs"),
  ]);
  const fetched = fetchBundle();
  const files = bundleFiles(fetched);
  const name = snapshotName(fetched);
  const [pyodide, snapshot] = await startPython(keptSnapshot(name), scripts);
  mark("runtime");
  companion.pyodide = pyodide;
  companion.snapshot = snapshot;
  const FS = pyodide.FS;
  FS.mkdirTree(DATA_DIR);
  FS.mount(FS.filesystems.IDBFS, {}, DATA_DIR);
  // The saves read from IndexedDB while the bundle's files are written (another folder).
  const saves = new Promise((resolve, reject) =>
    FS.syncfs(true, (error) => (error ? reject(error) : resolve()))
  );
  saves.catch(() => {}); // seen below, once the files are written
  // The files again after a snapshot too: its interpreter has the start's modules in memory,
  // not the files (the screens imported later, the games' entry points, the decks); not
  // those of the modules it holds.
  writeBundle(FS, await files, snapshot === "loaded" ? heldModules(pyodide) : new Set());
  mark("unpacked");
  await saves;
  mark("saves-read");
  if (snapshot === "loaded") {
    // The import system listed site-packages before the snapshot; the random numbers are
    // this start's, not the snapshot's.
    pyodide.runPython("import importlib, random; importlib.invalidate_caches(); random.seed()");
  } else {
    pyodide.runPython(WARM);
    if (snapshot === "make") {
      try {
        void keepSnapshot(await name, pyodide.makeMemorySnapshot());
      } catch (error) {
        console.warn("companion: no memory snapshot made", error);
      }
    }
  }
  mark("warm");
  pyodide.runPython(
    `import os; os.environ["COMPANION_LANG"] = ${JSON.stringify(PAGE.lang)}; ` +
      `os.environ["COMPANION_TOUCH"] = ${JSON.stringify(TOUCH ? "1" : "0")}`
  );
  companion.driver = pyodide.pyimport("companion.web.page_driver");
  companion.boot = pyodide.pyimport("companion.web.page_boot");
  companion.saves = pyodide.pyimport("companion.web.page_saves");
  mark("imported");
}

// Saves the browser keeps: persistent storage asked for at start (without it a browser may
// clear the site's data: Safari after seven days unused, any browser short of space). The
// answer goes to the app, whose menu says whether the saves are kept (page_boot.persisted);
// null when the browser cannot say.
async function askToKeep() {
  try {
    if (navigator.storage && navigator.storage.persist) return await navigator.storage.persist();
  } catch (error) {
    console.warn(error);
  }
  return null;
}

async function loadApp(columns, rows) {
  mark("terminal");
  await companion.runtime;
  mark("app-start");
  const boot = companion.boot;
  companion.persisted.then((kept) => {
    if (kept !== null) boot.persisted(Boolean(kept));
  });
  const app = boot.start(draw, () => void sync(), openSaves, columns, rows, toPage);
  Promise.resolve(app).then(
    () => document.body.classList.add("-closed"),
    (error) => {
      console.error(error);
      document.body.classList.add("-closed");
    }
  );
}

// The saves dialog (Export, Import), opened from the app's menu: a download and a file
// picker need the page's own controls. Its words come from the app (the catalog).
function openSaves() {
  const saves = companion.saves;
  const words = saves.words().toJs({ dict_converter: Object.fromEntries });
  const dialog = document.getElementById("saves");
  document.getElementById("saves-title").textContent = words.title;
  document.getElementById("saves-hint").textContent = words.hint;
  document.getElementById("saves-error").textContent = "";
  document.getElementById("saves-question").hidden = true;
  for (const answer of ["replace", "both", "cancel"]) {
    document.getElementById(`saves-${answer}`).textContent = words[answer];
  }
  const list = document.getElementById("saves-list");
  list.replaceChildren();
  const rows = saves.listed().toJs();
  if (!rows.length) {
    const none = document.createElement("li");
    none.textContent = words.none;
    list.append(none);
  }
  for (const [name, line] of rows) {
    const row = document.createElement("li");
    const label = document.createElement("span");
    label.textContent = `${name.replace(/\.toml$/, "")} · ${line}`;
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = words.export;
    button.addEventListener("click", () => download(name, saves.exported(name)));
    row.append(label, button);
    list.append(row);
  }
  const picker = document.getElementById("saves-import");
  picker.textContent = words.import;
  const close = document.getElementById("saves-close");
  close.textContent = words.close;
  dialog.classList.add("-open");
  close.focus();
}

function closeSaves() {
  document.getElementById("saves").classList.remove("-open");
  const terminal = document.querySelector("#terminal textarea");
  if (terminal) terminal.focus();
}

// The save's own file, downloaded under its own name.
function download(name, text) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/toml" }));
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60000);
}

// A picked file: checked and written by the app, kept in IndexedDB, then the list is read again.
// A file of a game the phone has that is not the newer copy is a question first: the app
// replaces the phone's copy, keeps both, or nothing (page_saves.imported).
async function importPicked(file) {
  return importFile(file.name, await file.text(), "");
}

async function importFile(fileName, text, choice) {
  const [name, problem, question] = companion.saves.picked(fileName, text, choice).toJs();
  const asking = document.getElementById("saves-question");
  asking.hidden = true;
  document.getElementById("saves-error").textContent = problem;
  if (problem) return;
  if (question) {
    document.getElementById("saves-question-text").textContent = question;
    for (const answer of ["replace", "both"]) {
      document.getElementById(`saves-${answer}`).onclick = () => importFile(fileName, text, answer);
    }
    document.getElementById("saves-cancel").onclick = () => {
      asking.hidden = true;
    };
    asking.hidden = false;
    return;
  }
  await sync();
  closeSaves();
  companion.boot.refresh_home();
  return name;
}

document.addEventListener("DOMContentLoaded", () => {
  const file = document.getElementById("saves-file");
  document.getElementById("saves-import").addEventListener("click", () => file.click());
  file.addEventListener("change", () => {
    const picked = file.files && file.files[0];
    file.value = "";
    if (picked) importPicked(picked);
  });
  document.getElementById("saves-close").addEventListener("click", closeSaves);
});

// What textual.js takes for its websocket: messages go to the driver, output comes back.
class PageSocket extends EventTarget {
  constructor(url) {
    super();
    this.url = url;
    this.binaryType = "arraybuffer";
    this.readyState = 0;
    this.encoder = new TextEncoder();
    companion.socket = this;
    const query = new URL(url, document.baseURI).searchParams;
    const columns = Number(query.get("width")) || 80;
    const rows = Number(query.get("height")) || 24;
    this.size = { width: columns, height: rows };
    loadApp(columns, rows).then(
      () => {
        this.readyState = 1;
        this.dispatchEvent(new Event("open"));
      },
      (error) => {
        console.error(error);
        status(String(error));
      }
    );
  }

  send(text) {
    const [kind, data] = JSON.parse(text);
    const driver = companion.driver;
    if (kind === "ping") {
      this.dispatchEvent(new MessageEvent("message", { data: JSON.stringify(["pong", data]) }));
    } else if (!driver) {
      return;
    } else if (kind === "stdin") {
      driver.feed(data);
    } else if (kind === "resize") {
      this.size = data;
      driver.meta("resize", data.width, data.height);
    } else if (kind === "focus" || kind === "blur") {
      driver.meta(kind);
    }
  }

  receive(text) {
    // A tool or a test may read the screen as a terminal would (the canvas has no text).
    if (typeof window.companionOutput === "function") {
      window.companionOutput(text, this.size.width, this.size.height);
    }
    const data = this.encoder.encode(text).buffer;
    this.dispatchEvent(new MessageEvent("message", { data }));
  }

  close() {}
}

window.WebSocket = PageSocket;

// One tab owns the app: the lock is held for as long as this page lives. Another tab says
// so and waits for the lock: once the first has gone (closed, or its browser killed) it
// holds it and offers to take over: a tap on the button starts the app there. A tab closed
// or reloaded a moment before this one opened may still hold the lock while the browser
// lets it go (seen at once after a close, in chromium): for LEFT_WITHIN ms this tab waits
// for it quietly and, given it, starts as if it had been free; only then is it refused.
const LEFT_WITHIN = 3000;

function owned(resolve) {
  mark("owner");
  resolve();
  return new Promise(() => {});
}

companion.ready = new Promise((resolve) => {
  if (!navigator.locks) {
    resolve();
    return;
  }
  navigator.locks.request("companion-app", { ifAvailable: true }, (lock) => {
    if (lock) return owned(resolve);
    const refused = () => {
      status(PAGE.words.other_tab);
      navigator.locks.request("companion-app", () => offerToTakeOver(resolve));
    };
    if (!window.AbortSignal || !AbortSignal.timeout) {
      refused();
      return undefined;
    }
    const signal = AbortSignal.timeout(LEFT_WITHIN);
    navigator.locks.request("companion-app", { signal }, () => owned(resolve)).catch(refused);
    return undefined;
  });
});

// The lock is this tab's now (the other tab has gone): the take-over button starts the app
// here. The lock stays held for as long as this page lives, whether or not it is tapped.
function offerToTakeOver(start) {
  status(PAGE.words.other_gone);
  const button = document.getElementById("take-over");
  if (button) {
    button.hidden = false;
    button.addEventListener("click", () => {
      button.hidden = true;
      status(PAGE.words.loading);
      mark("owner");
      start();
    });
  }
  return new Promise(() => {});
}

companion.runtime = companion.ready.then(offlineCopy).then(loadRuntime);
companion.persisted = companion.ready.then(askToKeep);

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") sync();
});
window.addEventListener("pagehide", () => void sync());

// The offline copy: the service worker precaches every file of the site. On the first visit
// (no worker controls the page yet) the moment it takes control, every file is cached: the
// page says it is ready to play offline, for a few seconds, in a corner a tap goes through.
function offlineReady() {
  const badge = document.getElementById("offline-ready");
  if (!badge) return;
  badge.hidden = false;
  setTimeout(() => {
    badge.hidden = true;
  }, 8000);
}

// The offline copy first (sw.js): on a first visit (no worker controls the page) the page
// waits while the worker fetches the site, compressed, showing how many bytes have come;
// once it controls the page every file comes from its cache. Later visits only have the
// browser look for a new build. Without a worker (plain HTTP from another machine, a
// refused install, a reload that bypassed it) the files come from the network as they are.
function offlineCopy() {
  const workers = navigator.serviceWorker;
  if (!workers || window.location.protocol === "file:") return Promise.resolve();
  const registered = workers.register("sw.js").catch((error) => {
    console.warn(error);
    return null;
  });
  if (workers.controller) return Promise.resolve();
  return new Promise((resolve) => {
    const ready = () => {
      mark("offline-copy");
      const bar = document.getElementById("download");
      if (bar && !bar.hidden) {
        bar.hidden = true;
        status(PAGE.words.loading);
      }
      resolve();
    };
    workers.addEventListener("message", (event) => {
      const data = event.data || {};
      if (data.type === "companion-download") downloaded(data.done, data.total);
    });
    workers.startMessages();
    workers.addEventListener(
      "controllerchange",
      () => {
        offlineReady();
        ready();
      },
      { once: true }
    );
    registered.then((registration) => {
      const installing = registration && (registration.installing || registration.waiting);
      if (!installing) {
        ready();
        return;
      }
      installing.addEventListener("statechange", () => {
        if (installing.state === "redundant") ready();
      });
    });
  });
}

// The first visit's download: a bar and "n of m MB" on the page's first card.
function downloaded(done, total) {
  const bar = document.getElementById("download");
  if (!bar || !total) return;
  bar.hidden = false;
  bar.max = total;
  bar.value = Math.min(done, total);
  const megabytes = (bytes) => {
    try {
      return (bytes / 1e6).toLocaleString(PAGE.lang.replace(/_/g, "-"), {
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      });
    } catch (error) {
      return (bytes / 1e6).toFixed(1);
    }
  };
  const words = PAGE.words.download || "";
  status(words.split("{done}").join(megabytes(done)).split("{total}").join(megabytes(total)));
}
