// The page: draws what the worker's Python (boardrules.web._page) says and sends it what the
// person does.  Every rule is decided by boardrules itself, in the worker.
//
// A test hook and a demo mode: index.html?game=G&players=P1,P2&seed=S&autoplay=1 (further
// parameters are the game's options, values read as JSON when they can be) plays the game
// to the end, then puts the returns (JSON) in <body data-result> and the game record in
// #record; then autoplay("game=G&players=...") plays another game in the same page (the
// tests play every game with one start of Python).  ?measure=GAME puts the speed figures
// in <body data-measure>.

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
// px), with zoom buttons, and cut into pieces stacked one under the other, each in a box of
// its own: the board (Dorasure: its map, the dragon's tracks, the quests; PANELS), which
// pans with a finger when it is wider than the phone, then the band under it (the status
// line and the key; Dorasure: the heroes' sheets), whose columns are stacked so that it
// fits the phone's width (TABLES: a table whose first column is repeated).  The first
// piece is under the board's title, the others in the panel after the moves to choose.

const NARROW = matchMedia("(max-width: 800px)");
const MIN_TEXT = 11;
const MIN_TARGET = 32;
const MARGIN = 6; // around each piece, in the picture's units
const zoom = { game: null, readable: 1, scale: null }; // scale null: the readable one

// A game's pieces of its board on a phone, each [x, y, width, height] in the picture's
// units (or a piece), from the drawn <svg>, the board's part of the picture and the width
// of a box in the panel; not listed: one piece.
const PANELS = { dorada: doradaPanels, dorasure: dorasurePanels };
// Games whose band under the board is a table (one row per player).
const TABLES = new Set(["dorasure"]);

function union(boxes) {
  if (!boxes.length) return null;
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x, y, width: right - x, height: bottom - y };
}

const boxesOf = (svg, selector) => [...svg.querySelectorAll(selector)].map((e) => e.getBBox());
const DRAWN = "text, rect, circle, ellipse, polygon, polyline, path, line";
// A picture's shapes and its top-level elements with their boxes, measured once.
const measured = new WeakMap();

function geometry(svg) {
  if (!measured.has(svg)) {
    const graphic = (e) => typeof e.getBBox === "function" && !["defs", "title"].includes(e.tagName);
    measured.set(svg, {
      shapes: boxesOf(svg, DRAWN),
      children: [...svg.children].map((e) => [e, graphic(e) ? e.getBBox() : null]),
    });
  }
  return measured.get(svg);
}

// What is drawn in a region (a shape's centre in it), but no shape as wide as the picture
// (the paper, the band's frame).
function drawnIn(svg, [x, y, width, height]) {
  const whole = svg.viewBox.baseVal.width;
  return geometry(svg).shapes.filter((b) => {
    const cx = b.x + b.width / 2;
    const cy = b.y + b.height / 2;
    return b.width < whole - 1 && cx >= x && cx <= x + width && cy >= y && cy <= y + height;
  });
}

// The region cut to what is drawn in it, with a margin; ``across`` only: the full height.
function cropped(svg, region, across = false) {
  const [x, y, width, height] = region;
  const drawn = union(drawnIn(svg, region));
  if (!drawn) return region;
  const left = Math.max(x, drawn.x - MARGIN);
  const right = Math.min(x + width, drawn.x + drawn.width + MARGIN);
  const top = across ? y : Math.max(y, drawn.y - MARGIN);
  const bottom = across ? y + height : Math.min(y + height, drawn.y + drawn.height + MARGIN);
  return [left, top, right - left, bottom - top];
}

// A piece: parts of the picture ({src: [x, y, width, height], at: [x, y]}) in a box.
const single = (src) => ({ width: src[2], height: src[3], parts: [{ src, at: [0, 0] }] });

// Dorasure's board: the map (with the headline), the dragon's tracks (meter, health, what
// comes next, the dice) and the quests.
function dorasurePanels(svg, [, , width, height]) {
  const map = union(boxesOf(svg, ".hex"));
  if (!map) return null;
  const right = map.x + map.width + MARGIN;
  const quests = [...svg.querySelectorAll("text")]
    .filter((t) => t.textContent === "Quests")
    .map((t) => t.getBBox())
    .find((b) => b.x >= right);
  const cut = quests ? quests.y - MARGIN : height;
  const pieces = [[0, 0, right, map.y + map.height + MARGIN], [right, 0, width - right, cut]];
  if (quests) pieces.push([right, cut, width - right, height - cut]);
  return pieces;
}

// Dorada's board: the path, then the key of its marks (under the path), its lines wrapped.
function doradaPanels(svg, [, , width, height], room) {
  const key = svg.querySelector(".key")?.getBBox();
  if (!key) return null;
  const cut = key.y - MARGIN;
  return [[0, 0, width, cut], wrapped(svg, cropped(svg, [0, cut, width, height - cut]), room)];
}

