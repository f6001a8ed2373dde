//! Tests of the editor's model: scripted edits against the saved text.

use super::*;
use crate::level::{BrickKind, PowerUpKind};
use proptest::prelude::*;

const COMMENTED: &str = "# The fortress, by hand\n\
@name: Fortress   # shown in the HUD\n\
@author: Ann\n\
\n\
# top row\n\
1 1 1 1\n\
2 3 4 5   # a comment on a row\n\
\n\
2 0 0 2\n\
# the end\n";

fn open(text: &str) -> Editor {
    let mut doc = Document::open(text, "test.lvl").unwrap();
    doc.rename("test");
    let saved = !doc.differs_from_file();
    Editor::new(doc, None, saved)
}

/// Comment lines (whole-line comments) of `text`, in order.
fn comment_lines(text: &str) -> Vec<&str> {
    text.lines()
        .map(str::trim_end)
        .filter(|l| l.trim_start().starts_with('#'))
        .collect()
}

/// `level` as the parser stores it: no extensions equal to the defaults.
fn normalised(level: &Level) -> Level {
    let mut level = level.clone();
    level.extras.retain(|&i, e| {
        let kind = level.cells[i].expect("extras only on bricks");
        e.hits != kind.default_hits()
            || e.powerup.is_some()
            || e.roll.is_some()
            || e.colour.is_some()
    });
    level
}

#[test]
fn an_unchanged_file_is_saved_byte_for_byte_whatever_its_layout() {
    let messy = "\u{feff}3   3\t3 \r\n# c\r\n\r\n 1 2 3\r\n"; // BOM, CRLF, tabs, trailing spaces
    for text in [COMMENTED, messy, "2 2 2", "@name: x\n2\n\n"] {
        let editor = open(text);
        assert!(!editor.is_modified(), "{text:?}");
        assert_eq!(editor.text(), text);
    }
}

#[test]
fn painting_keeps_comments_headers_and_row_comments_and_aligns_cells() {
    let mut editor = open(COMMENTED);
    editor.brush = Brush {
        powerup: Some(PowerUpKind::Multiball),
        ..Brush::of(BrickKind::Plain(3))
    };
    editor.cursor = (2, 1);
    assert!(editor.paint_at_cursor());
    assert!(editor.is_modified());
    let text = editor.text();
    assert_eq!(
        text,
        "# The fortress, by hand\n\
@name: Fortress   # shown in the HUD\n\
@author: Ann\n\
\n\
# top row\n\
1 1   1 1\n\
2 3   4 5   # a comment on a row\n\
\n\
2 3+M 0 2\n\
# the end\n"
    );
    assert_eq!(
        Level::parse(&text, "test").unwrap().get(2, 1),
        Some(BrickKind::Plain(3))
    );
}

#[test]
fn headers_change_in_place_new_ones_follow_the_last_and_removed_ones_go() {
    let mut editor = open(COMMENTED);
    editor.set_title(Some("Keep".into()));
    editor.set_author(None);
    editor.set_rules(|l| l.explosion = crate::level::Explosion::Cross);
    let text = editor.text();
    assert!(text.starts_with(
        "# The fortress, by hand\n@name: Keep   # shown in the HUD\n@explosion: cross\n\n# top row\n1 1 1 1\n"
    ), "{text}");
    assert!(!text.contains("@author"));
    // A level with no header gets them above the grid, under its first comments.
    let mut editor = open("# mine\n2 2\n");
    editor.set_title(Some("New".into()));
    assert_eq!(editor.text(), "# mine\n@name: New\n2 2\n");
}

#[test]
fn a_row_added_on_top_goes_above_the_first_row_and_row_comments_follow_their_row() {
    let mut editor = open(COMMENTED);
    assert!(editor.resize(Side::Top, true));
    let text = editor.text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[4], "# top row");
    assert_eq!(lines[5], "0 0 0 0");
    assert_eq!(lines[6], "1 1 1 1");
    assert_eq!(lines[7], "2 3 4 5   # a comment on a row");
    // Removing the commented row drops its comment, nothing else.
    let mut editor = open(COMMENTED);
    editor.resize(Side::Top, false);
    editor.resize(Side::Top, false);
    let text = editor.text();
    assert!(!text.contains("a comment on a row"));
    assert_eq!(comment_lines(&text), comment_lines(COMMENTED));
    assert_eq!(Level::parse(&text, "t").unwrap().rows, 1);
}

