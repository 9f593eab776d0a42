//! The "A first session" transcript is real (it was the README's; it is now in docs/cli.md,
//! the command line's guide, which the README links): every `$` line runs in a scratch
//! directory (with `tests/` pointing at the repository's), through `sh`, with the built
//! `gdvariant` first on `PATH`, and what it prints (stdout and stderr, in order) must be the
//! lines that follow it, exactly.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The transcript: `(command, expected lines)` in order.
fn transcript() -> Vec<(String, Vec<String>)> {
    let guide = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/cli.md");
    let text = std::fs::read_to_string(guide).unwrap();
    let start = text
        .find("<!-- transcript:begin -->")
        .expect("begin marker");
    let end = text.find("<!-- transcript:end -->").expect("end marker");
    let block = &text[start..end];
    let body = block
        .split_once("```console\n")
        .and_then(|(_, rest)| rest.rsplit_once("```"))
        .map(|(body, _)| body)
        .expect("a console block");
    let mut steps: Vec<(String, Vec<String>)> = Vec::new();
    for line in body.lines() {
        match line.strip_prefix("$ ") {
            Some(command) => steps.push((command.to_string(), Vec::new())),
            None => steps
                .last_mut()
                .expect("output before any command")
                .1
                .push(line.to_string()),
        }
    }
    steps
}

fn has(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn the_readme_first_session_prints_what_it_says() {
    let steps = transcript();
    assert!(steps.len() >= 10, "{} steps", steps.len());
    let dir = std::env::temp_dir().join(format!("gdvariant-transcript-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let tests = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests");
    std::os::unix::fs::symlink(tests.canonicalize().unwrap(), dir.join("tests")).unwrap();
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_gdvariant"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let jq = has("jq");
    for (command, expected) in steps {
        if command.contains("jq") && !jq {
            // The steps from here pipe through jq. CI installs it (`.ci/run`): there, its
            // absence fails the test instead of passing it untried.
            assert!(
                std::env::var_os("CI").is_none(),
                "jq is not installed, and CI is set: the transcript's jq steps cannot run"
            );
            eprintln!("SKIPPED (jq is not installed; apt-get install jq): {command} and after");
            break;
        }
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("exec 2>&1\n{command}"))
            .current_dir(&dir)
            .env("PATH", &path)
            .env("NO_COLOR", "1")
            .env_remove("GDVARIANT_PASSWORD")
            .env_remove("GDVARIANT_KEY")
            .output()
            .unwrap();
        let got = String::from_utf8(out.stdout).unwrap();
        let got: Vec<&str> = got.lines().collect();
        assert_eq!(got, expected, "$ {command}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
