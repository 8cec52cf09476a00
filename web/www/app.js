// The page: screens, the board, and the engine's worker. All engine work
// goes through `engine.call`, which runs it in worker.js; `engine.cancel`
// terminates that worker and starts a fresh one (a search cannot be
// interrupted from outside its thread, and a terminated worker stops at
// once). The board is a CSS grid of cells, one focusable at a time
// (roving tabindex), with an SVG overlay for killer cages.

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- engine

class Engine {
  constructor(onState) {
    this.onState = onState;
    this.next = 1;
    this.pending = new Map();
    this.start();
  }

  start() {
    this.started = performance.now();
    this.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      this.fail(`the engine failed to load: ${event.message || 'unknown error'}`);
    };
  }

  receive(message) {
    if (message.ready) {
      this.readyAt = performance.now();
      this.onState(`Engine ready (${Math.round(this.readyAt - this.started)} ms)`);
      return;
    }
    const job = this.pending.get(message.id);
    if (!job) return;
    if (message.progress) {
      job.onProgress?.(message.progress);
      return;
    }
    this.pending.delete(message.id);
    if (message.failure) {
      // The module trapped: its memory is not to be trusted again.
      this.restart();
      job.reject(new Error(`the engine stopped: ${message.failure}`));
    } else {
      job.resolve(message.result);
    }
  }

  /** Runs `op` in the worker; resolves to its JSON answer. */
  call(op, args, onProgress) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      this.worker.postMessage({ id, op, args });
    });
  }

  fail(message) {
    for (const job of this.pending.values()) job.reject(new Error(message));
    this.pending.clear();
    this.onState(message);
  }

  restart() {
    this.worker.terminate();
    this.start();
  }

  /** Stops whatever runs: every pending call rejects with `cancelled`. */
  cancel() {
    this.worker.terminate();
    for (const job of this.pending.values()) job.reject(new Cancelled());
    this.pending.clear();
    this.start();
  }
}

class Cancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

const engine = new Engine((text) => ($('engine-state').textContent = text));
window.sudokuEngine = engine; // for the browser tests' timings

// ----------------------------------------------------------------- board

/** Draws a puzzle view (the engine's `describe` answer) into `host`. */
class Board {
  constructor(host, overlay, { interactive }) {
    this.host = host;
    this.overlay = overlay;
    this.interactive = interactive;
    this.selected = 0;
  }

