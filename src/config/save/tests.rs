use super::*;
use crate::collision::CollisionMode;
use proptest::prelude::*;

/// A player's file: comments above and after values, blank lines, a section the game never
/// writes, odd spacing.
const COMMENTED: &str = "# my settings\n\
[audio]\n\
# quieter at night\n\
music_volume   = 0.25   # was 0.5\n\
\n\
[powerups.chance]\n\
frozen = 0.01 # rare\n\
\n\
[collision]\n\
mode = \"zones\" # my favourite\n";

#[test]
fn a_changed_value_keeps_its_comments_and_every_other_line() {
    let (before, problems) = Config::parse_lenient(COMMENTED);
    assert!(problems.is_empty(), "{problems:?}");
    let mut now = before.clone();
    now.audio.music_volume = 0.8;
    now.collision.mode = CollisionMode::Swept;
    let text = apply(COMMENTED, &now.changes_since(&before)).unwrap();
    assert_eq!(
        text,
        COMMENTED
            .replace(
                "music_volume   = 0.25   # was 0.5",
                "music_volume   = 0.8   # was 0.5"
            )
            .replace(
                "mode = \"zones\" # my favourite",
                "mode = \"swept\" # my favourite"
            ),
    );
    assert_eq!(Config::parse(&text, Path::new("t")).unwrap(), now);
}

#[test]
fn new_settings_go_to_their_section_and_new_sections_at_the_end() {
    let (before, _) = Config::parse_lenient(COMMENTED);
    let mut now = before.clone();
    now.audio.effects_volume = 0.5;
    now.video.fullscreen = true;
    now.window.width = Some(1024);
    let text = apply(COMMENTED, &now.changes_since(&before)).unwrap();
    assert!(
        text.starts_with(
            "# my settings\n[audio]\n# quieter at night\nmusic_volume   = 0.25   # was 0.5\neffects_volume = 0.5\n"
        ),
        "{text}"
    );
    assert!(
        text.ends_with("mode = \"zones\" # my favourite\n\n[video]\nfullscreen = true\n\n[window]\nwidth = 1024\n"),
        "{text}"
    );
    assert_eq!(Config::parse(&text, Path::new("t")).unwrap(), now);
}

#[test]
fn nothing_changed_writes_nothing_and_unmanaged_mistakes_stay() {
    let broken_value = "[audio]\nmusic_volume = 7 # too loud\n";
    let (before, problems) = Config::parse_lenient(broken_value);
    assert_eq!(problems.len(), 1);
    assert!(before.changes_since(&before).is_empty());
    let mut now = before.clone();
    now.audio.effects_volume = 0.1;
    let text = apply(broken_value, &now.changes_since(&before)).unwrap();
    assert_eq!(
        text, "[audio]\nmusic_volume = 7 # too loud\neffects_volume = 0.1\n",
        "the player's mistake is theirs to fix"
    );
}

#[test]
fn a_file_that_is_not_toml_is_refused_with_its_position() {
    let change = [Change::number("audio", "music_volume", 0.5)];
    let err = apply("[audio]\nmusic_volume = = 3\n", &change).unwrap_err();
    let EditError::NotToml(problem) = err else {
        panic!("{err:?}")
    };
    assert_eq!(problem.line, 2, "{problem}");
    assert_eq!(
        apply("audio = 3\n", &change),
        Err(EditError::NotASection(
            "audio".into(),
            "music_volume".into()
        ))
    );
}

