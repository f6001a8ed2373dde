//! `cargo xtask web --serve`: serves the built site on localhost for a person to try it in a
//! browser (a `.wasm` must come as `application/wasm`, and a module script over HTTP, not from
//! a `file://` address). Any static server does the same; this one needs nothing installed.

use anyhow::{anyhow, Result};
use std::path::{Component, Path, PathBuf};

/// Serves the files of `dir` at `http://localhost:PORT/` until the process is stopped (Ctrl+C).
/// Only the machine itself can reach it (it listens on 127.0.0.1).
///
/// # Errors
/// The port cannot be listened on (taken by another program, or below 1024 without rights).
pub fn serve(dir: &Path, port: u16) -> Result<()> {
    let server = tiny_http::Server::http(("127.0.0.1", port))
        .map_err(|e| anyhow!("cannot serve on port {port}: {e} (try --port N)"))?;
    println!(
        "serving {} at http://localhost:{port}/ (Ctrl+C stops)",
        dir.display()
    );
    for request in server.incoming_requests() {
        let response = match file_for(dir, request.url()) {
            Some(path) => match std::fs::read(&path) {
                Ok(bytes) => tiny_http::Response::from_data(bytes)
                    .with_header(header("Content-Type", content_type(&path))),
                Err(_) => not_found(),
            },
            None => not_found(),
        };
        if let Err(e) = request.respond(response) {
            eprintln!("a response was not sent: {e}");
        }
    }
    Ok(())
}

/// A 404 response.
fn not_found() -> tiny_http::Response<std::io::Cursor<Vec<u8>>> {
    tiny_http::Response::from_string("not found")
        .with_status_code(404)
        .with_header(header("Content-Type", "text/plain; charset=utf-8"))
}

/// The header `name: value` (both ASCII, so it always makes one).
fn header(name: &str, value: &str) -> tiny_http::Header {
    tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes())
        .expect("an ASCII header name and value")
}

/// The file of `dir` that the request path `url` names (its query dropped; `/` and a
/// directory are its `index.html`); `None` for a path that climbs out of `dir` (`..`) or
/// names no file.
pub fn file_for(dir: &Path, url: &str) -> Option<PathBuf> {
    let path = url.split(['?', '#']).next().unwrap_or_default();
    let relative = Path::new(path.trim_start_matches('/'));
    if !relative
        .components()
        .all(|c| matches!(c, Component::Normal(_)))
    {
        return None;
    }
    let mut file = dir.join(relative);
    if file.is_dir() {
        file = file.join("index.html");
    }
    file.is_file().then_some(file)
}

/// The `Content-Type` of the file `path`, from its extension (browsers refuse to compile a
/// `.wasm` served as anything but `application/wasm`, or to run a module script that is not
/// JavaScript).
pub fn content_type(path: &Path) -> &'static str {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default()
        .to_ascii_lowercase();
    match ext.as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "png" => "image/png",
        "svg" => "image/svg+xml",
        "ico" => "image/x-icon",
        "txt" | "lvl" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_s_files_have_the_types_browsers_need() {
        assert_eq!(content_type(Path::new("a/b_bg.wasm")), "application/wasm");
        assert_eq!(
            content_type(Path::new("breakout_web.js")),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(
            content_type(Path::new("index.HTML")),
            "text/html; charset=utf-8"
        );
        assert_eq!(
            content_type(Path::new("x.bkreplay")),
            "application/octet-stream"
        );
    }

    #[test]
    fn paths_resolve_inside_the_site_only() {
        let dir = std::env::temp_dir().join(format!("xtask-serve-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("index.html"), "x").unwrap();
        std::fs::write(dir.join("sub/a.js"), "x").unwrap();
        assert_eq!(file_for(&dir, "/"), Some(dir.join("index.html")));
        assert_eq!(
            file_for(&dir, "/?args=--level%2004"),
            Some(dir.join("index.html"))
        );
        assert_eq!(file_for(&dir, "/sub/a.js"), Some(dir.join("sub/a.js")));
        assert_eq!(file_for(&dir, "/../index.html"), None);
        assert_eq!(file_for(&dir, "/sub/../../etc/passwd"), None);
        assert_eq!(file_for(&dir, "/missing.wasm"), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
