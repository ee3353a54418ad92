// The page's worker: Pyodide and boardrules run here, so the page never waits for Python
// (a bot thinking for seconds leaves the page free).  Messages are {id, op, args}; each
// answer is {id, value}, value being what boardrules.web._page.call answers (JSON).  While
// it starts, the worker sends {loading: {stage, loaded, total}}: what it is doing and the
// bytes fetched so far of those the site lists in site.json ("sizes").
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;

export const timings = {};
const mark = (name) => (timings[name] = Math.round(performance.now()));

const progress = { stage: "Fetching the list of files", loaded: 0, total: 0 };
const received = {}; // bytes fetched so far, by the file's path in the site
let lastReport = 0;

let runtimeBytes = Infinity; // of the Pyodide runtime: once fetched, Python starts

function report(stage, force = false) {
  if (stage) progress.stage = stage;
  progress.loaded = Object.values(received).reduce((a, b) => a + b, 0);
  const runtime = Object.entries(received).filter(([path]) => path.startsWith("pyodide/"));
  if (progress.stage.startsWith("Fetching") && runtime.reduce((a, [, n]) => a + n, 0) >= runtimeBytes) {
    progress.stage = "Starting Python";
    force = true;
  }
  const now = performance.now();
  if (!force && now - lastReport < 100) return; // a few reports a second are enough
  lastReport = now;
  self.postMessage({ loading: { ...progress } });
}

// Pyodide fetches its runtime and the wheels with fetch(): a copy of each answer is read
// to count its bytes, and the answer itself goes to Pyodide untouched (so the browser can
// compile the WebAssembly as it arrives and keep the compiled code in its cache).
function countFetches(sizes) {
  const fetchFile = self.fetch.bind(self);
  const site = new URL("./", import.meta.url).href;
  self.fetch = async (input, init) => {
    const response = await fetchFile(input, init);
    const url = typeof input === "string" ? input : input.url ?? String(input);
    const path = new URL(url, site).href.slice(site.length);
    if (!(path in sizes) || !response.body) return response;
    const reader = response.clone().body.getReader();
    received[path] = 0;
    (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return report(null, true);
        received[path] += value.byteLength;
        report();
      }
    })();
    return response;
  };
}

async function start() {
  report(null, true);
  const site = await (await fetch(here("site.json"))).json();
  mark("site");
  const sizes = site.sizes ?? {};
  progress.total = Object.values(sizes).reduce((a, b) => a + b, 0);
  const runtime = Object.entries(sizes).filter(([path]) => path.startsWith("pyodide/"));
  if (runtime.length) runtimeBytes = runtime.reduce((a, [, n]) => a + n, 0);
  countFetches(sizes);
  report(`Fetching Python (Pyodide ${site.pyodide})`, true);
  const pyodide = await loadPyodide({ indexURL: here("pyodide/") });
  mark("pyodide");
  report("Installing boardrules in Python", true);
  await pyodide.loadPackage(
    site.wheels.map((name) => here("wheels/" + name)),
    { messageCallback: () => {}, errorCallback: (text) => console.error(text) },
  );
  mark("wheels");
  report("Importing boardrules", true);
  const call = pyodide.pyimport("boardrules.web._page").call;
  mark("import");
  report("Setting up the game", true);
  console.log(JSON.stringify(timings));
  return call;
}

const ready = start();
let queue = Promise.resolve();

self.onmessage = (event) => {
  const { id, op, args } = event.data;
  // One call at a time, in the order asked.
  queue = queue.then(async () => {
    let value;
    try {
      const call = await ready;
      value = JSON.parse(call(op, JSON.stringify(args ?? {})));
    } catch (error) {
      value = { error: "Python failed: " + (error?.message ?? String(error)), crashed: true };
    }
    self.postMessage({ id, value });
  });
};
