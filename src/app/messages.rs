//! Messages for the player made from other crates' errors.

/// winit's OS errors read "os error at FILE:LINE: MESSAGE", FILE being a path inside
/// winit's sources on the build machine; a player needs the message only (a play-test saw the
/// path).
pub(super) fn without_source_location(message: &str) -> String {
    const MARK: &str = "os error at ";
    match message.find(MARK) {
        Some(at) => {
            let rest = &message[at + MARK.len()..];
            let said = rest.split_once(": ").map_or(rest, |(_, m)| m);
            format!("{}{said}", &message[..at])
        }
        None => message.to_string(),
    }
}
