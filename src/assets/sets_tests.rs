//! Tests of level-set discovery, opening and the command line's set and level arguments, on
//! temporary directories of synthetic files.

use super::*;
use std::ffi::OsStr;

/// A fresh empty directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("breakout-sets-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `text` to `dir/rel`, creating directories.
fn write(dir: &Path, rel: &str, text: &str) -> PathBuf {
    let path = dir.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn data_dirs_default_when_unset_or_empty_and_drop_relative_entries() {
    let default = vec![
        PathBuf::from("/usr/local/share"),
        PathBuf::from("/usr/share"),
    ];
    assert_eq!(data_dirs(None), default);
    assert_eq!(data_dirs(Some(OsStr::new(""))), default);
    assert_eq!(data_dirs(Some(OsStr::new("relative:also/rel"))), default);
    assert_eq!(
        data_dirs(Some(OsStr::new("/a:rel:/b/c"))),
        vec![PathBuf::from("/a"), PathBuf::from("/b/c")]
    );
}

#[cfg(unix)] // a symlink below; the Windows check (.ci/package-check) compiles the tests
#[test]
fn discovery_lists_shipped_user_imported_and_installed_sets_in_order() {
    let root = temp_dir("discover");
    let user = root.join("user");
    write(&user, "mine.lvl", "2\n");
    write(&user, "b-set/01-x.lvl", "2\n");
    write(&user, "a-set/01-y.lvl", "2\n");
    write(&user, "empty-set/readme.txt", "no levels here\n");
    let share = root.join("share");
    // Foreign files are only listed, never read: their content does not matter here.
    write(&share, "games/lbreakout2/levels/Zed", "not read");
    write(&share, "games/lbreakout2/levels/Arkanoid", "not read");
    write(&share, "games/lbreakout2/levels/.hidden", "not read");
    write(&share, "kbreakout/levelsets/default.levelset", "");
    write(&share, "kbreakout/levelsets/notes.txt", "");
    write(&share, "games/sdl-ball/default/levels.txt", "");
    write(&share, "games/sdl-ball/dio-sound-theme/snd/x.ogg", "");
    write(&share, "games/sdl-ball/themes/neon/levels.txt", "");
    write(&share, "games/gnome-breakout/levels/mmack.gbl", "");
    let other = root.join("other");
    write(&other, "games/gnome-breakout/levels/alcaron.gbl", "");
    // The same files again through a link: listed once.
    std::os::unix::fs::symlink(&share, root.join("share-link")).unwrap();
    let data = vec![
        share.clone(),
        root.join("share-link"),
        other.clone(),
        root.join("none"),
    ];

    let sets = discover(Some(&user), &data);
    let labels: Vec<String> = sets.iter().map(LevelSetSource::label).collect();
    assert_eq!(
        labels,
        [
            "Breakout",
            "My levels",
            "a-set",
            "b-set",
            "LBreakout2: Arkanoid",
            "LBreakout2: Zed",
            "KBreakOut: default",
            "SDL-Ball: default",
            "SDL-Ball: neon",
            "gnome-breakout: mmack",
            "gnome-breakout: alcaron",
        ]
    );
    assert_eq!(sets[1], LevelSetSource::UserDir(user.clone()));
    assert_eq!(sets[2], LevelSetSource::Directory(user.join("a-set")));
    assert_eq!(
        sets[4],
        LevelSetSource::Foreign {
            path: share.join("games/lbreakout2/levels/Arkanoid"),
            format: Some(Format::LBreakout2)
        }
    );
    // No user directory, no data: the shipped set alone.
    assert_eq!(discover(None, &[]), [LevelSetSource::Shipped]);
    // A user directory without .lvl files of its own is not a set; its subdirectories still are.
    std::fs::remove_file(user.join("mine.lvl")).unwrap();
    let sets = discover(Some(&user), &[]);
    assert_eq!(sets.len(), 3, "{sets:?}");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_directory_set_opens_in_file_name_order_and_lists_broken_levels() {
    let dir = temp_dir("open");
    write(&dir, "02-second.lvl", "@name: Second\n2 2\n");
    write(&dir, "01-first.lvl", "2\n");
    write(&dir, "03-broken.lvl", "2 Q\n");
    write(&dir, "notes.txt", "not a level\n");
    let set = LevelSetSource::Directory(dir.clone());
    assert_eq!(set.count_hint(&Assets::built_in()), Some(3));
    let opened = set.open(&Assets::built_in()).expect("opens");
    let names: Vec<&str> = opened.levels.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["01-first", "Second", "03-broken (invalid)"]);
    assert_eq!(opened.levels[1].source.key(), "02-second.lvl");
    assert!(opened.levels[2].source.load().is_err());
    assert_eq!(opened.find_level("2").unwrap(), 1);
    assert_eq!(opened.find_level("02-SECOND").unwrap(), 1);
    assert_eq!(opened.find_level("second").unwrap(), 1);
    assert_eq!(opened.find_level("01-first.lvl").unwrap(), 0);
    for bad in ["0", "4", "nope"] {
        let err = opened.find_level(bad).unwrap_err().to_string();
        assert!(
            err.contains(&format!("'{bad}'")) && err.contains("1 to 3"),
            "{err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sets_that_cannot_be_played_are_errors_not_panics() {
    let dir = temp_dir("bad");
    let empty = LevelSetSource::Directory(dir.join("nothing"));
    let err = empty.open(&Assets::built_in()).unwrap_err();
    assert!(matches!(err, SetError::Empty { .. }), "{err}");
    let garbage = write(&dir, "garbage.bin", "\u{0}\u{1}binary");
    let foreign = LevelSetSource::Foreign {
        path: garbage.clone(),
        format: None,
    };
    let err = foreign.open(&Assets::built_in()).unwrap_err().to_string();
    assert!(err.starts_with(&garbage.display().to_string()), "{err}");
    let missing = LevelSetSource::Foreign {
        path: dir.join("missing"),
        format: Some(Format::Gnome),
    };
    assert!(missing.open(&Assets::built_in()).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_shipped_set_holds_the_shipped_levels() {
    let opened = LevelSetSource::Shipped.open(&Assets::built_in()).unwrap();
    assert_eq!(opened.levels.len(), 8);
    assert_eq!(opened.levels[0].name, "01 First Steps");
    assert_eq!(opened.levels[7].source.key(), "08-citadel.lvl");
    assert_eq!(LevelSetSource::Shipped.key(), SHIPPED_KEY);
}

#[test]
fn set_arguments_name_directories_files_or_known_sets() {
    let root = temp_dir("args");
    let user = root.join("user");
    write(&user, "one.lvl", "2\n");
    write(&user, "imported/01-a.lvl", "2\n");
    write(&user, "imported/02-b.lvl", "3\n");
    let file = write(&root, "set.txt", "anything");
    let known = discover(Some(&user), &[]);
    let resolve = |arg: &str| resolve_set_arg(arg, Some(&user), &known);
    assert_eq!(
        resolve(&user.display().to_string()).unwrap(),
        LevelSetSource::UserDir(user.clone())
    );
    assert_eq!(
        resolve(&root.display().to_string()).unwrap(),
        LevelSetSource::Directory(root.clone())
    );
    assert_eq!(
        resolve(&file.display().to_string()).unwrap(),
        LevelSetSource::Foreign {
            path: file.clone(),
            format: None
        }
    );
    assert_eq!(resolve("IMPORTED").unwrap(), known[2]);
    assert_eq!(resolve("shipped").unwrap(), LevelSetSource::Shipped);
    assert_eq!(resolve("my levels").unwrap(), known[1]);
    let err = resolve("no-such-set").unwrap_err().to_string();
    assert!(
        err.starts_with("no-such-set: ") && err.contains("Breakout"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

/// `--set` takes a set's name as the menu shows it, and the menu shows a gnome-breakout set by
/// its own title once read.
#[test]
fn a_gnome_breakout_set_is_found_by_its_title() {
    let root = temp_dir("gnome-title");
    let mut text = String::from("TITLE Michael's Levels\nBEGIN_LEVEL\nBEGIN_DATA\n");
    text += "1,1,1,1,1,1,1,1,1,1\n";
    text += &"0,0,0,0,0,0,0,0,0,0\n".repeat(14);
    text += "END_DATA\nEND_LEVEL\n";
    write(
        &root,
        "share/games/gnome-breakout/levels/alcaron.gbl",
        &text,
    );
    let known = discover(None, &[root.join("share")]);
    assert_eq!(known[1].label(), "gnome-breakout: alcaron");
    for arg in [
        "gnome-breakout: Michael's Levels",
        "michael's levels",
        "alcaron",
    ] {
        assert_eq!(
            resolve_set_arg(arg, None, &known).unwrap(),
            known[1],
            "{arg}"
        );
    }
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_level_alone_starts_its_set_at_that_level() {
    let root = temp_dir("start");
    let user = root.join("user");
    write(&user, "one.lvl", "2\n");
    write(&user, "two.lvl", "2\n");
    let dir = root.join("elsewhere");
    write(&dir, "a.lvl", "2\n");
    let b = write(&dir, "b.lvl", "2\n");
    let assets = Assets::built_in();
    let start = |set: Option<&str>, level: Option<&str>| {
        resolve_start(&assets, Some(&user), &[], set, level)
            .unwrap()
            .map(|(set, index)| (set.source, index))
    };
    assert_eq!(start(None, None), None);
    assert_eq!(
        start(None, Some("03-fortress")),
        Some((LevelSetSource::Shipped, 2))
    );
    assert_eq!(
        start(None, Some("two")),
        Some((LevelSetSource::UserDir(user.clone()), 1))
    );
    assert_eq!(
        start(None, Some(&b.display().to_string())),
        Some((LevelSetSource::Directory(dir.clone()), 1))
    );
    let dir_arg = dir.display().to_string();
    assert_eq!(
        start(Some(&dir_arg), None),
        Some((LevelSetSource::Directory(dir.clone()), 0))
    );
    assert_eq!(
        start(Some(&dir_arg), Some("2")),
        Some((LevelSetSource::Directory(dir.clone()), 1))
    );
    assert!(resolve_start(&assets, Some(&user), &[], Some(&dir_arg), Some("3")).is_err());
    assert!(resolve_start(&assets, Some(&user), &[], None, Some("nope")).is_err());
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn simulate_all_finds_a_directory_set_or_the_foreign_files_of_a_directory() {
    let root = temp_dir("all");
    write(&root, "lvl/01-a.lvl", "2\n");
    write(&root, "lvl/other.set", "Level:\n");
    assert_eq!(
        sets_at(&root.join("lvl")),
        [LevelSetSource::Directory(root.join("lvl"))]
    );
    // Synthetic files with each format's marker (see import::detect); others are left out.
    write(&root, "foreign/b", "Level:\nsomething\n");
    write(&root, "foreign/a.gbl", "BEGIN_LEVEL\n");
    write(&root, "foreign/readme", "just words\n");
    let found: Vec<String> = sets_at(&root.join("foreign"))
        .iter()
        .map(LevelSetSource::name)
        .collect();
    assert_eq!(found, ["a", "b"]);
    let file = root.join("foreign/b");
    assert_eq!(
        sets_at(&file),
        [LevelSetSource::Foreign {
            path: file.clone(),
            format: None
        }]
    );
    let _ = std::fs::remove_dir_all(&root);
}
