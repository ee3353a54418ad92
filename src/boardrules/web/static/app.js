// The page: draws what the worker's Python (boardrules.web._page) says and sends it what the
// person does.  Every rule is decided by boardrules itself, in the worker.
//
// A test hook and a demo mode: index.html?game=G&players=P1,P2&seed=S&autoplay=1 (further
// parameters are the game's options, values read as JSON when they can be) plays the game
// to the end, then puts the returns (JSON) in <body data-result> and the game record in
// #record.  ?measure=GAME puts the speed figures in <body data-measure>.

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const BOTS = ["human", "random", "greedy", "expectimax", "mcts", "strong"];
const STRENGTHS = { quick: 50, normal: 200, strong: 1000 };
// Milliseconds between two moves that the person watches (?pace=0: no wait).
const PACE_MS = Number(params.get("pace") ?? 300);
const HINT_SECONDS = 2;

class Python {
  constructor() {
    this.start();
  }
  start() {
    this.worker = new Worker("worker.js", { type: "module" });
    this.next = 1;
    this.waiting = new Map();
    this.worker.onmessage = (event) => {
      if (event.data.loading) return loading.update(event.data.loading);
      const { id, value } = event.data;
      const waiting = this.waiting.get(id);
      this.waiting.delete(id);
      if (value && value.crashed) console.error(value.error);
      waiting?.(value);
    };
    this.worker.onerror = (event) => {
      console.error("the worker failed: " + event.message);
      this.fail(event.message);
    };
  }
  fail(why) {
    for (const answer of this.waiting.values()) answer({ error: why });
    this.waiting.clear();
  }
  // The answer of the operation: a JSON value, or {error: message}.
  call(op, args = {}) {
    return new Promise((answer) => {
      const id = this.next++;
      this.waiting.set(id, answer);
      this.worker.postMessage({ id, op, args });
    });
  }
  restart() {
    this.worker.terminate();
    this.fail("stopped");
    this.start();
  }
}

// The loading screen: what the worker is doing, the bytes fetched, the seconds so far.
const loading = {
  began: performance.now(),
  now: { stage: "Starting the page", loaded: 0, total: 0 },
  timer: null,
  // The bar: the fetching is most of the wait; the later stages share the rest.
  LATER: { "Starting Python": 0.8, "Installing boardrules in Python": 0.85,
           "Importing boardrules": 0.9, "Setting up the game": 0.95 },
  seen: [], // the stages, in order (and in <body data-loading> once loaded, for the tests)
  update(now) {
    if (this.seen[this.seen.length - 1] !== now.stage) this.seen.push(now.stage);
    this.now = now;
    this.draw();
  },
  draw() {
    if ($("loading").hidden) return;
    const { stage, loaded, total } = this.now;
    const seconds = Math.round((performance.now() - this.began) / 1000);
    const mb = (n) => (n / 1e6).toFixed(1);
    $("loading-stage").textContent = `${stage}…`;
    const fetched = total ? Math.min(loaded / total, 1) : 0;
    $("loading-bar").max = 1;
    $("loading-bar").value = this.LATER[stage] ?? 0.8 * fetched;
    const bytes = total ? `${mb(loaded)} of ${mb(total)} MB, ` : "";
    $("loading-detail").textContent = `${bytes}${seconds} s so far. Python and boardrules run in this page: the first visit fetches them, later visits take them from the browser's cache.`;
  },
  start() {
    say("Loading Python and boardrules…");
    this.timer = setInterval(() => this.draw(), 500);
    this.draw();
  },
  done() {
    if ($("loading").hidden) return;
    clearInterval(this.timer);
    $("loading").hidden = true;
    const { loaded, total } = this.now;
    const seconds = (performance.now() - this.began) / 1000;
    document.body.dataset.loading = JSON.stringify({ stages: this.seen, loaded, total, seconds });
  },
};

const python = new Python();
const page = {
  view: null, // the last view from Python
  history: [], // every move so far: {who, move, odds | by}
  selection: null, // the moves a click on the board left to choose from
  generation: 0, // bumped by every action of the person: a bot loop of an older one stops
  busy: false,
};

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

function el(tag, attributes = {}, text = "") {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text) node.textContent = text;
  return node;
}

