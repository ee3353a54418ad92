// "Review this game": once the game on the page is over, its review (errors, luck, the
// chart of the win chances; boardrules.analysis.review) runs in the worker a slice at a time,
// so the page stays free and a bar shows how far it has come.
import { python } from "./app.js";

const $ = (id) => document.getElementById(id);
// The worker works this long between two updates of the bar.
const SLICE_SECONDS = 0.3;

function panel() {
  let box = $("review-box");
  if (box) return box;
  box = document.createElement("section");
  box.id = "review-box";
  box.hidden = true;
  box.innerHTML =
    '<button id="review-button" type="button" title="Errors, luck and the win chances (r)">' +
    "Review this game</button> " +
    '<progress id="review-bar" value="0" max="1" hidden></progress> ' +
    '<span id="review-status" aria-live="polite"></span>';
  const after = $("result");
  after.parentNode.insertBefore(box, after.nextSibling);
  // The chart under the board and the side panel, the page's whole width.
  const out = document.createElement("section");
  out.id = "review-out";
  const main = document.querySelector("main");
  main.parentNode.insertBefore(out, main.nextSibling);
  $("review-button").addEventListener("click", run);
  return box;
}

// The chart's fragment: its HTML, then its script run (innerHTML runs no script).
function showChart(html) {
  const out = $("review-out");
  const script = /<script>([\s\S]*)<\/script>/.exec(html);
  out.innerHTML = html.replace(/<script>[\s\S]*<\/script>/, "");
  if (script) {
    const s = document.createElement("script");
    s.textContent = script[1];
    out.appendChild(s);
  }
}

let running = false;

async function run() {
  if (running) return;
  running = true;
  const bar = $("review-bar");
  $("review-button").disabled = true;
  $("review-out").replaceChildren();
  bar.hidden = false;
  bar.value = 0;
  $("review-status").textContent = "Reviewing…";
  try {
    const started = await python.call("review_start", {});
    if (started.error) throw new Error(started.error);
    bar.max = Math.max(1, started.total);
    for (;;) {
      const step = await python.call("review_step", { seconds: SLICE_SECONDS });
      if (step.error) throw new Error(step.error);
      bar.value = step.done;
      $("review-status").textContent = `${step.done} of ${step.total} decisions`;
      if (step.review) {
        $("review-status").textContent = `Reviewed ${step.total} decisions.`;
        document.body.dataset.review = JSON.stringify(step.review.players);
        showChart(step.chart);
        break;
      }
    }
  } catch (error) {
    $("review-status").textContent = "No review: " + error.message;
  } finally {
    bar.hidden = true;
    $("review-button").disabled = false;
    running = false;
  }
}

// The button shows when the result does (and hides for a new game).
function follow() {
  const box = panel();
  const over = $("result").textContent.trim() !== "";
  if (box.hidden === over) box.hidden = !over;
  if (!over) $("review-out")?.replaceChildren();
}

new MutationObserver(follow).observe($("result"), { childList: true, characterData: true, subtree: true });
document.addEventListener("keydown", (event) => {
  if (event.key === "r" && !event.ctrlKey && !event.metaKey && !event.altKey &&
      !(event.target instanceof HTMLInputElement) && !$("review-box")?.hidden) run();
});
follow();
