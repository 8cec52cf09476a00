//! The long texts of `--help`: what each subcommand prints and examples of
//! its use, kept apart from the flags in `args`.

pub(crate) const MAIN_EXAMPLES: &str = "\
Examples:
  sudoku-dlx solve data/sudoku/plb_hard20.txt
  sudoku-dlx count --limit 2 data/sample.txt
  sudoku-dlx check data/sudoku/plb_hard20_solutions.txt
  sudoku-dlx cover data/exact-cover/queens-12.dlx
  sudoku-dlx generate --count 10 --seed 1
  sudoku-dlx rate data/sudoku/emerentius_easy.txt
  sudoku-dlx explain data/sudoku/emerentius_easy.txt
  sudoku-dlx hint data/sudoku/emerentius_easy.txt
  sudoku-dlx canon --dedupe data/sudoku/norvig_top95.txt
  sudoku-dlx completions bash     a completion script (also zsh, fish, powershell, elvish)
  sudoku-dlx man > sudoku-dlx.1   the manual page, every command in one (man -l sudoku-dlx.1)

Exit status: 0 when every puzzle was solved, 1 when any puzzle was invalid,
unsolvable, over budget or not unique, 2 for usage or I/O errors, 130 after
Ctrl-C (every finished record is written first). See docs/cli.md for the
formats.";

pub(crate) const COVER_EXAMPLES: &str = "\
Input: Knuth's formats, told apart by what the file holds. Lines starting
with `|` are comments; the first other line names the items, primary ones,
then `|`, then secondary ones; every later line is an option, a list of item
names. An option of secondary items only is skipped with a warning
(FILE:LINE: option ignored (no primary items)), as in Knuth's DLX1. Lines
(but comments) are at most --max-line-bytes long and the item line names at
most --max-items items. DLX1 (exact cover): nothing more. DLX2 (colors): an option may give a
secondary item a color, `x:A`; options that give it the same color go
together. DLX3 (multiplicities): a primary item may have bounds, `u:v|name`
(covered u to v times) or `v|name` (exactly v times).

Output: each solution as its option lines, in the order the search chose
them, colors as in the input (`x:A`), followed by one blank line. With
--count, the number of solutions: N, or N+ when --limit or a budget stopped
the count (there may be more). With several threads (--jobs, every core by
default) solutions come in any order and --limit N gives any N of them;
--deterministic (or --seed) lists them in search order on one thread. Counts
and --stats do not depend on the threads. A long search shows a progress bar
on stderr when it is a terminal (not with --quiet): Knuth's estimate of the
part of the tree done, the solutions so far and the time left.

Across machines: --split DEPTH prints the search's subproblems as JSON Lines
jobs; --job JOBS runs jobs (`-`: stdin) against the same FILE, one JSON
result line each; --merge RESULTS... sums the counts and reports by id every
job missing, duplicated, failed, stopped by a budget or limit, or from
another problem (exit 1). See docs/distributed.md.

Exit status: 0 when a solution was found (or --estimate ran), 1 when there is none or a budget
(--max-nodes, --max-updates) stopped the search, 2 when the problem cannot
be read (reported as FILE:LINE:COLUMN: reason) or on I/O errors.

Examples:
  sudoku-dlx cover data/exact-cover/knuth-example.dlx      print every solution
  sudoku-dlx cover --count --stats data/exact-cover/queens-12.dlx
  sudoku-dlx cover --limit 1 --seed 7 - < data/exact-cover/latin-5.dlx
  sudoku-dlx cover --prune --count data/exact-cover/pentominoes-6x10.dlx
  sudoku-dlx cover --estimate 10000 --stats data/exact-cover/queens-15.dlx   tree size
  sudoku-dlx cover --split 3 data/exact-cover/queens-12.dlx > jobs
  parallel --pipe -N1 sudoku-dlx cover --count --job - data/exact-cover/queens-12.dlx < jobs > results
  sudoku-dlx cover --merge results                         the count, checked job by job
  sudoku-dlx cover --merge --stats results                 the same, with the jobs' nodes
  sudoku-dlx cover --count --limit 5 data/exact-cover/langford-11.dlx   5+: there are more";

