//! A scrolling, filterable list for the menus: which entry is chosen, which rows show, and what
//! the keys do to it. No drawing here (see [`crate::view::menu`]), so it is tested alone.

use super::SceneInput;
use winit::keyboard::KeyCode;

/// What a key did to a [`ListState`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListAction {
    /// Nothing the list uses.
    None,
    /// The choice, the scroll or the filter changed.
    Moved,
    /// Enter (or Space) on the entry with this index in the full list.
    Chosen(usize),
    /// Esc with an empty filter: leave the list.
    Back,
}

/// A list of `names`: the entries the typed filter keeps, the chosen one among them and the
/// first row shown. Up/Down move by one, PageUp/PageDown by a page, Home/End to the ends;
/// letters, digits and `-` type a filter (names holding it, case ignored), Backspace erases;
/// Esc clears the filter, or goes back when it is empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListState {
    names: Vec<String>,
    /// Rows shown at once.
    page: usize,
    filter: String,
    /// Indices into `names` of the entries the filter keeps, in order.
    shown: Vec<usize>,
    /// Position in `shown` of the chosen entry.
    selected: usize,
    /// Position in `shown` of the first row on screen.
    first: usize,
}

impl ListState {
    /// A list of `names` showing `page` rows at once (at least 1), the first entry chosen.
    pub fn new(names: Vec<String>, page: usize) -> ListState {
        let shown = (0..names.len()).collect();
        ListState {
            names,
            page: page.max(1),
            filter: String::new(),
            shown,
            selected: 0,
            first: 0,
        }
    }

    /// Chooses the entry with index `index` of the full list (clearing the filter), and scrolls
    /// it into view.
    pub fn select(&mut self, index: usize) {
        self.set_filter(String::new());
        self.selected = index.min(self.shown.len().saturating_sub(1));
        self.scroll();
    }

    /// Index in the full list of the chosen entry (`None` when the filter keeps none).
    pub fn selected(&self) -> Option<usize> {
        self.shown.get(self.selected).copied()
    }

    /// The typed filter.
    pub fn filter(&self) -> &str {
        &self.filter
    }

    /// How many entries the filter keeps, and the chosen one's position among them (0-based).
    pub fn position(&self) -> (usize, usize) {
        (self.shown.len(), self.selected)
    }

    /// The rows on screen: indices into the full list, top first.
    pub fn visible(&self) -> &[usize] {
        let end = (self.first + self.page).min(self.shown.len());
        &self.shown[self.first.min(end)..end]
    }

    /// Whether entries are hidden above and below the rows on screen.
    pub fn more(&self) -> (bool, bool) {
        (self.first > 0, self.first + self.page < self.shown.len())
    }

    /// Applies a key press.
    pub fn key(&mut self, code: KeyCode) -> ListAction {
        let last = self.shown.len().saturating_sub(1);
        let moved = |list: &mut ListState, to: usize| {
            list.selected = to.min(last);
            list.scroll();
            ListAction::Moved
        };
        match code {
            KeyCode::ArrowUp => moved(self, self.selected.saturating_sub(1)),
            KeyCode::ArrowDown => moved(self, self.selected + 1),
            KeyCode::PageUp => moved(self, self.selected.saturating_sub(self.page)),
            KeyCode::PageDown => moved(self, self.selected + self.page),
            KeyCode::Home => moved(self, 0),
            KeyCode::End => moved(self, last),
            KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::Space => {
                self.selected().map_or(ListAction::None, ListAction::Chosen)
            }
            KeyCode::Escape if self.filter.is_empty() => ListAction::Back,
            KeyCode::Escape => {
                self.set_filter(String::new());
                ListAction::Moved
            }
            KeyCode::Backspace => {
                let mut filter = self.filter.clone();
                filter.pop();
                self.set_filter(filter);
                ListAction::Moved
            }
            code => match typed(code) {
                Some(c) => {
                    let filter = format!("{}{c}", self.filter);
                    self.set_filter(filter);
                    ListAction::Moved
                }
                None => ListAction::None,
            },
        }
    }

    /// Renames the entry with index `index` of the full list (the filter is applied again; the
    /// chosen entry stays chosen if the filter keeps it).
    pub fn rename(&mut self, index: usize, name: String) {
        if let Some(slot) = self.names.get_mut(index) {
            *slot = name;
            if !self.filter.is_empty() {
                self.set_filter(self.filter.clone());
            }
        }
    }

    /// Chooses the entry shown in list row `row` on screen (counting from the top one), as
    /// the mouse pointer over it does; false if there is none there or it was already chosen.
    pub fn hover(&mut self, row: usize) -> bool {
        let at = self.first + row;
        if row >= self.page || at >= self.shown.len() || at == self.selected {
            return false;
        }
        self.selected = at;
        true
    }

    /// Scrolls the list by `rows` (negative: up) as the mouse wheel does, the choice moving
    /// along so it stays on screen.
    pub fn scroll_by(&mut self, rows: isize) {
        let last_first = self.shown.len().saturating_sub(self.page);
        let first = (self.first as isize + rows).clamp(0, last_first as isize) as usize;
        let row = self.selected.saturating_sub(self.first);
        self.first = first;
        self.selected = (first + row).min(self.shown.len().saturating_sub(1));
        self.scroll();
    }

