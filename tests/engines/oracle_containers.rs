//! The engine reads what we write (issue 21): for each engine (Godot 3.2.3, 3.6.2, 4.6.3),
//! each compression mode, a password and a raw key (and, for Godot 4, a caller's IV), the
//! values of the engine's own container fixtures and an edited copy of them are written
//! by `container::compress` / `encrypt` / `Container::wrap`, and the real engine opens each
//! file with `FileAccess.open_compressed` / `open_encrypted(_with_pass)`
//! (`tools/engines/read_container.sh`) and prints every value it reads. Those texts must
//! be exactly ours for the same bytes (whose text is proven equal to the engines' by the
//! other oracle tests), and for the unedited values exactly the fixture's engine texts.
//!
//! Ignored in plain `cargo test`; `tools/engines/test.sh` runs it.

use crate::common;
use crate::support;

use std::path::Path;
use std::process::Command;

use gdvariant::container::{
    compress, encrypt, open, Compression, Container, Layout, OpenOptions, Secret,
};
use gdvariant::frame::{detect, Hints};
use gdvariant::text::TextStyle;
use gdvariant::Dialect;

const PASSWORD: &str = "hunter2-Ünïcode";
/// Godot 3's `OS.get_environment` does not decode UTF-8 (the oracle script reads the
/// password from the environment), so its engines get an ASCII password; the fixtures
/// prove the non-ASCII derivation for Godot 3 (they were written with `PASSWORD`, and
/// `tests/it/containers.rs` reads and rewrites them byte for byte).
const ASCII_PASSWORD: &str = "hunter2-plain";
const KEY: &str = "0b30557a9fc4e90e33587da2c7ec11365b80a5caef14395e83a8cdf2173c6186";

/// The store_var frames the engine stored in `name`'s fixture of `engine`.
fn fixture_plain(engine: &str, name: &str) -> Vec<u8> {
    let path = common::fixtures_dir()
        .join("containers")
        .join(engine)
        .join(format!("{name}__gcpf_zstd.bin"));
    let file = std::fs::read(path).unwrap();
    open(&file, &OpenOptions::default())
        .unwrap()
        .into_bytes()
        .into_owned()
}

fn dialect(engine: &str) -> Dialect {
    if engine == "g4" {
        Dialect::Godot4
    } else {
        Dialect::Godot3
    }
}

fn style(engine: &str) -> TextStyle {
    support::style(engine)
}

/// Our texts of the frames in `plain`.
fn texts(plain: &[u8], engine: &str) -> Vec<String> {
    let hints = Hints {
        dialect: Some(dialect(engine)),
        prefixed: Some(true),
    };
    let found = detect(plain, hints).unwrap();
    found
        .values()
        .map(|v| v.text(style(engine)).to_string())
        .collect()
}

/// `plain` edited: the save's hp (87) made 100 through the text form, and one more value
/// stored at the end.
fn edited(plain: &[u8], engine: &str) -> Vec<u8> {
    let mut out = Vec::new();
    for text in texts(plain, engine) {
        let changed = text.replace("\"hp\": 87", "\"hp\": 100");
        let bytes = gdvariant::text::read(&changed, dialect(engine)).unwrap();
        let value = gdvariant::VariantRef::parse(&bytes, dialect(engine)).unwrap();
        gdvariant::frame::write(&mut out, value, gdvariant::frame::PrefixOrder::Little).unwrap();
    }
    let extra = gdvariant::text::read("\"edited by gdvariant\"", dialect(engine)).unwrap();
    let extra = gdvariant::VariantRef::parse(&extra, dialect(engine)).unwrap();
    gdvariant::frame::write(&mut out, extra, gdvariant::frame::PrefixOrder::Little).unwrap();
    out
}

/// What the engine read from `file`: its values' texts, or its error.
fn engine_reads(
    oracle: &Path,
    engine: &str,
    container: &str,
    file: &Path,
) -> Result<Vec<String>, String> {
    let out = Command::new("bash")
        .arg(oracle.join("read_container.sh"))
        .args([engine, container])
        .arg(file)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut values = Vec::new();
    let mut count = None;
    for line in stdout.lines() {
        if let Some(json) = line.strip_prefix("ORACLE-VALUE ") {
            values.push(serde_json::from_str::<String>(json).unwrap());
        } else if let Some(n) = line.strip_prefix("ORACLE-COUNT ") {
            count = n.trim().parse::<usize>().ok();
        }
    }
    match count {
        Some(n) if n == values.len() => Ok(values),
        _ => Err(stdout.into_owned()),
    }
}

