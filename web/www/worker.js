// The engine's thread: every call into the WebAssembly module runs here, so
// the page never freezes. Messages in: {id, op, args}; out: {id, result}
// (the module's JSON, parsed; for printPdf the PDF's bytes), {id, progress}
// between the chunks of a count, {id, failure} when the module trapped.
// Cancelling is the page's: it terminates this worker and starts another.
import init, * as engine from './pkg/sudoku_dlx_web.js';

// Chunks per progress message: small enough to post often, large enough
// that posting costs nothing next to the search.
const CHUNKS_PER_STEP = 1;

const ready = init();

// The PDF module (web/pdf: svg2pdf and its font, larger than the engine),
// loaded on the first PDF download so that the page's start stays light.
let pdfModule = null;
async function pdfEngine() {
  if (!pdfModule) {
    const module = await import('./pdf/sudoku_dlx_web_pdf.js');
    await module.default();
    pdfModule = module;
  }
  return pdfModule;
}

function printPages(a) {
  return JSON.parse(engine.print_pages(a.text, a.variants, a.format, a.choices));
}

async function printPdf(a) {
  const answer = printPages(a);
  if (answer.error) return answer;
  const pdf = (await pdfEngine()).pdf(JSON.stringify(answer.pages));
  return { pdf, pages: answer.pages.length };
}

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
  printPages,
  printPdf,
};

onmessage = async (event) => {
  const { id, op, args } = event.data;
  await ready;
  try {
    const result = await ops[op](args, id);
    // A PDF's bytes move to the page rather than being copied.
    postMessage({ id, result }, result && result.pdf ? [result.pdf.buffer] : []);
  } catch (e) {
    // A trap (a bug, or memory exhausted): the page restarts the worker.
    postMessage({ id, failure: String(e) });
  }
};

ready.then(() => postMessage({ ready: true }));
