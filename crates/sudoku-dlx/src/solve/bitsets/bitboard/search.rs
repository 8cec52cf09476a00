//! The bitset board's search: every completion of a board in an [`Order`],
//! on an explicit stack of boards, and the generator's search for a
//! completion other than a planted solution.

use std::ops::ControlFlow;

use dlx_engine::Stats;

use crate::solve::bitsets::bitboard::{
    BitRules, Board, DigitMask, Frame, Limit, Lowest, Order, Pending, Stop,
};

impl BitRules {
    /// Searches every completion of `board` (a
    /// [`Start::Board`](crate::solve::bitsets::bitboard::Start::Board) or a child of
    /// one) in `order`, calling `visit` with each; stops when
    /// `visit` breaks or the search reaches `limit`. `stats`
    /// counts as the engine's do, with a node being a board after its
    /// forced moves (one branched on or found complete) and an update one
    /// digit placed.
    ///
    /// The search runs on the stack `frames` (cleared first), so that a
    /// caller searching many times allocates and grows one stack instead
    /// of one per search (docs/decisions/bitsets-backend.md).
    pub(crate) fn search<O, F>(
        &self,
        frames: &mut Vec<Frame>,
        board: &Board,
        order: &mut O,
        limit: Limit<'_>,
        stats: &mut Stats,
        visit: &mut F,
    ) -> ControlFlow<Stop>
    where
        O: Order,
        F: FnMut(&Board) -> ControlFlow<()>,
    {
        // The stack is moved in and back out rather than used through the
        // reference: a `Vec` behind `&mut` has its length and buffer
        // reloaded around every call in the loop (+6% instructions on the
        // hardest puzzles).
        let (stack, flow) =
            self.search_on(std::mem::take(frames), board, order, limit, stats, visit);
        *frames = stack;
        flow
    }

    /// [`search`](Self::search) on the stack `frames`, which it returns.
    fn search_on<O, F>(
        &self,
        mut frames: Vec<Frame>,
        board: &Board,
        order: &mut O,
        mut limit: Limit<'_>,
        stats: &mut Stats,
        visit: &mut F,
    ) -> (Vec<Frame>, ControlFlow<Stop>)
    where
        O: Order,
        F: FnMut(&Board) -> ControlFlow<()>,
    {
        // frames[..depth] is the path from `board` to the board to look at
        // next, at level depth - 1; the slots past it are reused. A loop
        // over an explicit stack rather than a recursion: each child is
        // made in its slot, with no copy to pass down and no frame to set
        // up per node (docs/decisions/bitsets-backend.md).
        frames.clear();
        frames.push(Frame {
            board: *board,
            cell: 0,
            untried: 0,
        });
        let mut depth = 1;
        loop {
            if (stats.nodes >= limit.nodes || stats.updates >= limit.updates)
                && let Some(stop) = limit.halt(stats.nodes, stats.updates)
            {
                return (frames, ControlFlow::Break(stop));
            }
            let level = depth - 1;
            stats.nodes += 1;
            if stats.profile.len() <= level {
                stats.profile.resize(level + 1, 0);
            }
            stats.profile[level] += 1;
            let top = &mut frames[level];
            if top.board.open == 0 {
                stats.solutions += 1;
                if visit(&top.board).is_break() {
                    return (frames, ControlFlow::Break(Stop::Visitor));
                }
                depth -= 1;
            } else {
                top.cell = order.branch_cell(self, &top.board);
                top.untried = top.board.digits[top.cell];
            }
            // The next board: the next digit of the deepest open one that
            // survives its forced moves.
            loop {
                let Some(parent) = depth.checked_sub(1) else {
                    return (frames, ControlFlow::Continue(()));
                };
                let Frame { cell, untried, .. } = frames[parent];
                if untried == 0 {
                    depth -= 1;
                    continue;
                }
                let d = order.pick_digit(untried);
                frames[parent].untried &= !(1 << d);
                if frames.len() == depth {
                    frames.push(frames[parent]);
                } else {
                    frames[depth].board = frames[parent].board;
                }
                if self.place(&mut frames[depth].board, cell, d, stats) {
                    depth += 1;
                    break;
                }
            }
        }
    }

    /// The cell the search in the fixed order ([`Lowest`]) branches on in
    /// `board` (which is not complete), and its digits, to try smallest
    /// first.
    pub(crate) fn branch(&self, board: &Board) -> (usize, DigitMask) {
        let cell = Lowest.branch_cell(self, board);
        (cell, board.digits[cell])
    }

    /// Puts digit `d + 1` in `cell` of `board` and takes the forced moves
    /// that follow: `false` at a dead end. `stats` count the digits placed,
    /// as [`search`](Self::search) does.
    #[inline]
    pub(crate) fn place(
        &self,
        board: &mut Board,
        cell: usize,
        d: usize,
        stats: &mut Stats,
    ) -> bool {
        let mut pending = Pending::default();
        self.select(board, cell, 1 << cell, d, &mut pending);
        let alive = self.propagate(board, &mut pending);
        stats.updates += pending.placed;
        alive
    }

    /// Searches for a completion of `board` other than `solution` (row-major
    /// digits, 1-based), given that `solution` is the only completion that
    /// agrees with it on `cells`: any other completion differs from it in
    /// one of `cells`. So for each cell in turn, with the cells before it
    /// set to their digits in `solution`, the search runs with the cell's
    /// digit in `solution` excluded; the branch where every cell agrees
    /// holds `solution` alone and is never searched. A cell that forced
    /// moves filled holds its digit in `solution`, so it adds no branch.
    ///
    /// Breaks with [`Stop::Visitor`] at another completion and with
    /// [`Stop::Budget`] when the search reaches `limit`; continues
    /// if there is none.
    pub(crate) fn search_other(
        &self,
        frames: &mut Vec<Frame>,
        board: &Board,
        solution: &[u8],
        cells: &[usize],
        limit: Limit<'_>,
        stats: &mut Stats,
    ) -> ControlFlow<Stop> {
        let mut agreed = *board;
        for &cell in cells {
            let bit = 1u128 << cell;
            if agreed.open & bit == 0 {
                continue;
            }
            let d = usize::from(solution[cell].saturating_sub(1));
            let mut other = agreed;
            let mut pending = Pending::default();
            let touched = self.remove_digit(&mut other, bit, d, &mut pending);
            pending.units[d] |= touched;
            pending.digits |= 1 << d;
            let alive = self.propagate(&mut other, &mut pending);
            stats.updates += pending.placed;
            if alive {
                self.search(frames, &other, &mut Lowest, limit, stats, &mut |_| {
                    ControlFlow::Break(())
                })?;
            }
            let mut pending = Pending::default();
            self.select(&mut agreed, cell, bit, d, &mut pending);
            let alive = self.propagate(&mut agreed, &mut pending);
            stats.updates += pending.placed;
            if !alive {
                // Only if `solution` does not complete `board` after all.
                break;
            }
        }
        ControlFlow::Continue(())
    }
}