#[test]
#[ignore = "needs the Godot engines: tools/engines/install.sh, then tools/engines/test.sh"]
fn the_engines_read_every_container_we_write() {
    let oracle = support::require(&["g32", "g36", "g4"]);
    let dir = tempdir();
    let mut jobs = Vec::new();
    for engine in ["g32", "g36", "g4"] {
        let layout = if engine == "g4" {
            Layout::Godot4
        } else {
            Layout::Godot3
        };
        for name in ["save", "big_vectors", "exact_block"] {
            let original = fixture_plain(engine, name);
            let expected_original = fixture_texts(engine, name);
            assert_eq!(
                texts(&original, engine),
                expected_original,
                "{engine}/{name}"
            );
            for (edit, plain) in [
                ("", original.clone()),
                ("_edited", edited(&original, engine)),
            ] {
                let mut files: Vec<(String, Vec<u8>)> = Vec::new();
                for mode in [
                    Compression::FastLz,
                    Compression::Deflate,
                    Compression::Zstd,
                    Compression::Gzip,
                ] {
                    let file = compress(&plain, mode, 4096).unwrap();
                    files.push((format!("compressed:{}", mode.name().to_lowercase()), file));
                }
                let pw = if engine == "g4" {
                    PASSWORD
                } else {
                    ASCII_PASSWORD
                };
                let password = Secret::Password(pw.into());
                files.push((
                    format!("pass:{pw}"),
                    encrypt(&plain, &password, layout, None).unwrap(),
                ));
                let key = Secret::from_hex(KEY).unwrap();
                files.push((
                    format!("key:{KEY}"),
                    encrypt(&plain, &key, layout, None).unwrap(),
                ));
                if engine == "g4" {
                    let iv = [0xa5; 16];
                    files.push((
                        format!("key:{KEY}"),
                        encrypt(&plain, &key, layout, Some(iv)).unwrap(),
                    ));
                    // An edit of an encrypted file: wrapped again, with a fresh IV.
                    let wrapped = Container::Encrypted { layout }
                        .wrap(&plain, Some(&password))
                        .unwrap();
                    files.push((format!("pass:{PASSWORD}"), wrapped));
                }
                let expected = texts(&plain, engine);
                if edit.is_empty() {
                    assert!(expected == expected_original, "{engine}/{name}");
                } else {
                    assert!(
                        expected.len() == expected_original.len() + 1,
                        "{engine}/{name}"
                    );
                }
                for (i, (container, bytes)) in files.into_iter().enumerate() {
                    let path = dir.join(format!("{engine}_{name}{edit}_{i}.bin"));
                    std::fs::write(&path, &bytes).unwrap();
                    jobs.push((engine, container, path, expected.clone()));
                }
            }
        }
    }
    let total = jobs.len();
    let failures = std::sync::Mutex::new(Vec::new());
    let queue = std::sync::Mutex::new(jobs);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let Some((engine, container, path, expected)) = queue.lock().unwrap().pop() else {
                    return;
                };
                match engine_reads(&oracle, engine, &container, &path) {
                    Ok(read) if read == expected => {}
                    Ok(read) => failures.lock().unwrap().push(format!(
                        "{engine} {container} {}: read {read:?}, want {expected:?}",
                        path.display()
                    )),
                    Err(out) => failures
                        .lock()
                        .unwrap()
                        .push(format!("{engine} {container} {}: {out}", path.display())),
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} of {total} files:\n{}",
        failures.len(),
        failures.join("\n")
    );
    eprintln!("oracle_containers: the engines read all {total} files we wrote");
}

/// The fixture's engine texts for `name`.
fn fixture_texts(engine: &str, name: &str) -> Vec<String> {
    let lines = std::fs::read_to_string(
        common::fixtures_dir()
            .join("containers")
            .join(engine)
            .join("cases.jsonl"),
    )
    .unwrap();
    for line in lines.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        if v["name"] == name && v["file"].as_str().unwrap().ends_with("__gcpf_zstd.bin") {
            return v["texts"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t.as_str().unwrap().to_string())
                .collect();
        }
    }
    panic!("no fixture {engine}/{name}");
}

fn tempdir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "gdvariant-oracle-containers-{}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