#[test]
fn save_creates_the_file_and_its_directory_and_leaves_a_broken_file_alone() {
    let dir = std::env::temp_dir().join(format!("breakout-save-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.join("sub").join("breakout.toml");
    save(&path, &[Change::new("video", "vsync", false)]).unwrap();
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "[video]\nvsync = false\n"
    );
    std::fs::write(&path, "[video\nvsync = true\n").unwrap();
    let err = save(&path, &[Change::new("video", "vsync", false)]).unwrap_err();
    assert!(
        matches!(&err, SaveError::NotToml { problem, .. } if problem.line == 1),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "[video\nvsync = true\n",
        "untouched"
    );
    let leftovers = std::fs::read_dir(path.parent().unwrap()).unwrap().count();
    assert_eq!(leftovers, 1, "no temporary file left behind");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Regression (found by a play-test): the game now starts with a file that is not UTF-8
/// (read as U+FFFD where it is not), so saving must not write that reading back over the
/// player's bytes. Saving into such a file is refused, saying where, and the file stays byte
/// for byte (no temporary file or backup left either).
#[test]
fn a_file_that_is_not_utf8_is_never_saved_into_and_the_refusal_says_where() {
    let dir = std::env::temp_dir().join(format!("breakout-save-latin1-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("breakout.toml");
    let bytes = b"[audio] # r\xE9glages\nmusic_volume = 0.25\n";
    std::fs::write(&path, bytes).unwrap();
    let mut file = ConfigFile::new(crate::config::Loaded {
        config: Config::parse_lenient_bytes(bytes).0,
        path: Some(path.clone()),
        read: true,
        problems: Vec::new(),
    });
    file.now.audio.muted = true;
    let err = file.save().unwrap_err();
    let SaveError::NotUtf8 { problem, .. } = &err else {
        panic!("{err}")
    };
    assert_eq!((problem.line, problem.column), (1, 12), "{problem}");
    let text = err.to_string();
    assert!(
        text.contains("not UTF-8 at byte offset 11 (line 1)") && text.contains("not changed"),
        "{text}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), bytes, "untouched");
    assert!(file.unsaved(), "the change is still to be saved");
    let left = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(left, 1, "nothing written beside it");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Mute (the M key) is remembered as `[audio] muted`: written in place with its comment,
/// added to `[audio]` when the file lacks it, and read back.
/// Found by the `config` fuzz target: a file giving launch's only default key to pause leaves
/// launch with none; written back, that was `launch = []`, which the reader refuses.
#[test]
fn an_action_left_without_keys_is_not_written_and_reads_back_the_same() {
    let (config, problems) = Config::parse_lenient("[keys]\npause = [\"W\", \"Space\"]\n");
    assert!(problems.is_empty(), "{problems:?}");
    let launch = crate::bindings::Action::Launch;
    assert!(config.keys.bindings().keys(launch).is_empty());
    let written = apply("", &config.changes_since(&Config::default())).unwrap();
    assert!(!written.contains("launch"), "{written}");
    let (again, problems) = Config::parse_lenient(&written);
    assert!(problems.is_empty(), "{problems:?} in {written}");
    assert_eq!(again.keys.bindings(), config.keys.bindings());
}

#[test]
fn mute_is_written_in_place_and_read_back() {
    let (before, _) = Config::parse_lenient(COMMENTED);
    assert!(!before.audio.muted, "not muted by default");
    let mut now = before.clone();
    now.audio.muted = true;
    let text = apply(COMMENTED, &now.changes_since(&before)).unwrap();
    assert_eq!(
        text,
        COMMENTED.replace("# was 0.5\n", "# was 0.5\nmuted = true\n"),
        "added to [audio], every other line kept"
    );
    assert!(Config::parse(&text, Path::new("t")).unwrap().audio.muted);
    // Unmuted again: the same line changes, its comment stays.
    let commented = text.replace("muted = true", "muted = true # shh");
    let (muted, _) = Config::parse_lenient(&commented);
    let mut unmuted = muted.clone();
    unmuted.audio.muted = false;
    let text = apply(&commented, &unmuted.changes_since(&muted)).unwrap();
    assert_eq!(text, commented.replace("muted = true", "muted = false"));
    assert!(!Config::parse(&text, Path::new("t")).unwrap().audio.muted);
    // A value that is not true or false costs only that setting.
    let (config, problems) = Config::parse_lenient("[audio]\nmuted = 1\nmusic_volume = 0.2\n");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!((problems[0].line, config.audio.muted), (2, false));
    assert_eq!(config.audio.music_volume, 0.2);
}

/// Any of the settings the game writes, in any combination.
fn settings() -> impl Strategy<Value = Config> {
    let volume = prop_oneof![
        Just(0.0f32),
        Just(1.0f32),
        (0u32..=100).prop_map(|v| v as f32 / 100.0)
    ];
    (
        (
            volume.clone(),
            volume,
            0.0f32..5000.0,
            0u32..=500,
            any::<bool>(),
        ),
        (
            0..CollisionMode::ALL.len(),
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
        ),
        proptest::option::of((480u32..4000, 360u32..3000, -500i32..4000, -500i32..3000)),
        (
            50u32..=100,
            proptest::option::of(prop_oneof![Just(0u32), 30u32..=1000]),
            0..crate::sim::Difficulty::ALL.len(),
        ),
    )
        .prop_map(
            |(
                (music, fx, trail, burst, screen),
                (mode, vsync, full, muted),
                window,
                (speed, cap, difficulty),
            )| {
                let mut c = Config::default();
                c.audio.music_volume = music;
                c.audio.effects_volume = fx;
                c.audio.muted = muted;
                c.effects.trail_rate = trail;
                c.effects.burst_particles = burst;
                c.effects.screen_effects = screen;
                c.collision.mode = CollisionMode::ALL[mode];
                c.video.vsync = vsync;
                c.video.fullscreen = full;
                c.video.frame_cap = cap;
                c.game.speed = speed;
                c.game.difficulty = crate::sim::Difficulty::ALL[difficulty];
                if let Some((w, h, x, y)) = window {
                    c.window = crate::config::WindowConfig {
                        width: Some(w),
                        height: Some(h),
                        x: Some(x),
                        y: Some(y),
                    };
                }
                c
            },
        )
}

/// The comment lines of a TOML text, in order.
fn comments(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|l| l.find('#').map(|i| &l[i..]))
        .collect()
}

proptest! {
    /// Whatever the player set, the saved file reads back as exactly those settings (the real
    /// parser is the oracle), every comment of the original is still there in order, and
    /// saving again with nothing changed gives the same bytes.
    #[test]
    fn saved_settings_read_back_and_comments_survive(a in settings(), b in settings()) {
        let (base, _) = Config::parse_lenient(COMMENTED);
        // Start from a file holding `a` (written by the game into the player's file), then
        // change to `b`.
        let first = apply(COMMENTED, &a.changes_since(&base)).unwrap();
        let mut a_seen = Config::parse(&first, Path::new("t")).unwrap();
        a_seen.powerups = a.powerups;
        prop_assert_eq!(&a_seen, &a);
        let second = apply(&first, &b.changes_since(&a)).unwrap();
        let read = Config::parse(&second, Path::new("t")).unwrap();
        // A window position once written stays unless a new one replaces it.
        let mut expected = b.clone();
        if b.window.width.is_none() {
            expected.window = a.window;
        }
        // So does a frame cap once chosen.
        if b.video.frame_cap.is_none() {
            expected.video.frame_cap = a.video.frame_cap;
        }
        expected.powerups = read.powerups;
        prop_assert_eq!(read, expected);
        let original = comments(COMMENTED);
        prop_assert_eq!(comments(&second), original);
        prop_assert_eq!(apply(&second, &[]).unwrap(), second);
    }
}

/// toml_edit kept a file's last comments last, so a section the game added went above them:
/// the comment ended up under the wrong section.
#[test]
fn comments_at_the_end_of_the_file_stay_above_a_new_section() {
    let text = "[audio]\nmusic_volume = 0.5\n\n# my notes: keep it quiet\n";
    let changed = apply(text, &[Change::new("video", "vsync", false)]).unwrap();
    assert_eq!(
        changed,
        "[audio]\nmusic_volume = 0.5\n\n# my notes: keep it quiet\n\n[video]\nvsync = false\n"
    );
    let unchanged = apply(text, &[Change::number("audio", "music_volume", 0.25)]).unwrap();
    assert_eq!(
        unchanged,
        text.replace("0.5", "0.25"),
        "no new section: nothing moves"
    );
}