#[test]
fn a_drag_paints_every_cell_crossed_and_is_one_undo_step() {
    let mut editor = open("2 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n");
    editor.brush = Brush::of(BrickKind::Solid);
    editor.press((0, 0), false);
    editor.drag((2, 4)); // several cells in one move
    editor.release();
    let solid: Vec<Cell> = (0..3)
        .flat_map(|r| (0..5).map(move |c| (r, c)))
        .filter(|&(r, c)| editor.level().get(r, c) == Some(BrickKind::Solid))
        .collect();
    assert_eq!(solid, grid::line((0, 0), (2, 4)));
    assert_eq!(solid.len(), 5);
    assert!(editor.undo());
    assert_eq!(editor.text(), "2 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n");
    assert!(!editor.undo(), "one step");
    assert!(editor.redo());
    assert_eq!(editor.level().get(2, 4), Some(BrickKind::Solid));
}

#[test]
fn the_rectangle_tool_follows_the_pointer_and_right_button_erases() {
    let mut editor = open("2 2 2\n2 2 2\n2 2 2\n");
    editor.tool = Tool::Rectangle;
    editor.press((0, 0), true);
    editor.drag((2, 2));
    editor.drag((1, 1)); // shrinks back: only the 2×2 corner is erased
    editor.release();
    assert_eq!(editor.text(), "0 0 2\n0 0 2\n2 2 2\n");
    editor.undo();
    assert_eq!(editor.text(), "2 2 2\n2 2 2\n2 2 2\n");
}

#[test]
fn the_eyedropper_takes_kind_hits_and_powerup() {
    let mut editor = open("3*2+W X\n");
    assert!(editor.pick((0, 0)));
    assert_eq!(editor.brush.token(), "3*2+W");
    assert!(!editor.pick((5, 5)));
    assert!(editor.pick((0, 1)));
    assert_eq!(editor.brush.token(), "X");
}

#[test]
fn problems_are_checks_own_each_on_its_brick() {
    // A brick walled in by solid bricks: check's warning, on that brick.
    let mut editor = open("1 1 1\n1 4 1\n1 1 1\n0 2 0\n");
    let problems = editor.problems().to_vec();
    let walled = problems
        .iter()
        .find(|p| p.message.contains("never be reached"))
        .expect("the walled-in brick is reported");
    assert_eq!(walled.cell, Some((1, 1)));
    // A level with nothing to clear is an error of the whole level.
    let mut editor = open("1 1\n");
    let problems = editor.problems().to_vec();
    assert_eq!(problems[0].severity, Severity::Error);
    assert_eq!(problems[0].cell, None);
    assert!(problems[0].message.contains("no destructible brick"));
    // Painting a brick clears it.
    editor.brush = Brush::of(BrickKind::Plain(2));
    editor.paint_at_cursor();
    assert!(editor
        .problems()
        .iter()
        .all(|p| p.severity != Severity::Error));
}