// A key of one-line entries (a mark, then its words) in ``width``: a line longer than that
// goes on in the rows under it, cut between two words, under the start of its words.
function wrapped(svg, region, width) {
  const [x, y, w, h] = region;
  if (w <= width) return single(region);
  const texts = [...svg.querySelectorAll("text")]
    .map((t) => [t, t.getBBox()])
    .filter(([, b]) => b.y + b.height / 2 >= y && b.y + b.height / 2 <= y + h);
  const middles = [...new Set(texts.map(([, b]) => Math.round(b.y + b.height / 2)))].sort((a, b) => a - b);
  const step = Math.min(20, ...middles.slice(1).map((m, i) => m - middles[i]));
  const parts = [];
  let at = 0;
  for (const middle of middles) {
    const row = texts.filter(([, b]) => Math.round(b.y + b.height / 2) === middle);
    const [words, box] = row.reduce((a, b) => (b[1].width > a[1].width ? b : a));
    const top = middle - step / 2;
    const end = Math.max(...row.map(([, b]) => b.x + b.width)) + MARGIN;
    let [from, indent] = [x, 0];
    while (end - from > width - indent) {
      let [cut, space] = [from + width - indent, 0];
      for (let i = 0; i < words.textContent.length; i++) {
        const left = words.getStartPositionOfChar(i).x;
        if (words.textContent[i] === " " && left > from && left <= from + width - indent) [cut, space] = [left, 2];
      }
      parts.push({ src: [from, top, cut - from, step], at: [indent, at] });
      [from, indent, at] = [cut + space, box.x - x, at + step]; // after the space, if any
    }
    parts.push({ src: [from, top, end - from, step], at: [indent, at] });
    at += step;
  }
  const paper = svg.querySelector("rect")?.getAttribute("fill") ?? "#ffffff";
  return { width, height: at + MARGIN, parts, paper };
}

// The band under the board ([0, y, width, height]) where the picture has one: a frame as
// wide as the picture down to its bottom edge.
function bandOf(svg) {
  const { width, height } = svg.viewBox.baseVal;
  const frames = boxesOf(svg, "rect").filter(
    (b) => b.x <= 0.5 && b.width >= width - 1 && b.y > 0 && Math.abs(b.y + b.height - height) < 1,
  );
  return frames.length ? [0, frames[frames.length - 1].y, width, height - frames[frames.length - 1].y] : null;
}

// The columns of what is drawn: [left, right] spans, apart by at least ``gap``.
function columns(boxes, gap) {
  const spans = boxes.map((b) => [b.x, b.x + b.width]).sort((a, b) => a[0] - b[0]);
  const found = [];
  for (const [left, right] of spans) {
    const last = found[found.length - 1];
    if (last && left < last[1] + gap) last[1] = Math.max(last[1], right);
    else found.push([left, right]);
  }
  return found;
}

// Consecutive columns in groups, each at most ``width`` wide (a wider column alone).
function pack(spans, width) {
  const groups = [];
  for (const [left, right] of spans) {
    const last = groups[groups.length - 1];
    if (last && right - last[0] <= width) last[1] = right;
    else groups.push([left, right]);
  }
  return groups;
}

// A key (the status line, then entries in columns): its columns one under the other when
// the whole is wider than ``width``.
function keyPiece(svg, band, width) {
  const drawn = drawnIn(svg, band);
  const [top, bottom] = [band[1] + 1, band[1] + band[3] - 1]; // inside the band's frame
  const parts = [];
  let y = 0;
  for (const [left, right] of pack(columns(drawn, 40), width - 2 * MARGIN)) {
    const inside = union(drawn.filter((b) => b.x >= left - 0.5 && b.x + b.width <= right + 0.5));
    const from = parts.length ? Math.max(top, inside.y - MARGIN) : top;
    const to = Math.min(bottom, inside.y + inside.height + MARGIN);
    parts.push({ src: [left - MARGIN, from, right - left + 2 * MARGIN, to - from], at: [0, y] });
    y += to - from;
  }
  return { width: Math.max(width, ...parts.map((p) => p.src[2])), height: y, parts, paper: "#ffffff" };
}

// A table (a head row, then a row per player): groups of its columns one under the other,
// each after the first column again, when the whole is wider than ``width``.
function tablePiece(svg, band, width) {
  const drawn = drawnIn(svg, band);
  const heads = drawn.filter((b) => b.y < band[1] + 20);
  const starts = heads.map((b) => b.x).sort((a, b) => a - b);
  const end = Math.max(...heads.map((b) => b.x + b.width));
  const beyond = drawn.filter((b) => b.x > end + 4).map((b) => b.x);
  if (beyond.length) starts.push(Math.min(...beyond)); // notes with no head of their own
  const spans = starts.map((x, i) => {
    const mine = drawn.filter((b) => b.x >= x - 0.5 && (i + 1 === starts.length || b.x < starts[i + 1] - 0.5));
    return [x, Math.max(...mine.map((b) => b.x + b.width))];
  });
  const [first, ...rest] = spans;
  const [top, height] = [band[1] + 1, band[3] - 2]; // inside the band's frame
  const whole = spans[spans.length - 1][1] - first[0] + 2 * MARGIN;
  const lead = [first[0] - MARGIN, top, first[1] - first[0] + 3 * MARGIN, height];
  const parts = [];
  if (whole <= width) parts.push({ src: [lead[0], top, whole, height], at: [0, 0] });
  else {
    pack(rest, width - lead[2] - MARGIN).forEach(([left, right], row) => {
      const part = [left, top, right - left + MARGIN, height];
      parts.push({ src: lead, at: [0, row * height] }, { src: part, at: [lead[2], row * height] });
    });
  }
  const wide = Math.max(...parts.map((p) => p.at[0] + p.src[2]));
  return { width: Math.max(width, wide), height: Math.max(...parts.map((p) => p.at[1])) + height, parts, paper: "#ffffff" };
}

