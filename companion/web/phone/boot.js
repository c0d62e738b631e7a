// The app in the page: Pyodide runs companion, and this script stands in for the
// websocket that textual.js opens to `companion serve`, speaking its messages
// (stdin, resize, focus, blur, ping) to the page's driver (companion/web/page_driver.py).
// The data folder lives in IndexedDB (Emscripten's IDBFS): loaded before the app
// starts, written back after every save and whenever the page is hidden. One tab
// owns the app (navigator.locks); another says so and starts nothing, since each
// tab would write its own copy of the folder over the other's.
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
});

// A line on the page's first card (the page may still be loading: then once it is there).
function status(text) {
  const show = () => {
    const line = document.getElementById("status");
    if (line) line.textContent = text;
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show);
  else show();
}

// Write the data folder back to IndexedDB; one write at a time, the last one always runs.
function sync() {
  const FS = companion.pyodide && companion.pyodide.FS;
  if (!FS) return Promise.resolve();
  if (companion.syncing) {
    companion.again = true;
    return companion.syncing;
  }
  companion.syncing = new Promise((resolve) => {
    FS.syncfs(false, (error) => {
      if (error) console.error("companion: the saves were not written to the browser", error);
      resolve();
    });
  }).then(() => {
    companion.syncing = null;
    if (companion.again) {
      companion.again = false;
      return sync();
    }
  });
  return companion.syncing;
}

async function loadApp(columns, rows) {
  const { loadPyodide } = await import("./pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", document.baseURI).href });
  companion.pyodide = pyodide;
  const FS = pyodide.FS;
  FS.mkdirTree(DATA_DIR);
  FS.mount(FS.filesystems.IDBFS, {}, DATA_DIR);
  await new Promise((resolve, reject) =>
    FS.syncfs(true, (error) => (error ? reject(error) : resolve()))
  );
  const bundle = await fetch("app.zip");
  pyodide.unpackArchive(await bundle.arrayBuffer(), "zip", { extractDir: SITE_PACKAGES });
  pyodide.runPython(`import os; os.environ["COMPANION_DATA_DIR"] = ${JSON.stringify(DATA_DIR)}`);
  companion.driver = pyodide.pyimport("companion.web.page_driver");
  const boot = pyodide.pyimport("companion.web.page_boot");
  const output = (text) => companion.socket && companion.socket.receive(text);
  const app = boot.start(output, () => void sync(), columns, rows);
  Promise.resolve(app).then(
    () => document.body.classList.add("-closed"),
    (error) => {
      console.error(error);
      document.body.classList.add("-closed");
    }
  );
}

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
    companion.ready.then(() => loadApp(columns, rows)).then(
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

// One tab owns the app: the lock is held for as long as this page lives.
companion.ready = new Promise((resolve) => {
  if (!navigator.locks) {
    resolve();
    return;
  }
  navigator.locks.request("companion-app", { ifAvailable: true }, (lock) => {
    if (!lock) {
      status("The app is open in another tab: close it there, then reload this one.");
      return undefined;
    }
    resolve();
    return new Promise(() => {});
  });
});

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") sync();
});
window.addEventListener("pagehide", () => void sync());

if ("serviceWorker" in navigator && window.location.protocol !== "file:") {
  navigator.serviceWorker.register("sw.js").catch((error) => console.warn(error));
}