pub(crate) const RECORDS_INPUT: &str = "\
Input: one puzzle per line (n*n symbols, `.` or `0` for blanks; 16x16 as
1-9A-G; larger grids as space-separated numbers), or n-line blocks of n cells
each (spaces and the box separators | + - ignored), each block one record.
Text after a line's grid (after whitespace, `;`, `,` or `:`) is the puzzle's
comment: JSON `comment`, printed back with --keep-comments. Header lines
(`puzzle<TAB>name`, `Grid 01`: a first word of two letters or more) are
skipped. With --jigsaw, a line is the puzzle, a space, and one region letter
per cell. Lines starting with # are comments. FILE `-` is stdin, as is no
FILE at all; every FILE is checked before the first record is read, and a
FILE that fails while it is read keeps its records so far and does not stop
the ones after it (the run then ends with its error, status 2).";

pub(crate) const RECORDS_KEPT: &str = "\
Records are written as they are done, in input order, whatever --jobs is;
to a terminal each at once. On Ctrl-C or SIGTERM every finished record is
written, the unfinished ones of the batch as `!interrupted` (JSON status
interrupted), and the exit status is 130.";

pub(crate) const SOLVE_OUTPUT: &str = "\
Output: one record per puzzle. A record that is not a solution starts with
`!` and its status:
  !invalid: REASON   the puzzle cannot be read (also FILE:LINE:COLUMN: REASON on stderr;
                     lines and columns from 1, cells as r2c3)
  !unsolvable        no solution
  !multiple          more than one solution, with --unique
  !budget            --max-nodes ran out first; with --all or --limit, followed
                     by the solutions found before it
With --all or --limit, a line holds the solutions found, separated by spaces.
--format grid draws each solution (a jigsaw's with lines where regions
change, then its `SOLUTION MAP` line) and a blank line; with --all or
--limit, a `# FILE:LINE: N solutions` line comes before each puzzle's grids.
With --format json, one JSON object per line: file, line, status
(solved|unsolvable|multiple|invalid|budget), solution, solutions (--all,
--limit), error and column (invalid), nodes, comment.

Exit status: 0 when every puzzle was solved (and unique, with --unique), 1
when any was invalid, unsolvable, over budget or not unique, 2 for usage or
I/O errors.";

pub(crate) const SOLVE_EXAMPLES: &str = "\
Examples:
  sudoku-dlx solve data/sudoku/plb_hard20.txt                  one solution line per puzzle
  sudoku-dlx solve --unique --format json data/sample.txt      JSON Lines; several solutions an error
  sudoku-dlx solve --limit 3 --format grid - < data/sample.txt
  sudoku-dlx solve --size 16 data/sudoku/janko_16x16.txt       16x16, symbols 1-9A-G
  sudoku-dlx solve --jigsaw data/sudoku/janko_jigsaw_9x9.txt   lines with their region maps
  sudoku-dlx solve --jobs 1 --stats data/sudoku/norvig_top95.txt
  sudoku-dlx generate --x --count 3 --seed 2 | sudoku-dlx solve --x";

pub(crate) const COUNT_OUTPUT: &str = "\
Output: one record per puzzle: its count of solutions,
  N                  the exact count (0: no solution)
  N+                 --limit stopped the count at N; there may be more
  !budget N+         --max-nodes ran out after N solutions
  !invalid: REASON   the puzzle cannot be read (also FILE:LINE:COLUMN: REASON on stderr)
--format grid prints the same as text. With --format json, one JSON object
per line: file, line, status (solved|unsolvable|multiple|invalid|budget),
count, complete (whether the count is exact), error and column (invalid),
nodes, comment. --unique keeps the count (JSON status multiple) but makes any count
other than 1 an exit status 1; it needs --limit 2 or more, or no --limit.

Exit status: 0 when every puzzle has a solution (exactly one, with
--unique), 1 when any was invalid, unsolvable, over budget or not unique, 2
for usage or I/O errors.";

pub(crate) const COUNT_EXAMPLES: &str = "\
Without --limit, each puzzle's search is also spread over the --jobs
threads, so one puzzle with very many solutions uses every core; the counts
and nodes are the same for any --jobs.

Examples:
  sudoku-dlx count data/sudoku/plb_hard20.txt               exact number of solutions of each
  sudoku-dlx count --limit 2 data/sample.txt                 1, 0 or 2+: the uniqueness test
  sudoku-dlx count --unique --format json data/sample.txt    exit status 1 unless all are unique";