  show(view, digits, pencil) {
    this.view = view;
    const n = view.size;
    this.host.style.setProperty('--n', n);
    this.host.replaceChildren();
    this.cells = [];
    const region = (i) =>
      view.regions ? view.regions[i] : Math.floor(Math.floor(i / n) / view.boxRows) * (n / view.boxCols) +
        Math.floor((i % n) / view.boxCols);
    const diagonal = new Set();
    if (view.variants.split(' ').includes('x')) {
      for (let k = 0; k < n; k++) {
        diagonal.add(k * n + k);
        diagonal.add(k * n + (n - 1 - k));
      }
    }
    const windowed = new Set(view.windows.flat());
    const cageSum = new Map();
    for (const cage of view.cages || []) cageSum.set(Math.min(...cage.cells), cage.sum);
    for (let r = 0; r < n; r++) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      row.className = 'board-row';
      for (let c = 0; c < n; c++) {
        const i = r * n + c;
        const cell = document.createElement('div');
        cell.setAttribute('role', 'gridcell');
        cell.className = 'cell';
        cell.dataset.index = i;
        if (c + 1 < n && region(i) !== region(i + 1)) cell.classList.add('edge-right');
        if (r + 1 < n && region(i) !== region(i + n)) cell.classList.add('edge-bottom');
        if (diagonal.has(i)) cell.classList.add('diagonal');
        if (windowed.has(i)) cell.classList.add('window');
        if (view.givens[i]) cell.classList.add('given');
        if (cageSum.has(i)) {
          const sum = document.createElement('span');
          sum.className = 'cage-sum';
          sum.textContent = cageSum.get(i);
          cell.append(sum);
        }
        const value = document.createElement('span');
        value.className = 'value';
        const marks = document.createElement('span');
        marks.className = 'marks';
        cell.append(value, marks);
        if (this.interactive) {
          cell.tabIndex = i === this.selected ? 0 : -1;
          cell.addEventListener('click', () => this.select(i, true));
        }
        row.append(cell);
        this.cells.push(cell);
      }
      this.host.append(row);
    }
    this.drawCages();
    this.fill(digits, pencil);
  }

  /** Killer cages as dashed outlines inside their cells, as on paper. */
  drawCages() {
    const { overlay, view } = this;
    overlay.replaceChildren();
    const n = view.size;
    overlay.setAttribute('viewBox', `0 0 ${n} ${n}`);
    if (!view.cages) return;
    const inset = 0.09;
    const ns = 'http://www.w3.org/2000/svg';
    const path = document.createElementNS(ns, 'path');
    let d = '';
    for (const cage of view.cages) {
      const inCage = new Set(cage.cells);
      const has = (r, c) => r >= 0 && r < n && c >= 0 && c < n && inCage.has(r * n + c);
      // Where a side's line ends: at the inset corner where the cage turns
      // outward, at the cell's edge where the next cell's line goes on, past
      // it by the inset where the cage turns inward (a concave corner).
      const end = (along, diagonal, edge, step) =>
        along ? (diagonal ? edge + step * inset : edge) : edge - step * inset;
      for (const i of cage.cells) {
        const r = Math.floor(i / n), c = i % n;
        for (const [dr, y] of [[-1, r + inset], [1, r + 1 - inset]]) {
          if (has(r + dr, c)) continue;
          const x0 = end(has(r, c - 1), has(r + dr, c - 1), c, -1);
          const x1 = end(has(r, c + 1), has(r + dr, c + 1), c + 1, 1);
          d += `M${x0} ${y}H${x1}`;
        }
        for (const [dc, x] of [[-1, c + inset], [1, c + 1 - inset]]) {
          if (has(r, c + dc)) continue;
          const y0 = end(has(r - 1, c), has(r - 1, c + dc), r, -1);
          const y1 = end(has(r + 1, c), has(r + 1, c + dc), r + 1, 1);
          d += `M${x} ${y0}V${y1}`;
        }
      }
    }
    path.setAttribute('d', d);
    path.setAttribute('class', 'cage');
    overlay.append(path);
  }

  fill(digits, pencil) {
    const { view } = this;
    const n = view.size;
    digits.forEach((d, i) => {
      const cell = this.cells[i];
      cell.querySelector('.value').textContent = d ? view.symbols[d] : '';
      const marks = pencil?.[i];
      cell.querySelector('.marks').textContent =
        !d && marks?.size ? [...marks].sort((a, b) => a - b).map((m) => view.symbols[m]).join('') : '';
      const r = Math.floor(i / n) + 1, c = (i % n) + 1;
      const what = d ? `${view.symbols[d]}${view.givens[i] ? ', given' : ''}` : marks?.size
        ? `blank, pencil ${[...marks].map((m) => view.symbols[m]).join(' ')}` : 'blank';
      cell.setAttribute('aria-label', `row ${r} column ${c}: ${what}`);
      cell.dataset.digit = d;
    });
  }

  select(i, focus) {
    if (!this.cells) return;
    this.cells[this.selected].tabIndex = -1;
    this.cells[this.selected].classList.remove('selected');
    this.selected = i;
    this.cells[i].tabIndex = 0;
    this.cells[i].classList.add('selected');
    if (focus) this.cells[i].focus();
  }

  clearMarks() {
    for (const cell of this.cells || []) {
      cell.classList.remove('hl-house', 'hl-cell', 'hl-place', 'wrong');
      cell.querySelector('.elim')?.remove();
    }
  }

  /** Highlights a step: its houses, pattern cells, placements, and the candidates it removes. */
  highlight(step) {
    this.clearMarks();
    for (const house of step.houses) for (const i of house.cells) this.cells[i].classList.add('hl-house');
    for (const i of step.cells) this.cells[i].classList.add('hl-cell');
    for (const p of step.placements) this.cells[p.cell].classList.add('hl-place');
    const removed = new Map();
    for (const e of step.eliminations) {
      if (!removed.has(e.cell)) removed.set(e.cell, []);
      removed.get(e.cell).push(this.view.symbols[e.digit]);
    }
    for (const [i, symbols] of removed) {
      const elim = document.createElement('span');
      elim.className = 'elim';
      elim.textContent = symbols.join('');
      elim.setAttribute('aria-label', `not ${symbols.join(' ')}`);
      this.cells[i].append(elim);
    }
  }
}