    /// Sets the filter, keeping the chosen entry if the filter keeps it, else the first.
    fn set_filter(&mut self, filter: String) {
        let chosen = self.selected();
        let needle = filter.to_lowercase();
        self.shown = (0..self.names.len())
            .filter(|&i| self.names[i].to_lowercase().contains(&needle))
            .collect();
        self.filter = filter;
        self.selected = chosen
            .and_then(|c| self.shown.iter().position(|&i| i == c))
            .unwrap_or(0);
        self.first = 0;
        self.scroll();
    }

    /// Scrolls just enough to show the chosen row.
    fn scroll(&mut self) {
        if self.selected < self.first {
            self.first = self.selected;
        } else if self.selected >= self.first + self.page {
            self.first = self.selected + 1 - self.page;
        }
    }
}

/// The mouse on a list whose first row is drawn at `top` playfield pixels
/// ([`crate::view::menu::ListView::top`]): remembers where the pointer is (in `pointer`), the
/// pointer over a row chooses it, the wheel scrolls (a notch a row).
pub fn mouse(
    list: &mut ListState,
    top: f32,
    pointer: &mut Option<glam::Vec2>,
    event: super::Pointer,
) -> ListAction {
    match event {
        super::Pointer::Moved(at) => {
            *pointer = Some(at);
            match crate::view::menu::row_at(top, list.visible().len(), at) {
                Some(row) if list.hover(row) => ListAction::Moved,
                _ => ListAction::None,
            }
        }
        super::Pointer::Wheel(notches) if notches != 0.0 => {
            // Away from the user (positive) scrolls up.
            let rows = -(notches.signum() * notches.abs().ceil()) as isize;
            list.scroll_by(rows);
            ListAction::Moved
        }
        _ => ListAction::None,
    }
}

/// A left click on a list whose first row is drawn at `top`, the pointer at `pointer`: opens
/// the entry under it, as Enter does.
pub fn click(list: &mut ListState, top: f32, pointer: Option<glam::Vec2>) -> ListAction {
    let row = pointer.and_then(|p| crate::view::menu::row_at(top, list.visible().len(), p));
    match row {
        Some(row) => {
            list.hover(row);
            list.selected().map_or(ListAction::None, ListAction::Chosen)
        }
        None => ListAction::None,
    }
}

/// What a list screen's input does to its list, whose first row is drawn at `top`, the
/// pointer last at `pointer`: a key press ([`ListState::key`]), a mouse event ([`mouse`]) or a
/// left click ([`click`]). `None` for the inputs a list does not take.
pub fn input(
    list: &mut ListState,
    top: f32,
    pointer: &mut Option<glam::Vec2>,
    input: &SceneInput,
) -> Option<ListAction> {
    match input {
        SceneInput::Press(code) => Some(list.key(*code)),
        SceneInput::Pointer(event) => Some(mouse(list, top, pointer, *event)),
        SceneInput::Click => Some(click(list, top, *pointer)),
        _ => None,
    }
}

/// The status line's left part: the typed filter, or how to filter `what`.
pub fn filter_status(filter: &str, what: &str) -> String {
    if filter.is_empty() {
        format!("type to filter {what}")
    } else {
        format!("filter: {filter}_")
    }
}