function say(text, error = false) {
  $("status").textContent = text;
  $("status").classList.toggle("error", error);
}

// ------------------------------------------------------------------------ showing a view

function show(view) {
  loading.done();
  if (view.error) {
    say(view.error, true);
    return false;
  }
  page.view = view;
  page.selection = null;
  page.history.length = view.since;
  page.history.push(...view.history);
  drawBoard(view);
  drawHistory();
  drawTurn(view);
  return true;
}

// ------------------------------------------------------------------------ the board
// On a wide screen the board fits its column.  On a narrow one (a phone) it is drawn big
// enough to read and to tap (text at least MIN_TEXT px, a move's mark at least MIN_TARGET
// px) in boxes that scroll both ways (pan with a finger), with zoom buttons; a picture
// with side panels is cut into pieces stacked one under the other (PANELS).

const NARROW = matchMedia("(max-width: 800px)");
const MIN_TEXT = 11;
const MIN_TARGET = 32;
const zoom = { game: null, readable: 1, scale: null }; // scale null: the readable one

// A game's pieces of the picture stacked on a phone, each [x, y, width, height] in the
// picture's units, from the drawn <svg>; a game not listed is one piece.
const PANELS = { dorasure: dorasurePanels };

function union(boxes) {
  if (!boxes.length) return null;
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x, y, width: right - x, height: bottom - y };
}

const boxesOf = (svg, selector) => [...svg.querySelectorAll(selector)].map((e) => e.getBBox());

// Dorasure: the map (with the headline), the dragon's panel (tracks, dice, quests) and the
// heroes' sheets (their header row is one row above the first sheet).
function dorasurePanels(svg, [, , width, height]) {
  const map = union(boxesOf(svg, ".hex"));
  const sheets = union(boxesOf(svg, ".sheet"));
  if (!map || !sheets) return null;
  const right = map.x + map.width + 6;
  const split = sheets.y - 28;
  const drawn = boxesOf(svg, "text, rect, circle, polygon");
  const below = boxesOf(svg, "text").filter((b) => b.y >= split);
  const wide = Math.min(width, Math.max(...below.map((b) => b.x + b.width)) + 12);
  const beside = union(drawn.filter((b) => b.x >= right && b.y + b.height <= split));
  const top = beside ? beside.y - 6 : 0;
  const bottom = beside ? beside.y + beside.height + 6 : split;
  return [
    [0, 0, right, map.y + map.height + 6],
    [right, top, width - right, bottom - top],
    [0, split, wide, height - split],
  ];
}

// The scale at which the smallest text and the smallest cell (a move's mark is drawn just
// inside its cell) are big enough.
function readableZoom(svg) {
  let font = Infinity;
  for (const t of svg.querySelectorAll("text")) font = Math.min(font, parseFloat(t.getAttribute("font-size")) || 16);
  let cell = Infinity;
  for (const box of boxesOf(svg, ".square, .lane, .field, .hex")) cell = Math.min(cell, box.width, box.height);
  const need = Math.max(1, MIN_TEXT / font, cell < Infinity ? MIN_TARGET / (cell - 4) : 1);
  return Math.ceil(need * 100) / 100;
}

function drawBoard(view) {
  const board = $("board");
  const kept = [...board.querySelectorAll(".view")].map((v) => [v.scrollLeft, v.scrollTop]);
  const first = el("div", { class: "view" });
  board.replaceChildren(first);
  first.innerHTML = view.svg;
  const svg = first.querySelector("svg");
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  board.setAttribute("aria-label", `the board: ${view.game}, move ${view.ply}`);
  const narrow = NARROW.matches;
  $("zoom").hidden = !narrow;
  if (narrow) layOut(view, svg, kept);
  drawTargets(view, svg);
  if (narrow && view.turn.kind === "human") reveal();
}