// ------------------------------------------------------------- the player

const game = {
  view: null,
  source: null, // {text, variants, format}: what the engine reads
  digits: [],
  pencil: [],
  history: [],
  pencilMode: false,
  path: null,
  at: 0,
  pendingHint: null,
};

const board = new Board($('board'), $('overlay'), { interactive: true });

function say(text, id = 'status') {
  $(id).textContent = text;
}

function checked(fieldset) {
  return [...$(fieldset).querySelectorAll('input:checked')].map((i) => i.value).join(' ');
}

function setChecked(fieldset, names) {
  const on = new Set(names.split(' '));
  for (const input of $(fieldset).querySelectorAll('input')) input.checked = on.has(input.value);
}

function leaveExplain() {
  game.path = null;
  $('steps-panel').hidden = true;
}

function startGame(view, source) {
  game.view = view;
  game.source = source;
  game.digits = [...view.givens];
  game.pencil = view.givens.map(() => new Set());
  game.history = [];
  game.pendingHint = null;
  $('apply-hint').hidden = true;
  leaveExplain();
  board.selected = view.givens.findIndex((d) => d === 0);
  if (board.selected < 0) board.selected = 0;
  board.show(view, game.digits, game.pencil);
  board.select(board.selected, false);
  buildPad(view);
  window.sudokuBoardDrawnAt ??= performance.now(); // the first interaction's time, for the tests
  say(`Loaded a ${view.size}x${view.size}${view.variants ? ` ${view.variants}` : ''}${view.format !== 'auto' ? ` ${view.format}` : ''} puzzle with ${view.givens.filter((d) => d).length} givens.`);
}

async function load() {
  const source = { text: $('puzzle-text').value, variants: checked('play-variants'), format: $('puzzle-format').value };
  say('Reading…');
  const view = await engine.call('describe', source);
  if (view.error) {
    say(`Cannot read the puzzle: ${view.error}`);
    return;
  }
  startGame(view, { text: view.text, variants: view.variants, format: view.format });
}

function buildPad(view) {
  const pad = $('pad');
  pad.replaceChildren();
  for (let d = 1; d <= view.size; d++) {
    const key = document.createElement('button');
    key.type = 'button';
    key.textContent = view.symbols[d];
    key.setAttribute('aria-label', `digit ${view.symbols[d]}`);
    key.addEventListener('click', () => play(d));
    pad.append(key);
  }
}

function snapshot() {
  game.history.push({ digits: [...game.digits], pencil: game.pencil.map((s) => new Set(s)) });
}

function redraw() {
  board.fill(game.digits, game.pencil);
}

function play(d) {
  if (!game.view) return;
  const i = board.selected;
  if (game.view.givens[i]) {
    say('That cell is a given.');
    return;
  }
  snapshot();
  if (game.pencilMode && d) {
    const marks = game.pencil[i];
    marks.has(d) ? marks.delete(d) : marks.add(d);
  } else {
    game.digits[i] = d;
    if (!d) game.pencil[i].clear();
  }
  board.clearMarks();
  redraw();
}

function undo() {
  const last = game.history.pop();
  if (!last) {
    say('Nothing to undo.');
    return;
  }
  game.digits = last.digits;
  game.pencil = last.pencil;
  board.clearMarks();
  redraw();
}