/// The character a key types into the filter: letters (lower case), digits, `-`.
fn typed(code: KeyCode) -> Option<char> {
    use KeyCode::*;
    let letters = [
        KeyA, KeyB, KeyC, KeyD, KeyE, KeyF, KeyG, KeyH, KeyI, KeyJ, KeyK, KeyL, KeyM, KeyN, KeyO,
        KeyP, KeyQ, KeyR, KeyS, KeyT, KeyU, KeyV, KeyW, KeyX, KeyY, KeyZ,
    ];
    let digits = [
        Digit0, Digit1, Digit2, Digit3, Digit4, Digit5, Digit6, Digit7, Digit8, Digit9,
    ];
    if let Some(i) = letters.iter().position(|&k| k == code) {
        return Some((b'a' + i as u8) as char);
    }
    if let Some(i) = digits.iter().position(|&k| k == code) {
        return Some((b'0' + i as u8) as char);
    }
    (code == Minus).then_some('-')
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn names(n: usize) -> Vec<String> {
        (1..=n).map(|i| format!("{i:03} Level")).collect()
    }

    #[test]
    fn keys_move_page_and_jump_and_the_chosen_row_stays_on_screen() {
        let mut list = ListState::new(names(278), 10);
        assert_eq!(list.visible(), (0..10).collect::<Vec<_>>());
        assert_eq!(list.more(), (false, true));
        assert_eq!(list.key(KeyCode::PageDown), ListAction::Moved);
        assert_eq!(list.selected(), Some(10));
        assert_eq!(list.visible().last(), Some(&10));
        list.key(KeyCode::End);
        assert_eq!(list.selected(), Some(277));
        assert_eq!(list.more(), (true, false));
        list.key(KeyCode::ArrowDown);
        assert_eq!(list.selected(), Some(277), "the end stops");
        list.key(KeyCode::PageUp);
        assert_eq!(list.selected(), Some(267));
        list.key(KeyCode::Home);
        assert_eq!((list.selected(), list.visible()[0]), (Some(0), 0));
        list.key(KeyCode::ArrowUp);
        assert_eq!(list.selected(), Some(0), "the top stops");
        assert_eq!(list.key(KeyCode::Enter), ListAction::Chosen(0));
        assert_eq!(list.key(KeyCode::Escape), ListAction::Back);
    }

    #[test]
    fn typing_filters_by_name_and_esc_clears_the_filter_first() {
        let mut list = ListState::new(
            ["Arkanoid", "Bertrand", "Ark Two", "Zed"]
                .map(String::from)
                .to_vec(),
            10,
        );
        list.key(KeyCode::ArrowDown);
        for key in [KeyCode::KeyA, KeyCode::KeyR, KeyCode::KeyK] {
            list.key(key);
        }
        assert_eq!(list.filter(), "ark");
        assert_eq!(list.visible(), [0, 2]);
        assert_eq!(list.selected(), Some(0), "Bertrand is filtered out");
        list.key(KeyCode::ArrowDown);
        assert_eq!(list.key(KeyCode::Space), ListAction::Chosen(2));
        list.key(KeyCode::KeyX);
        assert_eq!((list.visible(), list.selected()), (&[][..], None));
        assert_eq!(list.key(KeyCode::Enter), ListAction::None);
        list.key(KeyCode::Backspace);
        assert_eq!(list.visible(), [0, 2]);
        assert_eq!(list.key(KeyCode::Escape), ListAction::Moved);
        assert_eq!((list.filter(), list.visible().len()), ("", 4));
        assert_eq!(list.key(KeyCode::Escape), ListAction::Back);
        list.select(3);
        assert_eq!(list.selected(), Some(3));
    }

    #[test]
    fn the_mouse_chooses_the_row_under_it_and_the_wheel_scrolls() {
        let mut list = ListState::new(names(30), 8);
        assert!(list.hover(3));
        assert_eq!(list.selected(), Some(3));
        assert!(!list.hover(3), "already chosen");
        assert!(!list.hover(8), "below the page");
        list.scroll_by(5);
        assert_eq!(list.visible()[0], 5);
        assert_eq!(list.selected(), Some(8), "the choice keeps its row");
        list.scroll_by(100);
        assert_eq!(list.more(), (true, false));
        assert_eq!(list.visible().len(), 8);
        list.scroll_by(-100);
        assert_eq!((list.visible()[0], list.more()), (0, (false, true)));
        assert!(list.visible().contains(&list.selected().unwrap()));
        // Through the pointer's events, rows 22 px apart from y = 100.
        let mut pointer = None;
        let at = |y: f32| super::super::Pointer::Moved(glam::Vec2::new(400.0, y));
        assert_eq!(
            mouse(&mut list, 100.0, &mut pointer, at(100.0 + 22.0 * 2.0 + 5.0)),
            ListAction::Moved
        );
        assert_eq!(list.selected(), Some(list.visible()[2]));
        assert_eq!(
            click(&mut list, 100.0, pointer),
            ListAction::Chosen(list.visible()[2])
        );
        mouse(&mut list, 100.0, &mut pointer, at(40.0));
        assert_eq!(
            click(&mut list, 100.0, pointer),
            ListAction::None,
            "above the list"
        );
        let wheel = super::super::Pointer::Wheel(-1.0);
        assert_eq!(
            mouse(&mut list, 100.0, &mut pointer, wheel),
            ListAction::Moved
        );
        assert_eq!(list.visible()[0], 1, "towards the user scrolls down");
        let mut short = ListState::new(names(3), 8);
        assert!(!short.hover(5), "no entry there");
        short.scroll_by(2);
        assert_eq!(short.visible(), [0, 1, 2]);
    }

    proptest! {
        /// Whatever keys are pressed, the chosen entry is one the filter keeps and is on screen,
        /// and no more than a page of rows shows.
        #[test]
        fn the_chosen_entry_is_always_shown(
            len in 0usize..60,
            page in 1usize..12,
            keys in proptest::collection::vec(0usize..12, 0..80),
        ) {
            let table = [
                KeyCode::ArrowUp, KeyCode::ArrowDown, KeyCode::PageUp, KeyCode::PageDown,
                KeyCode::Home, KeyCode::End, KeyCode::Digit1, KeyCode::Digit2,
                KeyCode::Backspace, KeyCode::Escape, KeyCode::KeyL, KeyCode::Digit0,
            ];
            let mut list = ListState::new(names(len), page);
            for k in keys {
                list.key(table[k]);
                prop_assert!(list.visible().len() <= page);
                match list.selected() {
                    Some(i) => {
                        prop_assert!(list.visible().contains(&i));
                        prop_assert!(list.names[i].to_lowercase().contains(list.filter()));
                    }
                    None => prop_assert!(list.visible().is_empty()),
                }
            }
        }
    }
}