function layOut(view, svg, kept) {
  const box = svg.getAttribute("viewBox").split(/[\s,]+/).map(Number);
  if (zoom.game !== view.game) {
    Object.assign(zoom, { game: view.game, readable: readableZoom(svg), scale: null });
    kept = [];
  }
  const scale = zoom.scale ?? zoom.readable;
  const panels = PANELS[view.game]?.(svg, box) ?? [box];
  const views = panels.map((panel, i) => {
    const holder = i ? $("board").appendChild(el("div", { class: "view" })) : svg.parentNode;
    const picture = i ? holder.appendChild(svg.cloneNode(true)) : svg;
    picture.setAttribute("viewBox", panel.join(" "));
    picture.style.width = `${panel[2] * scale}px`;
    picture.style.height = `${panel[3] * scale}px`;
    return holder;
  });
  if (kept.length === views.length) {
    views.forEach((holder, i) => ([holder.scrollLeft, holder.scrollTop] = kept[i]));
  }
}

// The marks of a person's moves, over the board (in its first piece on a phone).  A mark
// that is only an arrow gets a round spot at its head to tap.
function drawTargets(view, svg) {
  if (!view.targets.some((t) => t)) return;
  const layer = document.createElementNS("http://www.w3.org/2000/svg", "g");
  layer.setAttribute("class", "targets");
  layer.innerHTML = view.targets
    .map((t, i) => (t ? `<g class="target" data-move="${i}">${t}</g>` : ""))
    .join("");
  for (const target of layer.children) {
    const line = target.querySelector("polyline");
    if (target.querySelector("rect, circle, ellipse, path") || !line) continue;
    const points = line.getAttribute("points").trim().split(/\s+/);
    const [x, y] = points[points.length - 1].split(",").map(Number);
    const spot = document.createElementNS("http://www.w3.org/2000/svg", "circle");
    for (const [name, value] of Object.entries({ cx: x, cy: y, r: MIN_TARGET / 2 + 2, fill: "none", class: "spot" })) spot.setAttribute(name, value);
    target.appendChild(spot);
  }
  svg.appendChild(layer);
}

// Scroll the board's first piece to show every mark of the person's moves it can.
function reveal() {
  const holder = $("board").querySelector(".view");
  const marks = [...holder.querySelectorAll(".target")].map((t) => t.getBoundingClientRect());
  if (!marks.length) return;
  const at = holder.getBoundingClientRect();
  const left = Math.min(...marks.map((b) => b.left)) - at.left;
  const right = Math.max(...marks.map((b) => b.right)) - at.left;
  const top = Math.min(...marks.map((b) => b.top)) - at.top;
  const bottom = Math.max(...marks.map((b) => b.bottom)) - at.top;
  // The least scroll that shows them all with a margin, else their start.
  const margin = 24;
  const fit = (low, high, size) =>
    high - low > size - 2 * margin || low < margin ? low - margin : high > size - margin ? high - size + margin : 0;
  holder.scrollLeft += fit(left, right, holder.clientWidth);
  holder.scrollTop += fit(top, bottom, holder.clientHeight);
}

function setZoom(scale) {
  if (!page.view) return;
  zoom.scale = scale === null ? null : Math.min(4, Math.max(0.2, scale));
  drawBoard(page.view);
  if (page.selection) mark(page.selection);
}

// The scale at which the widest piece of the picture fills the width of the board.
function wholeBoard() {
  const pictures = [...$("board").querySelectorAll("svg")];
  const widest = Math.max(...pictures.map((p) => p.viewBox.baseVal.width));
  return ($("board").clientWidth - 4) / widest;
}

function drawHistory() {
  const list = $("history");
  while (list.children.length > page.history.length) list.lastChild.remove();
  for (let i = list.children.length; i < page.history.length; i++) {
    const entry = page.history[i];
    const by = entry.by && entry.by !== "human" ? ` (${entry.by})` : "";
    // A roll reads as itself ("roll 4", "dice 066"); a choice says who made it.
    const item = el("li", {}, entry.odds ? entry.move : `${entry.who}${by}: ${entry.move}`);
    if (entry.odds) {
      item.title = `probability of this roll: ${entry.odds}`;
      item.className = "roll";
    }
    list.appendChild(item);
  }
  list.scrollTop = list.scrollHeight; // the list scrolls, not the page (the board stays)
  const rolls = page.history.filter((e) => e.odds);
  const last = rolls[rolls.length - 1];
  const rolled = last?.move.replace(/^roll /, "");
  $("dice").textContent = !last ? "" : rolled !== last.move ? `Dice: ${rolled}` : `Chance: ${last.move}`;
  $("dice").title = last ? `probability: ${last.odds}` : "";
}

