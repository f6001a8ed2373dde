//! A crash in the field leaves a useful message: the panic hook of `src/main.rs` writes the
//! panic message, where it happened and the version to `crash.log` in the user's data
//! directory and says on stderr where that file is. `BREAKOUT_CRASH_TEST=1` makes the game
//! panic on purpose right after installing the hook.

use std::process::Command;

#[test]
fn a_panic_writes_the_crash_report_and_says_where() {
    let dir = std::env::temp_dir().join(format!("breakout-crash-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = Command::new(env!("CARGO_BIN_EXE_breakout"))
        .arg("--version")
        .env("BREAKOUT_CRASH_TEST", "1")
        .env("XDG_DATA_HOME", &dir)
        .output()
        .expect("run breakout");
    assert_eq!(out.status.code(), Some(101), "a panic's exit status");
    let report_path = dir.join("breakout").join("crash.log");
    let report = std::fs::read_to_string(&report_path)
        .unwrap_or_else(|e| panic!("{}: {e}", report_path.display()));
    assert!(
        report.starts_with(&format!("breakout {} crashed", env!("CARGO_PKG_VERSION"))),
        "{report}"
    );
    assert!(report.contains("a crash on purpose"), "{report}");
    assert!(
        report.contains("src/main.rs"),
        "where it panicked: {report}"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("a crash on purpose"), "{stderr}");
    assert!(
        stderr.contains(&format!("the report is in {}", report_path.display())),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn without_the_variable_nothing_is_written() {
    let dir = std::env::temp_dir().join(format!("breakout-nocrash-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = Command::new(env!("CARGO_BIN_EXE_breakout"))
        .arg("--version")
        .env_remove("BREAKOUT_CRASH_TEST")
        .env("XDG_DATA_HOME", &dir)
        .output()
        .expect("run breakout");
    assert!(out.status.success());
    assert!(!dir.join("breakout").join("crash.log").exists());
}