function onKey(event) {
  if (!game.view || !event.target.classList.contains('cell')) return;
  const n = game.view.size;
  const i = board.selected;
  const moves = { ArrowUp: -n, ArrowDown: n, ArrowLeft: -1, ArrowRight: 1 };
  if (event.key in moves) {
    const j = i + moves[event.key];
    const sameRow = Math.abs(moves[event.key]) !== 1 || Math.floor(j / n) === Math.floor(i / n);
    if (j >= 0 && j < n * n && sameRow) board.select(j, true);
    event.preventDefault();
  } else if (event.key === 'Backspace' || event.key === 'Delete' || event.key === '0' || event.key === '.') {
    play(0);
    event.preventDefault();
  } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
    undo();
    event.preventDefault();
  } else if (event.key.toLowerCase() === 'p' && !game.view.symbols.includes('P')) {
    togglePencil();
  } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey) {
    const d = game.view.symbols.indexOf(event.key.toUpperCase());
    if (d > 0) {
      play(d);
      event.preventDefault();
    }
  }
}

function togglePencil() {
  game.pencilMode = !game.pencilMode;
  $('pencil').setAttribute('aria-pressed', String(game.pencilMode));
}

/** Runs a job with the busy state, its progress bar and cancel button. */
async function busy(jobId, progressId, task) {
  $(jobId).hidden = false;
  // Indeterminate until a count posts its first progress.
  $(progressId).removeAttribute('value');
  try {
    return await task((p) => ($(progressId).value = p.progress));
  } finally {
    $(jobId).hidden = true;
  }
}

/**
 * Runs a player's call (check, hint, explain, solve) with the cancel button
 * shown: its answer, or null when it was cancelled or the engine failed
 * (the status line says which).
 */
async function playCall(op, args) {
  try {
    return await busy('play-job', 'play-progress', () => engine.call(op, args));
  } catch (e) {
    say(e instanceof Cancelled ? 'Cancelled.' : e.message);
    return null;
  }
}

function boardArgs() {
  return { ...game.source, board: game.digits };
}

async function check() {
  if (!game.view) return;
  board.clearMarks();
  const answer = await playCall('check', boardArgs());
  if (!answer) return;
  if (answer.error) return say(answer.error);
  const n = game.view.size;
  if (answer.status === 'wrong') {
    const i = answer.cell;
    board.cells[i].classList.add('wrong');
    board.select(i, true);
    say(`Row ${Math.floor(i / n) + 1}, column ${(i % n) + 1} is wrong.`);
  } else if (answer.status === 'solved') {
    say('Solved: every digit is right.');
  } else if (answer.status === 'ok') {
    say(`No wrong digit so far (${answer.filled} of ${n * n} cells filled).`);
  } else {
    say(unsettled(answer.status));
  }
}

function unsettled(status) {
  return {
    none: 'The puzzle has no solution.',
    multiple: 'The puzzle has more than one solution.',
    budget: 'The search ran out of budget.',
  }[status] || status;
}

async function hint() {
  if (!game.view) return;
  leaveExplain();
  const answer = await playCall('hint', boardArgs());
  if (!answer) return;
  if (answer.error) return say(answer.error);
  if (answer.status === 'hint') {
    game.pendingHint = answer.step;
    board.highlight(answer.step);
    $('apply-hint').hidden = false;
    say(`Hint: ${answer.step.text}`);
  } else if (answer.status === 'wrong') {
    board.clearMarks();
    board.cells[answer.cell].classList.add('wrong');
    const n = game.view.size;
    say(`First fix row ${Math.floor(answer.cell / n) + 1}, column ${(answer.cell % n) + 1}: it is wrong.`);
  } else if (answer.status === 'solved') {
    say('Solved: every digit is right.');
  } else {
    say(unsettled(answer.status));
  }
}

function applyHint() {
  const step = game.pendingHint;
  if (!step) return;
  snapshot();
  for (const p of step.placements) game.digits[p.cell] = p.digit;
  for (const e of step.eliminations) game.pencil[e.cell].delete(e.digit);
  game.pendingHint = null;
  $('apply-hint').hidden = true;
  board.clearMarks();
  redraw();
  say(`Applied: ${step.text}`);
}