function drawTurn(view) {
  const { kind, name } = view.turn;
  const human = kind === "human";
  $("choose").hidden = !human;
  $("hint-button").disabled = !human;
  $("undo").disabled = page.history.length === 0;
  $("save").disabled = false;
  $("result").textContent = kind === "end" ? `Result: ${view.result}` : "";
  $("hint").textContent = "";
  if (kind === "end") say(`Game over after ${view.ply} moves: ${view.result}.`);
  else if (human) say(`${name}, your move (${view.moves.length} to choose from).`);
  else if (kind === "bot") say(`${name} (${view.specs[view.turn.player]}) is thinking…`);
  else if (kind === "forced") say(`${name} has only one move.`);
  else {
    say("Rolling the dice…");
    $("dice").title = `the outcomes: ${view.outcomes.join("; ")}`;
  }
  drawMoves(view);
}

function drawMoves(view) {
  const list = $("moves");
  list.replaceChildren();
  view.moves.forEach((move, i) => {
    const button = el("button", { type: "button", "data-move": i }, move);
    if (i < 9) button.title = `key ${i + 1}`;
    if (page.selection && !page.selection.includes(i)) button.hidden = true;
    button.addEventListener("click", () => play(i));
    button.addEventListener("mouseenter", () => mark([i]));
    button.addEventListener("focus", () => mark([i]));
    button.addEventListener("mouseleave", () => mark(page.selection ?? []));
    const item = el("li");
    item.appendChild(button);
    list.appendChild(item);
  });
}

// Show these moves' marks on the board.
function mark(indices) {
  for (const target of document.querySelectorAll("#board .target")) {
    target.classList.toggle("shown", indices.includes(Number(target.dataset.move)));
  }
}

function select(indices) {
  if (!page.view) return;
  page.selection = indices.length ? indices : null;
  for (const button of $("moves").querySelectorAll("button")) {
    button.hidden = page.selection !== null && !page.selection.includes(Number(button.dataset.move));
  }
  mark(indices);
  if (page.selection) {
    say(`${page.view.turn.name}: ${indices.length} moves from there; click where to go, or choose below (Esc: all moves).`);
  } else drawTurn(page.view);
}

// ------------------------------------------------------------------------ the board's clicks

function movesAt(x, y) {
  const found = new Set();
  for (const node of document.elementsFromPoint(x, y)) {
    const target = node.closest?.(".target");
    if (target) found.add(Number(target.dataset.move));
  }
  return [...found];
}

// Whether the move's mark ends at (x, y): its last closed shape (the square, field or hex it
// goes to) holds the point.
function endsAt(index, x, y) {
  const target = document.querySelector(`#board .target[data-move="${index}"]`);
  const shapes = target ? [...target.querySelectorAll("rect, circle, ellipse, polygon, path")] : [];
  const closed = shapes.filter((s) => s.tagName !== "polygon" || shapes.length === 1);
  const last = closed[closed.length - 1];
  if (!last) return false;
  const box = last.getBoundingClientRect();
  return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
}

function boardClick(event) {
  if (page.busy || page.view?.turn.kind !== "human") return;
  let candidates = movesAt(event.clientX, event.clientY);
  if (page.selection) {
    const chosen = candidates.filter((i) => page.selection.includes(i));
    const ending = chosen.filter((i) => endsAt(i, event.clientX, event.clientY));
    if (ending.length === 1) return play(ending[0]);
    if (chosen.length === 1) return play(chosen[0]);
    if (chosen.length > 1) candidates = chosen;
  }
  if (candidates.length === 1) return play(candidates[0]);
  select(candidates);
}

// ------------------------------------------------------------------------ playing

async function act(op, args) {
  page.generation++;
  page.busy = true;
  const view = await python.call(op, { ...args, since: page.history.length });
  page.busy = false;
  if (show(view)) advance();
  return view;
}

function play(index) {
  if (page.busy || page.view?.turn.kind !== "human") return;
  return act("play", { index });
}

// Also while a bot thinks: its move is dropped, and the worker takes the undo after it.
async function undo() {
  const view = await act("undo", {});
  if (!view.error && !view.undone) say("Nothing to take back: no choice of yours yet.");
}

