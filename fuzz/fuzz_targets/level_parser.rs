//! Fuzz target: the level parser on arbitrary bytes.
//!
//! * `Level::parse_bytes` and `Level::parse_with_warnings` never panic, whatever the input;
//! * a level the parser accepts, written out with `to_text`, parses back to the same level
//!   (grid, extensions, title and author — `name` is the source name, so it is set equal first);
//! * parsing with warnings accepts exactly what parsing without them accepts.
//!
//! Run it with the command in `docs/levels.md`, section "Fuzzing the parser".

#![no_main]

use breakout::level::Level;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let parsed = Level::parse_bytes(data, "fuzz");
    if let Ok(text) = std::str::from_utf8(data) {
        let with_warnings = Level::parse_with_warnings(text, "fuzz");
        assert_eq!(
            parsed.as_ref().ok(),
            with_warnings.as_ref().ok().map(|(level, _)| level),
            "parse_bytes and parse_with_warnings disagree"
        );
        if let Ok((level, warnings)) = &with_warnings {
            for w in warnings {
                assert!(w.line >= 1 && w.column >= 1, "warning without a position: {w:?}");
            }
            assert_eq!(level.cells.len(), level.rows * level.cols);
        }
    }
    if let Ok(level) = parsed {
        let text = level.to_text();
        let mut again = match Level::parse(&text, "round trip") {
            Ok(again) => again,
            Err(e) => panic!("to_text wrote a level the parser rejects:\n{text}\n{e}"),
        };
        again.name = level.name.clone();
        assert_eq!(again.rows, level.rows, "rows\n{text}");
        assert_eq!(again.cols, level.cols, "cols\n{text}");
        assert_eq!(again.cells, level.cells, "grid\n{text}");
        assert_eq!(again.extras, level.extras, "extras\n{text}");
        assert_eq!(again.title, level.title, "title\n{text}");
        assert_eq!(again.author, level.author, "author\n{text}");
        assert_eq!(again, level, "level\n{text}");
    }
});
