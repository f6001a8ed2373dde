//! Fitting text into a width counted in characters (the font is monospaced, so a width in
//! pixels is [`super::chars_in`] characters): cutting with an ellipsis, and breaking into lines.

/// `text` cut to at most `max` characters, ending with `...` when cut (and then trimmed of the
/// spaces before the dots).
pub fn ellipsize(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    if max <= 3 {
        return ".".repeat(max);
    }
    let cut: String = text.chars().take(max - 3).collect();
    format!("{}...", cut.trim_end())
}

/// `text` broken at spaces into lines of at most `max` characters (a word longer than a line
/// is cut), at most `lines` of them, the last ending with `...` when the text goes on.
pub fn wrap(text: &str, max: usize, lines: usize) -> Vec<String> {
    let max = max.max(1);
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split(' ') {
        if !current.is_empty() && current.chars().count() + 1 + word.chars().count() > max {
            out.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(word);
    }
    out.push(current);
    if lines == 0 {
        return Vec::new();
    }
    if out.len() > lines {
        let rest = out.split_off(lines - 1).join(" ");
        out.push(ellipsize(&rest, max));
    }
    out.into_iter().map(|l| ellipsize(&l, max)).collect()
}

/// `problem` without the directories of the level file it starts with
/// (`/a/b/level.lvl:3:1: …` gives `level.lvl:3:1: …`): the name is enough to recognise the
/// file, and the line keeps its room for the message.
pub fn without_directories(problem: &str) -> &str {
    let file_end = problem.find(".lvl:").unwrap_or(0);
    match problem[..file_end].rfind(['/', '\\']) {
        Some(slash) => &problem[slash + 1..],
        None => problem,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ellipsize_keeps_short_text_and_cuts_long_text_with_dots() {
        assert_eq!(ellipsize("short", 10), "short");
        assert_eq!(ellipsize("exactly10!", 10), "exactly10!");
        assert_eq!(ellipsize("a name that is too long", 10), "a name...");
        assert_eq!(ellipsize("anything", 2), "..");
    }

    #[test]
    fn wrap_breaks_at_spaces_and_ends_a_cut_text_with_dots() {
        let text = "one two three four five six seven";
        assert_eq!(
            wrap(text, 9, 9),
            ["one two", "three", "four five", "six seven"]
        );
        let two = wrap(text, 9, 2);
        assert_eq!(two, ["one two", "three..."]);
        for line in wrap(&"x".repeat(40), 9, 3) {
            assert!(line.chars().count() <= 9, "{line}");
        }
        assert!(wrap(text, 9, 0).is_empty());
    }

    #[test]
    fn problems_lose_their_directories_only() {
        assert_eq!(without_directories("/a/b/x.lvl:3:1: bad"), "x.lvl:3:1: bad");
        assert_eq!(without_directories("x.lvl:3:1: a/b"), "x.lvl:3:1: a/b");
        assert_eq!(without_directories("no file: a/b"), "no file: a/b");
    }
}