// Play the bots' moves and the rolls until a person must choose or the game ends.
async function advance(pace = PACE_MS, slice = 0) {
  const generation = page.generation;
  while (page.view && ["bot", "chance", "forced"].includes(page.view.turn.kind)) {
    if (pace) await sleep(pace);
    if (generation !== page.generation) return;
    page.busy = true;
    const view = await python.call("run", { seconds: slice, since: page.history.length });
    page.busy = false;
    if (generation !== page.generation || !show(view)) return;
  }
  if (page.view?.turn.kind === "end") $("record").textContent = (await python.call("record")).record;
}

async function hint() {
  if (page.busy || page.view?.turn.kind !== "human") return;
  const { record } = await python.call("record");
  $("hint").textContent = `Thinking for up to ${HINT_SECONDS} s…`;
  page.busy = true;
  const timeout = sleep((HINT_SECONDS + 10) * 1000).then(() => ({ error: "timeout" }));
  const found = await Promise.race([python.call("hint", { seconds: HINT_SECONDS }), timeout]);
  page.busy = false;
  if (found.error === "timeout") {
    // The search ran over: a fresh worker takes the game from its record.
    python.restart();
    page.history.length = 0;
    show(await python.call("load", { text: record }));
    $("hint").textContent = "No hint in time.";
    return;
  }
  if (found.error) return say(found.error, true);
  $("hint").textContent = `Hint: ${found.text}`;
  mark([found.move]);
  $("moves").querySelector(`[data-move="${found.move}"]`)?.focus();
}

async function save() {
  const answer = await python.call("record");
  if (answer.error) return say(answer.error, true);
  $("record").textContent = answer.record;
  const file = new Blob([answer.record + "\n"], { type: "application/json" });
  const link = el("a", { href: URL.createObjectURL(file), download: `boardrules-${page.view.game}-${page.view.seed}.json` });
  document.body.appendChild(link);
  link.click();
  link.remove();
  say("Saved the game record (replay it with: boardrules replay FILE).");
}

async function load(event) {
  const file = event.target.files[0];
  if (!file) return;
  const text = await file.text();
  event.target.value = "";
  page.generation++;
  const view = await python.call("load", { text });
  if (view.error) return say(`${file.name}: ${view.error}`, true);
  page.history.length = 0;
  show(view);
  $("title").textContent = `${view.title}: ${file.name}`;
  showGameInForm(view);
  advance();
}

// ------------------------------------------------------------------------ the setup form

let catalogue = [];

function readValue(text) {
  try {
    return JSON.parse(text);
  } catch {
    return text; // a bare word is a text, as on the command line
  }
}

function chosenGame() {
  return catalogue.find((g) => g.name === $("game").value);
}

// The form shows the game chosen in it: the game on the board with its seats, else the
// chosen game's defaults.
function fillGame() {
  const game = chosenGame();
  const current = page.view?.game === game.name ? page.view : null;
  $("summary").textContent = game.summary;
  $("players").replaceChildren(...game.players.map((n) => el("option", { value: n }, String(n))));
  $("players").value = String(current ? current.names.length : game.default_players);
  const options = $("options");
  const more = $("more-options");
  options.replaceChildren(el("legend", {}, "Options"));
  more.replaceChildren();
  for (const option of game.options) options.appendChild(optionField(option, more));
  options.hidden = options.children.length === 1;
  fillSeats(current?.specs);
}

// The form for the game on the board (after a new game or a loaded record).
function showGameInForm(view) {
  if (!catalogue.length || !catalogue.some((g) => g.name === view.game)) return;
  $("game").value = view.game;
  fillGame();
}