async function explain() {
  if (!game.view) return;
  say('Explaining…');
  const answer = await playCall('explain', game.source);
  if (!answer) return;
  if (answer.error) return say(answer.error);
  if (answer.status !== 'explained') return say(unsettled(answer.status));
  game.path = answer.steps;
  const list = $('steps');
  list.replaceChildren();
  answer.steps.forEach((step, k) => {
    const item = document.createElement('li');
    const go = document.createElement('button');
    go.type = 'button';
    go.className = 'step-link';
    go.textContent = step.text;
    go.addEventListener('click', () => showStep(k + 1));
    item.append(go);
    list.append(item);
  });
  $('steps-panel').hidden = false;
  showStep(0);
  say(`${answer.steps.length} steps${answer.solved ? '' : ' (the techniques stall)'}: step through them, the board follows.`);
}

/** The board after the path's first `k` steps, step k highlighted. */
function showStep(k) {
  const path = game.path;
  k = Math.max(0, Math.min(k, path.length));
  game.at = k;
  const digits = [...game.view.givens];
  for (const step of path.slice(0, k)) for (const p of step.placements) digits[p.cell] = p.digit;
  board.fill(digits, null);
  board.clearMarks();
  if (k > 0) board.highlight(path[k - 1]);
  for (const [j, item] of [...$('steps').children].entries()) {
    item.classList.toggle('current', j === k - 1);
    if (j === k - 1) item.scrollIntoView({ block: 'nearest' });
  }
  $('step-at').textContent = k ? `Step ${k} of ${path.length}: ${path[k - 1].text}` : `Start (${path.length} steps)`;
}

async function solve() {
  if (!game.view) return;
  leaveExplain();
  board.clearMarks();
  const answer = await playCall('solve', game.source);
  if (!answer) return;
  if (answer.error) return say(answer.error);
  if (!answer.solution) return say(unsettled(answer.status));
  snapshot();
  game.digits = answer.solution;
  redraw();
  say(answer.status === 'unique' ? 'Solved (the only solution).' : 'One of several solutions.');
}

async function count() {
  if (!game.view) return;
  say('Counting…');
  const limit = Number($('count-limit').value) || 0;
  try {
    const answer = await busy('play-job', 'play-progress', (progress) =>
      engine.call('count', { ...game.source, limit }, (p) => {
        progress(p);
        say(`Counting… ${p.found} so far (${Math.round(p.progress * 100)}% of the search)`);
      }));
    if (answer.error) return say(answer.error);
    say(answer.exact && answer.progress >= 1
      ? `${answer.found} solution${answer.found === 1 ? '' : 's'}.`
      : `At least ${answer.found} solutions (stopped at the limit).`);
  } catch (e) {
    say(e instanceof Cancelled ? 'Count cancelled.' : e.message);
  }
}

// ------------------------------------------------------------- the setter

const genBoard = new Board($('gen-board'), $('gen-overlay'), { interactive: false });
let generated = null;

async function generate(event) {
  event.preventDefault();
  const seedText = $('gen-seed').value;
  const seed = seedText === '' ? Math.floor(Math.random() * 2 ** 32) : Number(seedText);
  const args = {
    shape: $('gen-shape').value,
    variants: checked('gen-variants'),
    kind: $('gen-kind').value,
    symmetry: $('gen-symmetry').value,
    clues: Number($('gen-clues').value) || 0,
    level: $('gen-level').value,
    seed,
  };
  say(`Generating (seed ${seed})…`, 'gen-status');
  $('gen-cancel').hidden = false;
  $('generate').disabled = true;
  try {
    const answer = await engine.call('generate', args);
    if (answer.error) return say(`Cannot generate: ${answer.error}`, 'gen-status');
    generated = answer.puzzle;
    genBoard.show(generated, generated.givens, null);
    $('gen-text').value = generated.text;
    $('gen-play').disabled = false;
    $('gen-print').disabled = false;
    const r = answer.rating;
    const clues = generated.givens.filter((d) => d).length;
    say(`Seed ${answer.seed}: ${clues} clues, rated ${r.level} (${r.score})${r.hardest ? `, hardest step ${r.hardest}` : ''}${answer.targetsMet ? '' : '; the targets were missed'}.`, 'gen-status');
  } catch (e) {
    say(e instanceof Cancelled ? 'Cancelled.' : e.message, 'gen-status');
  } finally {
    $('gen-cancel').hidden = true;
    $('generate').disabled = false;
  }
}

