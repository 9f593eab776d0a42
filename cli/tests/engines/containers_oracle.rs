//! The engines open what the command line writes (issue 21): `pack` in every mode, with a
//! password and a key (and Godot 4's caller IV), and `set` on compressed and encrypted
//! files, each read back by the real engine (`tools/engines/read_container.sh`) to the
//! values the fixture held, or to what `show` prints after the edit.
//!
//! Ignored in plain `cargo test`; `tools/engines/test.sh` runs it.

use crate::engines;
use crate::support;

use std::path::Path;
use std::process::Command;

use support::containers::{fixture, ok, stdout, Scratch, KEY};
use support::gdvariant;

/// Godot 3's `OS.get_environment` does not decode UTF-8, and the oracle script reads the
/// password from the environment: an ASCII password for every engine here.
const PASSWORD: &str = "hunter2-plain";

/// The values' texts the engine read from `file`, or what it printed instead.
pub fn engine_reads(
    oracle: &Path,
    engine: &str,
    container: &str,
    file: &str,
) -> Result<Vec<String>, String> {
    let out = Command::new("bash")
        .arg(oracle.join("read_container.sh"))
        .args([engine, container, file])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let values: Vec<String> = text
        .lines()
        .filter_map(|l| l.strip_prefix("ORACLE-VALUE "))
        .map(|json| serde_json::from_str(json).unwrap())
        .collect();
    let count = text
        .lines()
        .find_map(|l| l.strip_prefix("ORACLE-COUNT "))
        .and_then(|n| n.trim().parse::<usize>().ok());
    match count {
        Some(n) if n == values.len() => Ok(values),
        _ => Err(text.chars().take(400).collect()),
    }
}

/// What `show` prints for `file` in the engine's style, as the engine would list it (one
/// text per value).
fn shown(engine: &str, file: &str, secret: &[&str]) -> Vec<String> {
    let style = match engine {
        "g32" => "3.2",
        "g36" => "3.6",
        _ => "4",
    };
    let mut args = vec!["-q", "show", "--text-style", style, file];
    args.extend_from_slice(secret);
    vec![stdout(&ok(gdvariant(&args)))
        .trim_end_matches('\n')
        .to_string()]
}

#[test]
#[ignore = "needs the Godot engines: tools/engines/install.sh, then tools/engines/test.sh"]
fn the_engines_open_what_pack_and_set_write() {
    let oracle = engines::require(&["g32", "g36", "g4"]);
    let dir = Scratch::new("oracle");
    let mut failures = Vec::new();
    let mut checked = 0;
    for engine in ["g32", "g36", "g4"] {
        let dialect = if engine == "g4" { "4" } else { "3" };
        let plain = dir.path(&format!("{engine}_plain.bin"));
        ok(gdvariant(&[
            "-q",
            "unpack",
            &fixture(engine, "save__gcpf_zstd.bin"),
            &plain,
        ]));
        let expected = shown(engine, &plain, &[]);
        let mut packs: Vec<(Vec<&str>, String, Vec<&str>)> = Vec::new();
        for mode in ["fastlz", "deflate", "zstd", "gzip"] {
            packs.push((
                vec!["--compress", mode],
                format!("compressed:{mode}"),
                vec![],
            ));
        }
        packs.push((
            vec!["--password", PASSWORD],
            format!("pass:{PASSWORD}"),
            vec!["--password", PASSWORD],
        ));
        packs.push((vec!["--key", KEY], format!("key:{KEY}"), vec!["--key", KEY]));
        if engine == "g4" {
            packs.push((
                vec!["--key", KEY, "--iv", "000102030405060708090a0b0c0d0e0f"],
                format!("key:{KEY}"),
                vec!["--key", KEY],
            ));
        }
        for (i, (options, container, secret)) in packs.iter().enumerate() {
            let packed = dir.path(&format!("{engine}_{i}.bin"));
            let mut args = vec![
                "-q",
                "pack",
                plain.as_str(),
                packed.as_str(),
                "--dialect",
                dialect,
            ];
            args.extend_from_slice(options);
            ok(gdvariant(&args));
            // The packed file, then the same file after `set` (written back in place, in
            // its container).
            for edited in [false, true] {
                if edited {
                    let mut args = vec!["-q", "set", packed.as_str(), "player/hp", "100"];
                    args.extend_from_slice(secret);
                    ok(gdvariant(&args));
                }
                let want = if edited {
                    shown(engine, &packed, secret)
                } else {
                    expected.clone()
                };
                if edited {
                    assert!(
                        want[0].contains("\"hp\": 100"),
                        "{engine} {container}: the edit did not land"
                    );
                }
                checked += 1;
                match engine_reads(&oracle, engine, container, &packed) {
                    Ok(read) if read == want => {}
                    Ok(read) => failures.push(format!(
                        "{engine} {container} edited={edited}: read {} values that differ",
                        read.len()
                    )),
                    Err(out) => {
                        failures.push(format!("{engine} {container} edited={edited}: {out}"))
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked}:\n{}",
        failures.len(),
        failures.join("\n")
    );
    eprintln!("containers_oracle: the engines opened all {checked} files the command line wrote");
}