function optionField(option, more) {
  const id = `option-${option.name}`;
  const label = el("label", { title: option.doc });
  if (option.kind === "bool") {
    const box = el("input", { type: "checkbox", id, "data-option": option.name, "data-kind": "bool" });
    box.checked = option.default;
    label.append(box, ` ${option.name.replaceAll("_", " ")}`);
  } else if (option.kind === "heroes") {
    const set = el("fieldset", { id, "data-option": option.name, "data-kind": "heroes" });
    set.appendChild(el("legend", { title: option.doc }, "Heroes (none: the default ones)"));
    for (const hero of option.choices) {
      const item = el("label");
      const box = el("input", { type: "checkbox", value: hero });
      box.addEventListener("change", fillSeats);
      item.append(box, ` ${hero}`);
      set.appendChild(item);
    }
    return set;
  } else if (option.kind === "choice" || option.kind === "int") {
    const input =
      option.kind === "int"
        ? el("input", { type: "number", min: 0, value: option.default, id })
        : el("select", { id });
    for (const choice of option.choices) input.appendChild(el("option", { value: choice }, choice));
    if (option.kind === "choice") input.value = option.default;
    input.dataset.option = option.name;
    input.dataset.kind = option.kind;
    label.append(`${option.name.replaceAll("_", " ")} `, input);
  } else {
    const input = el("input", { id, "data-option": option.name, "data-kind": "json", placeholder: "default" });
    label.append(`${option.name} `, input);
    more.appendChild(label);
    return document.createTextNode("");
  }
  return label;
}

function chosenOptions() {
  const options = {};
  for (const field of document.querySelectorAll("[data-option]")) {
    const name = field.dataset.option;
    const kind = field.dataset.kind;
    if (kind === "bool") options[name] = field.checked;
    else if (kind === "int") options[name] = Number(field.value);
    else if (kind === "choice") options[name] = field.value;
    else if (kind === "heroes") {
      const heroes = [...field.querySelectorAll("input:checked")].map((box) => box.value);
      if (heroes.length) options[name] = heroes;
    } else if (field.value.trim()) options[name] = readValue(field.value);
  }
  const heroes = options.heroes;
  options.players = heroes ? heroes.length : Number($("players").value);
  return options;
}

// The seats of the form; ``specs`` (the players of the game on the board) choose each
// seat's player, else the seats keep what was chosen (a person, then greedy bots).
async function fillSeats(specs) {
  if (!Array.isArray(specs)) specs = null; // an event, from a change in the form
  const options = chosenOptions();
  $("players").disabled = Boolean(options.heroes);
  const answer = await python.call("names", { game: $("game").value, options });
  $("setup-error").textContent = answer.error ?? "";
  const names = answer.names ?? [];
  const seats = $("seats");
  const kept = [...seats.querySelectorAll("select.bot")].map((s) => s.value);
  seats.replaceChildren(el("legend", {}, "Seats"));
  names.forEach((name, i) => {
    const row = el("div", { class: "seat" });
    const bot = el("select", { class: "bot", "aria-label": `who plays ${name}` });
    for (const b of BOTS) bot.appendChild(el("option", { value: b }, b));
    const [kind, setting] = (specs?.[i] ?? "").split(":");
    bot.value = BOTS.includes(kind) ? kind : kept[i] ?? (i === 0 ? "human" : "greedy");
    const strength = el("select", { class: "strength", "aria-label": `strength of ${name}'s mcts` });
    for (const [word, n] of Object.entries(STRENGTHS)) strength.appendChild(el("option", { value: n }, `${word} (${n})`));
    const iterations = /^iterations=(\d+)$/.exec(setting ?? "")?.[1];
    strength.value = Object.values(STRENGTHS).map(String).includes(iterations) ? iterations : String(STRENGTHS.normal);
    const update = () => (strength.hidden = bot.value !== "mcts");
    bot.addEventListener("change", update);
    update();
    row.append(el("span", {}, name), bot, strength);
    seats.appendChild(row);
  });
}

function chosenPlayers() {
  return [...document.querySelectorAll("#seats .seat")].map((row) => {
    const bot = row.querySelector(".bot").value;
    return bot === "mcts" ? `mcts:iterations=${row.querySelector(".strength").value}` : bot;
  });
}

async function startGame(game, options, players, seed) {
  page.generation++;
  page.history.length = 0;
  $("record").textContent = "";
  const view = await python.call("new", { game, options, players, seed });
  if (!show(view)) return view;
  const seats = view.names.map((n, i) => `${n}: ${view.specs[i]}`).join(", ");
  $("title").textContent = `${view.title}, seed ${view.seed} — ${seats}`;
  showGameInForm(view);
  return view;
}

async function submitSetup(event) {
  event.preventDefault();
  const seed = $("seed").value.trim();
  if (seed && !/^\d+$/.test(seed)) return ($("setup-error").textContent = "The seed is a whole number (or empty: random).");
  const view = await startGame($("game").value, chosenOptions(), chosenPlayers(), seed ? Number(seed) : null);
  if (view.error) return ($("setup-error").textContent = view.error);
  $("setup").open = false;
  advance();
}