function playGenerated() {
  if (!generated) return;
  $('puzzle-text').value = generated.text;
  setChecked('play-variants', generated.variants);
  $('puzzle-format').value = generated.format;
  showScreen('play');
  startGame(generated, { text: generated.text, variants: generated.variants, format: generated.format });
}

function printGenerated() {
  if (!generated) return;
  const text = $('print-text').value.replace(/\s*$/, '');
  $('print-text').value = `${text ? `${text}\n` : ''}${generated.text}\n`;
  $('print-format').value = generated.format;
  setChecked('print-variants', generated.variants);
  const puzzles = $('print-text').value.split('\n').filter((l) => l.trim() && !l.startsWith('#')).length;
  say(`Added to the print sheet (${puzzles} line${puzzles === 1 ? '' : 's'} there).`, 'gen-status');
}

// ------------------------------------------------------------------ print

/** What the print screen asks for: the puzzles and the layout choices. */
function printArgs() {
  return {
    text: $('print-text').value,
    variants: checked('print-variants'),
    format: $('print-format').value,
    choices: JSON.stringify({
      perPage: Number($('print-per-page').value),
      paper: $('print-paper').value,
      landscape: $('print-landscape').checked,
      title: $('print-title').value,
      solutions: $('print-solutions').checked,
    }),
  };
}

/**
 * Runs a print call with the cancel button shown: the answer, or null
 * when it was cancelled, failed or the text is wrong (the status says).
 */
async function printCall(op) {
  try {
    const answer = await busy('print-job', 'print-progress', () => engine.call(op, printArgs()));
    if (answer.error) {
      say(answer.error, 'print-status');
      return null;
    }
    return answer;
  } catch (e) {
    say(e instanceof Cancelled ? 'Cancelled.' : e.message, 'print-status');
    return null;
  }
}

/** Shows the pages the library drew, as SVG in the page. */
async function printPreview() {
  say('Drawing the sheet…', 'print-status');
  const answer = await printCall('printPages');
  if (!answer) return;
  const host = $('print-pages');
  host.replaceChildren();
  answer.pages.forEach((svg, k) => {
    const figure = document.createElement('figure');
    // The library's own SVG: text it draws (titles, captions) is escaped.
    figure.innerHTML = svg;
    figure.querySelector('svg').setAttribute('role', 'img');
    figure.querySelector('svg').setAttribute('aria-label', `Page ${k + 1} of ${answer.pages.length}`);
    const caption = document.createElement('figcaption');
    caption.textContent = `Page ${k + 1} of ${answer.pages.length}`;
    figure.append(caption);
    host.append(figure);
  });
  say(`${answer.puzzles} puzzle${answer.puzzles === 1 ? '' : 's'} on ${answer.pages.length} page${answer.pages.length === 1 ? '' : 's'}.`, 'print-status');
}

/** Makes the PDF in the worker (its PDF module loads on first use) and saves it. */
async function printPdf() {
  say('Making the PDF…', 'print-status');
  const answer = await printCall('printPdf');
  if (!answer) return;
  const link = $('print-link');
  if (link.href) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([answer.pdf], { type: 'application/pdf' }));
  link.hidden = false;
  link.click();
  say(`PDF of ${answer.pages} page${answer.pages === 1 ? '' : 's'} (${Math.round(answer.pdf.byteLength / 1024)} KB) made and downloaded.`, 'print-status');
}

// ---------------------------------------------------------- exact cover