pub(crate) const GENERATE_EXAMPLES: &str = "\
Output: one puzzle per line (jigsaw: the puzzle, a space, its region map;
killer: the givens, a space, the cage map, a space, the sums),
followed by a space and the solution with --with-solution; or, with
--format json, one object per puzzle: index, seed, puzzle, regions
(jigsaw), cages (killer: map and sums), solution, clues, symmetry, minimal,
attempts, and score, level (always for killer), clues_met, difficulty_met
when asked for. A target that was not met is
reported on stderr and makes the exit status 1. Puzzle k of a run uses a
seed derived from (--seed, k), so the output is the same for any --jobs;
its JSON `seed` given back to --seed (with the same other flags) makes that
puzzle again, as puzzle 0. On Ctrl-C the puzzles finished in order are
written and the exit status is 130.

Examples:
  sudoku-dlx generate --seed 1                        one 9x9 puzzle, 180-degree symmetric
  sudoku-dlx generate --count 100 --jobs 4 --seed 7   100 puzzles, the same for any --jobs
  sudoku-dlx generate --symmetry none --minimal       a minimal puzzle, no symmetry
  sudoku-dlx generate --clues 24 --with-solution      24 clues if it can, and the solution
  sudoku-dlx generate --difficulty hard --format json
  sudoku-dlx generate --size 16 --symmetry rot90      16x16 with 90-degree symmetry
  sudoku-dlx generate --jigsaw random --count 5       jigsaw, each on its own random region map
  sudoku-dlx generate --killer --count 3 --seed 2     killer: no givens, cages and sums, unique
  sudoku-dlx generate --jigsaw iiiiihhhheeeiihhhheeeiihccceeeaaacccbbbaaacccbbbaaadddbbbgffdddggggffdddggggfffff";

