// The page's worker: Pyodide and boardrules run here, so the page never waits for Python
// (a bot thinking for seconds leaves the page free).  Messages are {id, op, args}; each
// answer is {id, value}, value being what boardrules.web._page.call answers (JSON).
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;

export const timings = {};
const mark = (name) => (timings[name] = Math.round(performance.now()));

async function start() {
  const site = await (await fetch(here("site.json"))).json();
  mark("site");
  const pyodide = await loadPyodide({ indexURL: here("pyodide/") });
  mark("pyodide");
  await pyodide.loadPackage(
    site.wheels.map((name) => here("wheels/" + name)),
    { messageCallback: () => {}, errorCallback: (text) => console.error(text) },
  );
  mark("wheels");
  const call = pyodide.pyimport("boardrules.web._page").call;
  mark("import");
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
