//! Undo and redo: whole snapshots of the edited state. A level is at most 64 × 64 cells, so a
//! snapshot is a few kilobytes and the history has no limit within a session.

/// The states before each change (undo) and those undone (redo).
#[derive(Clone, Debug, Default)]
pub struct History<T> {
    undo: Vec<T>,
    redo: Vec<T>,
}

impl<T> History<T> {
    /// An empty history.
    pub fn new() -> History<T> {
        History {
            undo: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// A change was made; `before` is the state it changed. What was undone can no longer be
    /// redone.
    pub fn record(&mut self, before: T) {
        self.undo.push(before);
        self.redo.clear();
    }

    /// Puts the state before the last change in `current`; false if there is nothing to undo.
    pub fn undo(&mut self, current: &mut T) -> bool {
        match self.undo.pop() {
            Some(before) => {
                self.redo.push(std::mem::replace(current, before));
                true
            }
            None => false,
        }
    }

    /// Puts the last undone state back in `current`; false if there is nothing to redo.
    pub fn redo(&mut self, current: &mut T) -> bool {
        match self.redo.pop() {
            Some(after) => {
                self.undo.push(std::mem::replace(current, after));
                true
            }
            None => false,
        }
    }

    /// Changes that can be undone, and undone ones that can be redone.
    pub fn depth(&self) -> (usize, usize) {
        (self.undo.len(), self.redo.len())
    }
}