pub(crate) const RATE_OUTPUT: &str = "\
Output: one record per puzzle, `SCORE LEVEL HARDEST`, e.g. `6.76 hard locked
candidates` or `10.52 extreme beyond techniques`; levels are easy, medium,
hard, expert and extreme (docs/rating.md). A puzzle that cannot be rated is
  !invalid: REASON   the puzzle cannot be read (also FILE:LINE:COLUMN: REASON on stderr)
  !unsolvable        no solution
  !multiple          more than one solution
  !budget            --max-nodes ran out in one of its searches
With --format json, one JSON object per line: file, line, status
(rated|unsolvable|multiple|invalid|budget), and score, level, hardest,
solved_by_logic, effort and mean_nodes when rated; error and column when
invalid.

Exit status: 0 when every puzzle was rated, 1 when any could not be, 2 for
usage or I/O errors.";

pub(crate) const RATE_EXAMPLES: &str = "\
Examples:
  sudoku-dlx rate data/sudoku/emerentius_easy.txt
  sudoku-dlx rate --format json data/sudoku/plb_hard20.txt
  sudoku-dlx generate --count 10 --seed 3 | sudoku-dlx rate";

pub(crate) const CHECK_HELP: &str = "\
Input: a record is a complete grid (a line, or an n-line block, as `solve`
reads), or a puzzle and the proposed solution on one line after a space,
`PUZZLE SOLUTION`, as `generate --with-solution` prints them; with --jigsaw,
`PUZZLE MAP SOLUTION` (or `GRID MAP`). Lines starting with # are comments.
FILE `-` is stdin, as is no FILE at all.

Output: one record per grid, in input order:
  valid              every rule holds (and the puzzle's givens are kept)
  !broken: RULE      the first broken rule, with its cells, e.g.
                     `!broken: r1c2 and r1c5 both hold 3 in one row`
  !invalid: REASON   the record cannot be read (also FILE:LINE:COLUMN on stderr)
With --format json, one JSON object per line: file, line, status
(valid|broken|invalid), error, and cell (the first cell the rule names, as
r1c1). Digits are written in the grid's alphabet (--alphabet hex: 0-F).

Exit status: 0 when every grid is valid, 1 when any is broken or invalid, 2
for usage or I/O errors.

Examples:
  sudoku-dlx check data/sudoku/plb_hard20_solutions.txt
  sudoku-dlx generate --count 5 --seed 1 --with-solution | sudoku-dlx check
  sudoku-dlx solve data/sample.txt | sudoku-dlx check --format json";

/// The help text of `explain` after the flags.
pub(crate) const EXPLAIN_HELP: &str = "\
Output: for each puzzle, a `# FILE:LINE` line, its steps numbered from 1,
simplest technique first (the rater's techniques, docs/rating.md), a last
line and a blank line. A step names its technique, the digits, cells and
houses of its pattern, the digits it places (`r1c3 = 4`) and the candidates
it removes (`removes 7 from r5c7 r5c9`), digits in the puzzle's alphabet
(--alphabet hex: 0-F) and jigsaw regions by their map's letter. A chain
step shows its links, `r7c5=6 -> r7c9<>6 -> r2c9=6 -> ...`, for each
deduction it makes (`, so r7c5<>6`). A singles step places every single
of its kind in sight. Where the techniques stall, the last line says so and
the candidates of each open cell follow, row by row; with --guess, a
`trial` step places the digit the solver's solution has in the open cell
with the fewest candidates, and the techniques go on from there.
  solved in N steps                  the steps fill the grid
  stalled after N steps, K cells open
A puzzle that cannot be explained is one line: !invalid: REASON,
!unsolvable, !multiple (no single path) or !budget (--max-nodes ran out).

With --format json, one JSON object per line: file, line, status
(explained|unsolvable|multiple|invalid|budget), steps, each
{\"technique\", \"placements\": [{\"cell\", \"digit\", \"value\"}],
\"eliminations\": [...]} with the pattern's \"cells\", \"digits\", \"houses\"
and a chain's \"chains\" ({\"conclusion\", \"paths\"}) when it has them
(cells as \"r1c1\", digits as the puzzle's symbols, value the number from 1;
technique `trial` for a trial), stalled, solved, candidates (where the
techniques first stalled: [{\"cell\", \"digits\", \"values\"}] per open
cell), error, column, comment.

Killer puzzles are not explained yet (no cage logic): with --killer each
puzzle is refused as !invalid, its FILE:LINE on stderr.

Exit status: 0 when every puzzle was explained (stalled or not), 1 when any
was invalid, unsolvable, not unique or over budget, 2 for usage or I/O
errors.

Examples:
  sudoku-dlx explain data/sudoku/emerentius_easy.txt
  sudoku-dlx explain --guess data/sudoku/plb_hard20.txt
  sudoku-dlx explain --format json data/sudoku/janko_jigsaw_9x9.txt --jigsaw
  sudoku-dlx generate --x --seed 2 | sudoku-dlx explain --x --guess";

/// The help text of `hint` after the flags.
pub(crate) const HINT_HELP: &str = "\
A record is a board: a puzzle, or a player's grid part way (their digits
read as givens); or, on one line, the puzzle and the player's board after a
space, `PUZZLE BOARD` (with --jigsaw, `PUZZLE MAP BOARD`), which finds any
digit of the board that is not the solution's.

Output: one line per board:
  STEP                       the next step, as `explain` writes it; of a
                             singles step, the first placement
  solved                     every cell is filled, and right
  stalled: K cells open      no technique finds a step; the candidates of
                             each open cell follow, row by row; with --guess,
                             the line goes on with the trial that comes next
  !wrong: r3c4 holds 5, the solution has 7
                             (PUZZLE BOARD) the first wrong digit in row order
  !wrong: r1c2 and r1c5 both hold 3 in one row
                             (a board alone) two digits that clash
  !wrong: the board has no solution; the digit at r2c2 or the one at r5c7
  is wrong (take out either and the board has a solution)
                             (a board alone) the digits any one of which,
                             taken out, leaves a board with a solution
  !unsolvable                no solution, and no one digit to blame (give
                             `PUZZLE BOARD` to find the wrong cells); with
                             `PUZZLE BOARD`, the puzzle has no solution
  !multiple, !budget, !invalid: REASON   as for `explain`
With --format json, one JSON object per line: file, line, status
(hint|solved|stalled|wrong|unsolvable|multiple|invalid|budget), steps (the
next step, or the trial with --guess, in `explain`'s form), stalled,
candidates (when stalled), cell, found and solution (wrong: the cell as
r1c1, the digits as the puzzle's symbols), suspects (wrong without a
solution: the cells to blame), error, column, comment. Digits are written
in the puzzle's alphabet (--alphabet hex: 0-F). Killer puzzles are not
explained yet: with --killer each is refused as !invalid (FILE:LINE).

Exit status: 0 when every board got a hint (or was solved), 1 when any was
wrong, invalid, unsolvable, not unique or over budget, 2 for usage or I/O
errors.

Examples:
  sudoku-dlx hint data/sudoku/emerentius_easy.txt
  echo '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.. 4.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..' | sudoku-dlx hint
  sudoku-dlx hint --guess --format json data/sudoku/plb_hard20.txt";

/// The help text of `canon` after the flags.
pub(crate) const CANON_HELP: &str = "\
Input: the puzzle formats of `solve` (a puzzle per line or per block of
lines; see `sudoku-dlx solve --help`). FILE `-` is stdin, as is no FILE.

The form is the minlex form of the Sudoku forum (\"true minlex\"): of all the
puzzles equivalent to this one (bands, rows in a band, stacks, columns in a
stack permuted, transposed when boxes are square, digits relabelled), read
as a line with blanks as 0 and digits relabelled in order of first
appearance, the smallest. Blanks sort lowest, so the form has as many leading
blanks as any equivalent puzzle. Equivalent puzzles have the same form.
Any box shape works; variants and jigsaw do not (their rules are not kept,
so there are no variant flags, and a line with a region map is invalid).

Output: one line per puzzle, the form (in the puzzle's alphabet, `.` for
blanks); with --with-transform, a space and the transformation that maps the
puzzle onto it: [transpose,]rows=R,cols=C,digits=D, where output row i is
input row R[i] (after transposing), output column j is input column C[j],
and input digit d becomes D[d], all 1-based, one symbol each (1-9, A-Z) up
to 35x35, `.`-separated numbers above. --dedupe prints only the first puzzle
of each class. A puzzle that cannot be read, or whose givens clash, is
`!invalid: REASON`; one whose search outgrew --max-nodes is `!budget`. With
--format json, one object per puzzle: file, line, status (canonical, invalid
or budget), canonical, transform, error, comment (the text after the
puzzle's grid on its line; --keep-comments prints it after the form).

Exit status: 0 when every puzzle got its form, 1 when any was invalid or over
budget, 2 for usage or I/O errors.

Examples:
  sudoku-dlx canon data/sudoku/norvig_top95.txt      one form per puzzle
  sudoku-dlx canon --dedupe data/sudoku/norvig_top95.txt data/sudoku/norvig_hardest.txt > unique.txt
  sudoku-dlx canon --with-transform --format json data/sample.txt
  sudoku-dlx solve data/sample.txt | sudoku-dlx canon   canonical solution grids";

/// The help text of `completions` after the flags.
pub(crate) const COMPLETIONS_HELP: &str = "\
The script completes every command, flag and choice of this version; print it
again after an upgrade. Install it where the shell looks (one line each):
  bash        sudoku-dlx completions bash > ~/.local/share/bash-completion/completions/sudoku-dlx
  zsh         sudoku-dlx completions zsh > ~/.zfunc/_sudoku-dlx
              (with `fpath=(~/.zfunc $fpath); autoload -U compinit; compinit` in ~/.zshrc)
  fish        sudoku-dlx completions fish > ~/.config/fish/completions/sudoku-dlx.fish
  PowerShell  sudoku-dlx completions powershell >> $PROFILE
  elvish      sudoku-dlx completions elvish >> ~/.config/elvish/rc.elv";

/// The help text of `man` after the flags.
pub(crate) const MAN_HELP: &str = "\
One page for every command, from the same definitions as --help. Read it at
once, or install it where man looks:
  sudoku-dlx man | man -l -
  mkdir -p ~/.local/share/man/man1
  sudoku-dlx man > ~/.local/share/man/man1/sudoku-dlx.1";

/// The help after `print`'s flags: what it draws and examples.
pub(crate) const PRINT_HELP: &str = "\
Output: a PDF of every page (vector, the DejaVu Sans font embedded), or one
page as SVG or PNG (--page N when there are several; a single puzzle without
--solutions or --title is drawn alone, its grid and caption); --page N
writes that page alone in a PDF too. Every puzzle must have exactly one
solution (else it is refused with its FILE:LINE and nothing is written)
unless --allow-multiple; a check that --max-nodes stops is refused with
what it found (uniqueness unknown). Ctrl-C stops the check under way and
ends the command, writing nothing, with status 130. Under each puzzle: its
number, its level and score when its line carries them (`6.39 hard`, as
`rate` writes them) or with --rating, and anti-king or anti-knight when on.

Examples:
  sudoku-dlx print data/sudoku/plb_hard20.txt --per-page 4 --solutions --output hard.pdf
  sudoku-dlx generate --killer --count 12 --seed 3 --with-solution | sudoku-dlx print --killer --solutions --output book.pdf
  sudoku-dlx print --jigsaw data/sudoku/janko_jigsaw_9x9.txt --per-page 6 --page 2 --output jigsaw.png
  sudoku-dlx print data/sudoku/plb_hard20.txt --rating --page 1 --type svg --output - > first.svg
  sudoku-dlx print data/sudoku/plb_hard20.txt --max-nodes 100000 --page 3 --output third.pdf";
