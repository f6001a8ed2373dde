//! A file dropped on the browser's page, decided natively (`breakout::app::dropped::classify`):
//! a level is played, a replay watched, another game's set opened, anything else one message
//! naming the file.

use breakout::app::dropped::{classify, Dropped, MAX_BYTES};

/// What `classify` made of the file, as a word, or its message.
fn kind(name: &str, bytes: &[u8]) -> Result<&'static str, String> {
    classify(name, bytes).map(|d| match d {
        Dropped::Level(_) => "level",
        Dropped::Set(_) => "set",
        Dropped::Replay(_) => "replay",
    })
}

/// An LBreakout2 set file of `levels` levels, one row of bricks each.
fn lbreakout2_set(levels: usize) -> Vec<u8> {
    let mut out = String::from("Version: 1.00\n");
    for n in 0..levels {
        out.push_str(&format!("Level:\nTester\nLevel {n}\nBricks:\n"));
        for row in 0..18 {
            let line = if row == 2 {
                "aaaaaaaaaaaaaa"
            } else {
                ".............."
            };
            out.push_str(line);
            out.push('\n');
        }
        out.push_str("Bonus:\n");
        for _ in 0..18 {
            out.push_str("..............\n");
        }
    }
    out.into_bytes()
}

#[test]
fn a_level_is_played() {
    let bytes = std::fs::read("levels/02-gates.lvl").unwrap();
    assert_eq!(kind("02-gates.lvl", &bytes), Ok("level"));
    // Named otherwise (a LearnOpenGL `.txt` level), it is still a level.
    assert_eq!(kind("two.txt", b"1 1 1 1\n2 2 0 2\n"), Ok("level"));
    let Ok(Dropped::Level(level)) = classify("02-gates.lvl", &bytes) else {
        panic!("not a level")
    };
    assert_eq!(level.display_name(), "02 Gates");
}

#[test]
fn a_replay_is_watched_by_its_bytes_or_its_name() {
    let bytes = std::fs::read("tests/replays/multiball_chain.bkreplay").unwrap();
    assert_eq!(kind("multiball_chain.bkreplay", &bytes), Ok("replay"));
    assert_eq!(kind("renamed.bin", &bytes), Ok("replay"));
}

#[test]
fn another_game_s_set_is_opened() {
    let Ok(Dropped::Set(set)) = classify("MySet", &lbreakout2_set(2)) else {
        panic!("not a set")
    };
    assert_eq!(set.levels.len(), 2);
    assert_eq!(set.name, "LBreakout2: MySet");
}

#[test]
fn bad_bytes_are_one_message_naming_the_file() {
    let junk: Vec<u8> = (0..3000u32).map(|i| (i * 7919 % 251) as u8).collect();
    let cases: [(&str, &[u8], &str); 6] = [
        (
            "junk.bin",
            &junk,
            "junk.bin: not a level (.lvl), a replay (.bkreplay)",
        ),
        ("empty.lvl", b"", "empty.lvl: the file is empty"),
        ("bad.lvl", b"1 1 x\n1 1 1\nq q q\n", "bad.lvl:1:"),
        ("bad.bkreplay", b"BKREPLAY\x01", "bad.bkreplay"),
        ("cut", &lbreakout2_set(1)[..60], "cut:"),
        (
            "text.md",
            b"# Hello\nthis is not a level\n",
            "text.md: not a level",
        ),
    ];
    for (name, bytes, start) in cases {
        let message = kind(name, bytes).expect_err(name);
        assert!(message.starts_with(start), "{name}: {message}");
        assert_eq!(message.lines().count(), 1, "{name}: {message}");
    }
    let big = vec![b'1'; MAX_BYTES + 1];
    let message = kind("big.lvl", &big).unwrap_err();
    assert!(message.contains("too big"), "{message}");
}