async function coverCount() {
  say('Counting…', 'cover-status');
  $('cover-solutions').replaceChildren();
  try {
    const answer = await busy('cover-job', 'cover-progress', (progress) =>
      engine.call('coverCount', { text: $('cover-text').value }, (p) => {
        progress(p);
        say(`Counting a ${p.format} problem… ${p.found} so far (${(p.progress * 100).toFixed(1)}% of the tree)`, 'cover-status');
      }));
    if (answer.error) return say(answer.error, 'cover-status');
    const skipped = answer.skipped.length
      ? ` Options ignored (no primary items) on line${answer.skipped.length === 1 ? '' : 's'} ${answer.skipped.join(', ')}.`
      : '';
    say(`${answer.found} solution${answer.found === 1 ? '' : 's'} (${answer.format}).${skipped}`, 'cover-status');
  } catch (e) {
    say(e instanceof Cancelled ? 'Count cancelled.' : e.message, 'cover-status');
  }
}

async function coverList() {
  const limit = Math.max(1, Number($('cover-limit').value) || 10);
  const answer = await engine.call('coverSolutions', { text: $('cover-text').value, limit });
  const list = $('cover-solutions');
  list.replaceChildren();
  if (answer.error) return say(answer.error, 'cover-status');
  for (const solution of answer.solutions) {
    const item = document.createElement('li');
    item.textContent = solution.join(' | ');
    list.append(item);
  }
  say(answer.solutions.length
    ? `The first ${answer.solutions.length} solution${answer.solutions.length === 1 ? '' : 's'}${answer.more ? ' (there are more)' : ''}, options by name:`
    : 'No solution.', 'cover-status');
}

function queens() {
  const n = 12;
  const lines = [`| ${n} queens: rows and columns primary, diagonals secondary`];
  const items = [];
  for (let k = 0; k < n; k++) items.push(`r${k}`);
  for (let k = 0; k < n; k++) items.push(`c${k}`);
  const diagonals = [];
  for (let k = 0; k < 2 * n - 1; k++) diagonals.push(`a${k}`, `b${k}`);
  lines.push(`${items.join(' ')} | ${diagonals.join(' ')}`);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) lines.push(`r${r} c${c} a${r + c} b${r + n - 1 - c}`);
  }
  $('cover-text').value = `${lines.join('\n')}\n`;
}

// --------------------------------------------------------------- screens

function showScreen(name) {
  for (const screen of ['play', 'setter', 'print', 'cover']) {
    $(screen).hidden = screen !== name;
    $(`tab-${screen}`).setAttribute('aria-selected', String(screen === name));
  }
}

for (const screen of ['play', 'setter', 'print', 'cover']) $(`tab-${screen}`).addEventListener('click', () => showScreen(screen));
$('load').addEventListener('click', load);
$('board').addEventListener('keydown', onKey);
$('pencil').addEventListener('click', togglePencil);
$('erase').addEventListener('click', () => play(0));
$('undo').addEventListener('click', undo);
$('check').addEventListener('click', check);
$('hint').addEventListener('click', hint);
$('apply-hint').addEventListener('click', applyHint);
$('explain').addEventListener('click', explain);
$('step-prev').addEventListener('click', () => showStep(game.at - 1));
$('step-next').addEventListener('click', () => showStep(game.at + 1));
$('solve').addEventListener('click', solve);
$('count').addEventListener('click', count);
$('play-cancel').addEventListener('click', () => engine.cancel());
$('generate-form').addEventListener('submit', generate);
$('gen-cancel').addEventListener('click', () => engine.cancel());
$('gen-play').addEventListener('click', playGenerated);
$('gen-print').addEventListener('click', printGenerated);
$('print-preview').addEventListener('click', printPreview);
$('print-pdf').addEventListener('click', printPdf);
$('print-cancel').addEventListener('click', () => engine.cancel());
$('cover-count').addEventListener('click', coverCount);
$('cover-list').addEventListener('click', coverList);
$('cover-cancel').addEventListener('click', () => engine.cancel());
$('cover-queens').addEventListener('click', queens);

load();
