// The engine's thread: every call into the WebAssembly module runs here, so
// the page never freezes. Messages in: {id, op, args}; out: {id, result}
// (the module's JSON, parsed), {id, progress} between the chunks of a
// count, {id, failure} when the module trapped. Cancelling is the page's:
// it terminates this worker and starts another.
import init, * as engine from './pkg/sudoku_dlx_web.js';

// Chunks per progress message: small enough to post often, large enough
// that posting costs nothing next to the search.
const CHUNKS_PER_STEP = 1;

const ready = init();

function counted(counter, id) {
  for (;;) {
    const answer = JSON.parse(counter.step(CHUNKS_PER_STEP));
    if (answer.error || answer.done) {
      counter.free();
      return answer;
    }
    postMessage({ id, progress: answer });
  }
}

const ops = {
  describe: (a) => JSON.parse(engine.describe(a.text, a.variants, a.format)),
  solve: (a) => JSON.parse(engine.solve(a.text, a.variants, a.format)),
  check: (a) => JSON.parse(engine.check(a.text, a.variants, a.format, Uint8Array.from(a.board))),
  hint: (a) => JSON.parse(engine.hint(a.text, a.variants, a.format, Uint8Array.from(a.board))),
  explain: (a) => JSON.parse(engine.explain(a.text, a.variants, a.format)),
  rate: (a) => JSON.parse(engine.rate(a.text, a.variants, a.format)),
  generate: (a) =>
    JSON.parse(engine.generate(a.shape, a.variants, a.kind, a.symmetry, a.clues, a.level, a.seed)),
  count: (a, id) => counted(new engine.SudokuCount(a.text, a.variants, a.format, a.limit), id),
  coverCount: (a, id) => counted(new engine.CoverCount(a.text), id),
  coverSolutions: (a) => JSON.parse(engine.cover_solutions(a.text, a.limit)),
};

onmessage = async (event) => {
  const { id, op, args } = event.data;
  await ready;
  try {
    postMessage({ id, result: ops[op](args, id) });
  } catch (e) {
    // A trap (a bug, or memory exhausted): the page restarts the worker.
    postMessage({ id, failure: String(e) });
  }
};

ready.then(() => postMessage({ ready: true }));
