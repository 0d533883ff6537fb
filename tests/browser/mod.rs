//! A headless Chromium driven over WebDriver (chromedriver) with
//! `fantoccini`, shared by the browser tests. [`Browser`] owns the driver
//! and everything it started: chromedriver runs in a process group of its
//! own and the whole group (Chromium included) is killed when the browser
//! is dropped, also when a test panics, so no browser outlives its test.

#![allow(dead_code)] // each test file uses a part

use fantoccini::{ClientBuilder, Locator};
use serde_json::{json, Value};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn which(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path).chain([PathBuf::from("/usr/lib/chromium")]) {
        for n in names {
            let p = dir.join(n);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    None
}

/// chromedriver and every process it started (its process group).
struct Driver {
    child: Child,
    profile: PathBuf,
}

impl Drop for Driver {
    /// Kills the group: chromedriver, Chromium and Chromium's helpers.
    fn drop(&mut self) {
        let group = format!("-{}", self.child.id());
        for signal in ["-TERM", "-KILL"] {
            let _ = Command::new("kill")
                .args([signal, "--", &group])
                .stderr(Stdio::null())
                .status();
            std::thread::sleep(Duration::from_millis(200));
        }
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// A WebDriver session on a headless Chromium of its own.
pub struct Browser {
    pub c: fantoccini::Client,
    _driver: Driver,
}

/// Chromium and chromedriver, or None (after saying why) when they are not
/// installed; under `CI=true` their absence fails instead.
pub fn installed() -> Option<(PathBuf, PathBuf)> {
    match (
        which(&["chromium", "chromium-browser", "google-chrome"]),
        which(&["chromedriver"]),
    ) {
        (Some(c), Some(d)) => Some((c, d)),
        _ => {
            if std::env::var("CI").as_deref() == Ok("true") {
                panic!("CI=true but chromium or chromedriver is missing (.ci/run installs them)");
            }
            eprintln!(
                "browser test skipped: chromium and chromedriver not found \
                 (apt-get install chromium chromium-driver)"
            );
            None
        }
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts chromedriver and a headless Chromium with a window of `w`×`h`.
pub async fn start(chromium: &Path, driver: &Path, w: u32, h: u32) -> Browser {
    let port = free_port();
    let tag = format!("{}-{port}", std::process::id());
    let profile = std::env::temp_dir().join(format!("menagerie-chromium-{tag}"));
    let _ = std::fs::remove_dir_all(&profile);
    let driver = Driver {
        child: Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .expect("start chromedriver"),
        profile: profile.clone(),
    };
    let caps: serde_json::Map<String, Value> = serde_json::from_value(json!({
        "goog:chromeOptions": {
            "binary": chromium.to_string_lossy(),
            "args": ["--headless", "--no-sandbox", "--disable-gpu",
                     "--disable-background-networking", "--disable-component-update",
                     "--disable-sync", "--no-first-run", format!("--window-size={w},{h}"),
                     format!("--user-data-dir={}", profile.display())],
        }
    }))
    .unwrap();
    let url = format!("http://127.0.0.1:{port}");
    let begin = Instant::now();
    let c = loop {
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        match ClientBuilder::new(connector)
            .capabilities(caps.clone())
            .connect(&url)
            .await
        {
            Ok(c) => break c,
            Err(e) if begin.elapsed() > Duration::from_secs(20) => panic!("webdriver: {e}"),
            Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
        }
    };
    Browser { c, _driver: driver }
}

pub async fn eval(c: &fantoccini::Client, script: &str) -> Value {
    c.execute(script, vec![]).await.expect(script)
}

/// Polls `script` until it returns true (at most `secs` seconds).
pub async fn wait_for(c: &fantoccini::Client, script: &str, secs: u64) {
    let start = Instant::now();
    loop {
        if eval(c, script).await == json!(true) {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(secs),
            "timed out: {script}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// [`wait_for`] with 20 s.
pub async fn wait_true(c: &fantoccini::Client, script: &str) {
    wait_for(c, script, 20).await
}

/// Opens `url` and waits for the page to show the variant.
pub async fn open(c: &fantoccini::Client, url: &str, variant: &str) {
    c.goto(url).await.unwrap();
    wait_true(
        c,
        &format!(
            "return !!(window.menagerie && menagerie.state && menagerie.state.variant === '{variant}')"
        ),
    )
    .await;
}

/// Clicks the element `css` matches.
pub async fn click(c: &fantoccini::Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"));
}

/// Script errors and `console.error` messages of the page so far (the
/// page collects them, see `pieces.js`).
pub async fn page_errors(c: &fantoccini::Client) -> Value {
    eval(c, "return window.menagerieErrors || []").await
}