// ------------------------------------------------------------------------ the keyboard

function key(event) {
  if (event.target.closest?.("input, select, textarea, summary") || event.ctrlKey || event.metaKey || event.altKey) return;
  const human = page.view?.turn.kind === "human";
  if (human && /^[1-9]$/.test(event.key)) {
    const visible = [...$("moves").querySelectorAll("button")].filter((b) => !b.hidden);
    const button = visible[Number(event.key) - 1];
    if (button) play(Number(button.dataset.move));
  } else if (event.key === "Escape") select([]);
  else if (event.key === "u") undo();
  else if (event.key === "h") hint();
  else if (event.key === "s" && page.view) save();
  else if (event.key === "+" || event.key === "=") setZoom((zoom.scale ?? zoom.readable) * 1.25);
  else if (event.key === "-") setZoom((zoom.scale ?? zoom.readable) / 1.25);
  else if (event.key === "0") setZoom(wholeBoard());
  else if (event.key === "n") {
    $("setup").open = true;
    $("game").focus();
  } else return;
  event.preventDefault();
}

// ------------------------------------------------------------------------ start

async function autoplay() {
  const reserved = new Set(["game", "players", "seed", "autoplay", "pace"]);
  const options = {};
  for (const [name, value] of params) if (!reserved.has(name)) options[name] = readValue(value);
  const players = (params.get("players") ?? "random,random").split(",");
  const seed = params.has("seed") ? Number(params.get("seed")) : null;
  const view = await startGame(params.get("game") ?? "parchis", options, players, seed);
  if (view.error) {
    document.body.dataset.error = view.error;
    return;
  }
  await advance(0, 0.25);
  if (page.view.turn.kind !== "end") {
    document.body.dataset.error = "the game stopped before its end: a seat is human";
    return;
  }
  document.body.dataset.result = JSON.stringify(page.view.returns);
}

async function measure() {
  const figures = await python.call("measure", { game: params.get("measure"), seconds: Number(params.get("seconds") ?? 3) });
  loading.done();
  document.body.dataset.measure = JSON.stringify(figures);
  say(JSON.stringify(figures));
}

async function main() {
  $("board").addEventListener("click", boardClick);
  $("board").addEventListener("mousemove", (e) => {
    if (!page.selection) mark(movesAt(e.clientX, e.clientY));
  });
  $("undo").addEventListener("click", undo);
  $("hint-button").addEventListener("click", hint);
  $("save").addEventListener("click", save);
  $("load").addEventListener("change", load);
  $("setup-form").addEventListener("submit", submitSetup);
  $("zoom-in").addEventListener("click", () => setZoom((zoom.scale ?? zoom.readable) * 1.25));
  $("zoom-out").addEventListener("click", () => setZoom((zoom.scale ?? zoom.readable) / 1.25));
  $("zoom-fit").addEventListener("click", () => setZoom(wholeBoard()));
  $("zoom-read").addEventListener("click", () => setZoom(null));
  NARROW.addEventListener("change", () => page.view && drawBoard(page.view));
  document.addEventListener("keydown", key);
  loading.start();
  if (params.get("autoplay") === "1") return autoplay();
  if (params.has("measure")) return measure();
  const game = params.get("game") ?? "parchis";
  const players = params.get("players")?.split(",") ?? ["human", "greedy", "greedy", "greedy"];
  await startGame(game, {}, players, params.has("seed") ? Number(params.get("seed")) : null);
  document.body.dataset.ready = String(Math.round(performance.now()));
  advance();
  // The form comes after the first board: it loads every game.
  catalogue = await python.call("catalogue");
  if (catalogue.error) return say(catalogue.error, true);
  $("game").replaceChildren(...catalogue.map((g) => el("option", { value: g.name }, g.name)));
  $("game").value = page.view?.game ?? game;
  $("game").addEventListener("change", fillGame);
  $("players").addEventListener("change", fillSeats);
  $("options").addEventListener("change", fillSeats);
  fillGame();
}

main();

// For the page's other modules (review.js).
export { python };