// The pieces of the picture on a phone, for a box ``width`` wide (in the picture's units).
function phonePieces(game, svg, width) {
  const whole = svg.viewBox.baseVal;
  const band = bandOf(svg);
  const board = [0, 0, whole.width, band ? band[1] : whole.height];
  const panels = PANELS[game]?.(svg, board, width) ?? [board];
  const pieces = panels.map((r) => (Array.isArray(r) ? single(cropped(svg, r)) : r));
  if (band) pieces.push(TABLES.has(game) ? tablePiece(svg, band, width) : keyPiece(svg, band, width));
  return pieces;
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
  const kept = [...document.querySelectorAll(".view")].map((v) => [v.scrollLeft, v.scrollTop]);
  const first = el("div", { class: "view" });
  board.replaceChildren(first);
  $("board-more").replaceChildren();
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

// A copy of the picture's region: its <svg> with what is drawn there (and its definitions).
function regionOf(svg, region, as = svg.cloneNode(false)) {
  const [x, y, width, height] = region;
  for (const [element, b] of geometry(svg).children) {
    const meets = b && b.x <= x + width && b.x + b.width >= x && b.y <= y + height && b.y + b.height >= y;
    if (meets || element.tagName === "defs") as.appendChild(element.cloneNode(true));
  }
  as.setAttribute("viewBox", region.join(" "));
  return as;
}

// A piece's picture: the drawn <svg> itself (the first piece, which gets the move marks),
// a copy of its region, or an <svg> of such copies, one per part.
function pieceSvg(svg, piece, i) {
  if (!piece.paper) {
    if (i) return regionOf(svg, piece.parts[0].src);
    svg.setAttribute("viewBox", piece.parts[0].src.join(" "));
    return svg;
  }
  const picture = svg.cloneNode(false);
  picture.setAttribute("viewBox", `0 0 ${piece.width} ${piece.height}`);
  picture.style.background = piece.paper;
  for (const { src, at } of piece.parts) {
    const part = regionOf(svg, src, document.createElementNS("http://www.w3.org/2000/svg", "svg"));
    for (const [name, value] of Object.entries({ x: at[0], y: at[1], width: src[2], height: src[3] })) part.setAttribute(name, value);
    picture.appendChild(part);
  }
  return picture;
}

function layOut(view, svg, kept) {
  if (zoom.game !== view.game) {
    Object.assign(zoom, { game: view.game, readable: readableZoom(svg), scale: null });
    kept = [];
  }
  const scale = zoom.scale ?? zoom.readable;
  // The board's first piece under the board, the others in the panel, after the moves.
  const room = ($("board-more").clientWidth - 2) / scale; // a box's border: 1 px each side
  const pieces = phonePieces(view.game, svg, room);
  const holders = pieces.map((piece, i) => {
    const holder = i ? $("board-more").appendChild(el("div", { class: "view" })) : svg.parentNode;
    const picture = pieceSvg(svg, piece, i);
    if (i) holder.appendChild(picture);
    picture.style.width = `${piece.width * scale}px`;
    picture.style.height = `${piece.height * scale}px`;
    // A board as wide as the phone is shown whole if it is not much higher than its box.
    const whole = piece.width * scale <= holder.clientWidth && piece.height * scale <= 0.6 * innerHeight;
    holder.style.maxHeight = whole ? "none" : "";
    return holder;
  });
  if (kept.length === holders.length) {
    holders.forEach((holder, i) => ([holder.scrollLeft, holder.scrollTop] = kept[i]));
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
  const pictures = [...document.querySelectorAll(".view > svg")];
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

async function autoplay(query = params) {
  delete document.body.dataset.result;
  const reserved = new Set(["game", "players", "seed", "autoplay", "pace"]);
  const options = {};
  for (const [name, value] of query) if (!reserved.has(name)) options[name] = readValue(value);
  const players = (query.get("players") ?? "random,random").split(",");
  const seed = query.has("seed") ? Number(query.get("seed")) : null;
  const view = await startGame(query.get("game") ?? "parchis", options, players, seed);
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
  if (params.get("autoplay") === "1") {
    window.autoplay = (query) => autoplay(new URLSearchParams(query));
    return autoplay();
  }
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
