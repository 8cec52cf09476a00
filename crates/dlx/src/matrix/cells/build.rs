//! Making the cells: the sets, nodes, lists and colors of a problem, read
//! once from the matrix its search was made for (see the layout in
//! `mod.rs`).

use super::super::search::Search;
use super::super::{CLEANSED, Matrix};
use super::{Cells, Item, NO_COLOR, Node, SPACER, SPLIT_COLORS, Width};
use crate::index::to_u32;

impl<I: Width> Cells<I> {
    /// The sets of the problem `search` was made for, every item active
    /// (whatever `search` has selected), read from its matrix: options in
    /// order, each set in the order of its item's list.
    ///
    /// # Panics
    ///
    /// If a node or a list does not fit below `I::MAX` ([`AnyCells`](super::AnyCells)
    /// chooses `I` so that they do).
    pub(crate) fn new(search: &Search) -> Cells<I> {
        let m: &Matrix = &search.matrix;
        let item_count = m.headers() - 2;
        // An option node's item: its header less one (headers start at 1),
        // without the cleansing mark a pre-selection may have set.
        let item_of = |q: u32| (m.top[q as usize] & !CLEANSED) - 1;
        let spans = || m.option_first.iter().map(|first| first.span());
        let colored = search.colors;
        // A node's color, as the matrix keeps it ("index plus 1, or 0").
        let color_of = |q: u32| {
            if colored {
                m.color[q as usize]
            } else {
                NO_COLOR
            }
        };
        // Each item's colors, sorted: one list per color (the uncolored
        // options one more) for an item of at most `SPLIT_COLORS`, else one
        // for all; at least one list per item.
        let mut colors_of: Vec<Vec<u32>> = vec![Vec::new(); item_count];
        for span in spans() {
            for q in span.first()..span.first() + span.size() {
                let colors = &mut colors_of[item_of(q) as usize];
                if let Err(at) = colors.binary_search(&color_of(q)) {
                    colors.insert(at, color_of(q));
                }
            }
        }
        let mut first_list = Vec::with_capacity(item_count);
        let mut group = Vec::new();
        let mut lists = 0u32;
        for colors in &mut colors_of {
            if colors.is_empty() {
                colors.push(NO_COLOR);
            }
            let count = if colors.len() <= SPLIT_COLORS {
                to_u32(colors.len())
            } else {
                colors.clear();
                1
            };
            first_list.push(lists);
            group.extend((0..count).map(|_| (lists, lists + count)));
            lists += count;
        }
        // A node's list: its item's, or with colors its item's of its
        // color (primary items and every item without colors have one, so
        // items and lists are numbered alike then).
        let list_of = |q: u32| {
            let item = item_of(q) as usize;
            // An item of one list for all its colors has none left here.
            let at = colors_of[item].binary_search(&color_of(q));
            first_list[item] + to_u32(at.unwrap_or_default())
        };
        let mut items = vec![Item::default(); lists as usize];
        let mut entries = 0;
        for span in spans() {
            for q in span.first()..span.first() + span.size() {
                items[list_of(q) as usize].end += 1;
                entries += 1;
            }
        }
        let mut next = 0u32;
        for item in &mut items {
            item.base = next;
            next += std::mem::take(&mut item.end);
            item.end = item.base;
        }
        // Every node (the spacers one per option and one first), and so
        // every place, and every list below `I::MAX`: the steps convert
        // with `as` (`Width`).
        let limit = u64::from(I::MAX.get());
        assert!((entries + m.option_count() + 1) as u64 <= limit && u64::from(lists) < limit);
        let primary = m.primary;
        let mut cells = Cells {
            nodes: Vec::with_capacity(entries + m.option_count() + 1),
            node_color: Vec::new(),
            byte_color: Vec::new(),
            group: if colored { group } else { Vec::new() },
            items,
            set: vec![I::default(); next as usize],
            primaries: (0..primary).collect(),
            primary_loc: (0..primary).collect(),
            primary_count: primary,
            primary,
            leaf_width: search.leaf_width,
            option_first: Vec::with_capacity(m.option_count()),
            // At most every entry is removed at once, each item covered once.
            trail: vec![I::default(); entries],
            trail_len: 0,
            covered: vec![0; lists as usize],
            covered_len: 0,
            removed: 0,
            deactivated: 0,
            purified: 0,
            kept: 0,
        };
        cells.push_node(SPACER, 0, NO_COLOR, colored);
        for span in spans() {
            let first = to_u32(cells.nodes.len());
            cells.option_first.push(first);
            for q in span.first()..span.first() + span.size() {
                let item = list_of(q);
                let entry = &mut cells.items[item as usize];
                let place = entry.end;
                entry.end += 1;
                cells.set[place as usize] = I::of(to_u32(cells.nodes.len()));
                cells.push_node(item, place, color_of(q), colored);
            }
            cells.push_node(SPACER, first, NO_COLOR, colored);
        }
        // Every color a byte (graceful-wheel-7 has 15): the bytes.
        let bytes: Result<Vec<u8>, _> = cells.node_color.iter().map(|&c| u8::try_from(c)).collect();
        cells.byte_color = bytes.unwrap_or_default();
        cells
    }

    /// Appends a node (and its color if the problem has colors).
    fn push_node(&mut self, item: u32, loc: u32, color: u32, colored: bool) {
        self.nodes.push(Node { item, loc });
        if colored {
            self.node_color.push(color);
        }
    }
}