#[test]
fn a_new_level_saves_to_its_file_atomically_and_reopens_the_same() {
    let dir = std::env::temp_dir().join(format!("breakout-editor-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.join("mine.lvl");
    let mut editor = Editor::open(&path).unwrap();
    assert!(editor.is_modified(), "a new level is not on disk");
    assert_eq!(
        (editor.level().rows, editor.level().cols),
        (document::NEW_LEVEL_ROWS, document::NEW_LEVEL_COLS)
    );
    editor.brush = Brush::of(BrickKind::Plain(5));
    editor.press((1, 2), false);
    editor.release();
    editor.set_title(Some("Mine".into()));
    assert_eq!(editor.save().unwrap(), path.as_path());
    assert!(!editor.is_modified());
    let reopened = Editor::open(&path).unwrap();
    assert!(!reopened.is_modified());
    assert_eq!(reopened.level(), editor.level());
    assert_eq!(Level::load(&path).unwrap().title.as_deref(), Some("Mine"));
    editor.undo();
    assert!(
        editor.is_modified(),
        "undoing a saved change modifies again"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A file with a syntax error opens, so the editor can fix it: the bad token is an empty cell
/// marked with the error, the file is kept as it was until the author changes something, and a
/// change then saves a valid level.
#[test]
fn a_file_with_unreadable_cells_opens_with_them_empty_and_marked() {
    let dir = std::env::temp_dir().join(format!("breakout-editor-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.lvl");
    let text = "# mine\n2 2\n2 Q\n";
    std::fs::write(&path, text).unwrap();
    let mut editor = Editor::open(&path).unwrap();
    assert!(!editor.is_modified());
    assert_eq!(editor.level().get(1, 1), None);
    assert_eq!(editor.level().get(1, 0), Some(BrickKind::Plain(2)));
    let problems = editor.problems().to_vec();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].cell, Some((1, 1)));
    assert_eq!(problems[0].severity, Severity::Error);
    assert!(
        problems[0].message.contains("'Q'"),
        "{}",
        problems[0].message
    );
    // Saving unchanged writes the file as it was; a fix saves a valid level.
    editor.save().unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    editor.brush = Brush::of(BrickKind::Plain(3));
    editor.press((1, 1), false);
    editor.release();
    assert!(editor
        .problems()
        .iter()
        .all(|p| p.severity != Severity::Error));
    editor.save().unwrap();
    let level = Level::load(&path).expect("the fixed file loads");
    assert_eq!(level.get(1, 1), Some(BrickKind::Plain(3)));
    assert!(std::fs::read_to_string(&path)
        .unwrap()
        .starts_with("# mine\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bresenham_lines_are_eight_connected_and_end_where_asked() {
    for a in [(0, 0), (3, 7), (9, 2)] {
        for b in [(0, 0), (5, 5), (0, 9), (9, 0), (2, 8)] {
            let line = grid::line(a, b);
            assert_eq!((line[0], *line.last().unwrap()), (a, b));
            let steps = a.0.abs_diff(b.0).max(a.1.abs_diff(b.1));
            assert_eq!(line.len(), steps + 1, "{a:?}→{b:?}");
            for w in line.windows(2) {
                assert!(w[0].0.abs_diff(w[1].0) <= 1 && w[0].1.abs_diff(w[1].1) <= 1);
            }
        }
    }
}

/// One scripted edit.
#[derive(Clone, Debug)]
enum Edit {
    Stroke(Vec<Cell>, bool),
    Rect(Cell, Cell, bool),
    Brush(usize, u8, Option<usize>),
    Resize(usize, bool),
    Title(Option<String>),
    Undo,
    Redo,
}

fn edit() -> impl Strategy<Value = Edit> {
    let cell = (0usize..10, 0usize..12);
    prop_oneof![
        3 => (proptest::collection::vec(cell.clone(), 1..5), any::<bool>())
            .prop_map(|(c, e)| Edit::Stroke(c, e)),
        1 => (cell.clone(), cell, any::<bool>()).prop_map(|(a, b, e)| Edit::Rect(a, b, e)),
        2 => (0usize..16, 1u8..10, proptest::option::of(0usize..48))
            .prop_map(|(k, h, p)| Edit::Brush(k, h, p)),
        1 => (0usize..4, any::<bool>()).prop_map(|(s, g)| Edit::Resize(s, g)),
        1 => proptest::option::of("[a-z #]{0,8}").prop_map(Edit::Title),
        1 => Just(Edit::Undo),
        1 => Just(Edit::Redo),
    ]
}

/// A level file with comments, blank lines and headers between rows.
fn file() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        Just("0"),
        Just("0"),
        Just("1"),
        Just("2"),
        Just("3*2"),
        Just("4+W"),
        Just("M"),
        Just("X"),
        Just("5+multiball"),
        Just("R*3"),
        Just("I"),
        Just("9:ff8000"),
    ];
    (1usize..6, 1usize..7)
        .prop_flat_map(move |(rows, cols)| {
            (
                proptest::collection::vec(proptest::collection::vec(token.clone(), cols), rows),
                proptest::collection::vec(0u8..5, rows + 1),
                any::<bool>(),
            )
        })
        .prop_map(|(grid, extras, crlf)| {
            let mut lines = Vec::new();
            for (i, row) in grid.iter().enumerate() {
                match extras[i] {
                    1 => lines.push(format!("# comment {i}")),
                    2 => lines.push(String::new()),
                    3 if i == 0 => lines.push("@name: Old # title".to_string()),
                    _ => {}
                }
                let mut line = row.join(if i % 2 == 0 { " " } else { "\t" });
                if extras[i + 1] == 4 {
                    line.push_str("  # row note");
                }
                lines.push(line);
            }
            lines.push("# last".to_string());
            let eol = if crlf { "\r\n" } else { "\n" };
            lines.join(eol) + eol
        })
}

fn apply(editor: &mut Editor, edit: &Edit) {
    match edit {
        Edit::Stroke(cells, erase) => {
            editor.press(cells[0], *erase);
            for &c in &cells[1..] {
                editor.drag(c);
            }
            editor.release();
        }
        Edit::Rect(a, b, erase) => {
            editor.fill(*a, *b, *erase);
        }
        Edit::Brush(kind, hits, powerup) => {
            editor.brush = Brush {
                hits: *hits,
                powerup: powerup.map(|p| PowerUpKind::ALL[p]),
                ..Brush::of(BrickKind::ALL[*kind])
            };
        }
        Edit::Resize(side, grow) => {
            let side = [Side::Top, Side::Bottom, Side::Left, Side::Right][*side];
            editor.resize(side, *grow);
        }
        Edit::Title(title) => {
            editor.set_title(title.clone());
        }
        Edit::Undo => {
            editor.undo();
        }
        Edit::Redo => {
            editor.redo();
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Any edits: the saved text reads back as the edited level, keeps every comment line in
    /// order, and opened again saves the same bytes; undoing everything gives the original
    /// file byte for byte, redoing as many steps the edited text again.
    #[test]
    fn any_edits_save_the_edited_level_and_undo_all_gives_the_file_back(
        original in file(),
        edits in proptest::collection::vec(edit(), 0..25),
    ) {
        let mut editor = open(&original);
        for e in &edits {
            apply(&mut editor, e);
        }
        let text = editor.text();
        let checked = Level::check_text(&text, "test").expect("saved text reads back");
        let mut read = checked.level;
        read.name = "test".into();
        prop_assert_eq!(normalised(&read), normalised(editor.level()));
        prop_assert_eq!(comment_lines(&text), comment_lines(&original));
        prop_assert_eq!(open(&text).text(), text.clone());

        let mut undone = 0;
        while editor.undo() {
            undone += 1;
        }
        prop_assert_eq!(editor.text(), original.clone());
        prop_assert!(!editor.is_modified());
        for _ in 0..undone {
            prop_assert!(editor.redo());
        }
        prop_assert_eq!(editor.text(), text);
    }

    /// Growing a side and shrinking it again leaves the level as it was.
    #[test]
    fn growing_then_shrinking_a_side_is_no_change(original in file(), side in 0usize..4) {
        let mut editor = open(&original);
        let side = [Side::Top, Side::Bottom, Side::Left, Side::Right][side];
        let before = editor.level().clone();
        prop_assert!(editor.resize(side, true));
        prop_assert!(editor.resize(side, false));
        prop_assert_eq!(editor.level(), &before);
        prop_assert_eq!(editor.text(), original);
    }
}

/// A copy of a level the game must not write (a built-in one) is saved in the user's levels
/// under a title that says it is a copy, so the two lists do not show one name twice.
#[test]
fn a_copy_is_titled_as_a_copy() {
    let level = Level::parse("@name: 03 Fortress\n2 2\n", "03-fortress").unwrap();
    let path = std::env::temp_dir().join(format!("breakout-copy-{}.lvl", std::process::id()));
    let editor = Editor::copy_of(&level, path.clone());
    assert_eq!(editor.level().title.as_deref(), Some("03 Fortress (copy)"));
    assert_eq!(copy_title("03 Fortress (copy)"), "03 Fortress (copy)");
    assert!(!path.exists(), "nothing saved yet");
}
