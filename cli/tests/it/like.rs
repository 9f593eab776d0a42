//! `--like FILE` keeps FILE's container (issue 40: the README's jq recipe wrote a Zstd
//! save back uncompressed, and the game could not open it): `from-json` and `from-text`
//! write in FILE's dialect, framing and container, `--no-container` writes plain, and an
//! ambiguous FILE is refused. `diff` takes a secret for each file.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::common;
use crate::support::containers::{fixture, ok, stderr, stdout, Scratch, PASSWORD};
use crate::support::{gdvariant, gdvariant_with};

/// Runs `gdvariant args…` with `input` on stdin.
fn piped(args: &[&str], input: &[u8]) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gdvariant"))
        .args(args)
        .env("NO_COLOR", "1")
        .env_remove("GDVARIANT_PASSWORD")
        .env_remove("GDVARIANT_KEY")
        .env_remove("GDVARIANT_GODOT")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

/// `json --plain SAVE`, with `player.hp` set to `hp` (what `jq '.player.hp = 120'` does).
fn healed_json(save: &str, extra: &[&str], hp: i64) -> Vec<u8> {
    let mut args = vec!["-q", "json", "--plain", save];
    args.extend_from_slice(extra);
    let json = stdout(&ok(gdvariant(&args)));
    let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
    value["player"]["hp"] = hp.into();
    serde_json::to_vec(&value).unwrap()
}

#[test]
fn from_json_like_keeps_the_compressed_container() {
    let dir = Scratch::new("like-gcpf");
    let save = fixture("g4", "save__gcpf_zstd.bin");
    let healed = dir.path("healed.sav");
    let o = ok(piped(
        &["from-json", "--like", &save, "-", &healed],
        &healed_json(&save, &[], 120),
    ));
    assert!(
        stderr(&o).contains(&format!(
            "gdvariant: writing it in {save}'s container: a Zstd-compressed file (GCPF, \
             4096-byte blocks) (--no-container writes it plain)\n"
        )),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        stdout(&ok(gdvariant(&["-q", "check", &healed]))),
        "OK: Godot 4 Dictionary in a store_var frame in a Zstd-compressed file (GCPF, \
         4096-byte blocks), 360 bytes (258 in the file)\n"
    );
    let diff = gdvariant(&["-q", "diff", &save, &healed]);
    assert_eq!(diff.status.code(), Some(1));
    assert_eq!(stdout(&diff), "~ /player/hp: 87 -> 120\n");
    // --no-container: plain, on purpose, with the same bytes inside.
    let plain = dir.path("plain.sav");
    ok(piped(
        &[
            "-q",
            "from-json",
            "--like",
            &save,
            "--no-container",
            "-",
            &plain,
        ],
        &healed_json(&save, &[], 120),
    ));
    assert_eq!(
        stdout(&ok(gdvariant(&["-q", "check", &plain]))),
        "OK: Godot 4 Dictionary in a store_var frame, 360 bytes\n"
    );
    let unpacked = dir.path("unpacked.sav");
    ok(gdvariant(&["-q", "unpack", &healed, &unpacked]));
    assert_eq!(
        std::fs::read(&unpacked).unwrap(),
        std::fs::read(&plain).unwrap()
    );
    // A block size of the file's own, kept too.
    let small = dir.path("small-blocks.sav");
    ok(gdvariant(&[
        "-q",
        "pack",
        "--compress",
        "deflate",
        "--block-size",
        "64",
        &plain,
        &small,
    ]));
    let out = dir.path("small-out.sav");
    ok(piped(
        &["-q", "from-json", "--like", &small, "-", &out],
        &healed_json(&small, &[], 5),
    ));
    assert!(stdout(&ok(gdvariant(&["-q", "check", &out])))
        .contains("in a Deflate-compressed file (GCPF, 64-byte blocks)"));
}

#[test]
fn from_json_like_keeps_the_encryption_with_the_key_given() {
    let dir = Scratch::new("like-gdec");
    let save = fixture("g4", "save__gdec_pass.bin");
    let json = healed_json(&save, &["--password", PASSWORD], 120);
    // Without the password the template cannot be opened, nor the output written.
    let o = piped(
        &["-q", "from-json", "--like", &save, "-", &dir.path("x")],
        &json,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--password PW"), "{}", stderr(&o));
    for how in ["option", "variable"] {
        let healed = dir.path(&format!("healed-{how}.sav"));
        let mut args = vec!["-q", "from-json", "--like", save.as_str(), "-", &healed];
        if how == "option" {
            args.extend(["--password", PASSWORD]);
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_gdvariant"));
        child
            .args(&args)
            .env_remove("GDVARIANT_KEY")
            .env_remove("GDVARIANT_GODOT")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        match how {
            "option" => child.env_remove("GDVARIANT_PASSWORD"),
            _ => child.env("GDVARIANT_PASSWORD", PASSWORD),
        };
        let mut child = child.spawn().unwrap();
        child.stdin.take().unwrap().write_all(&json).unwrap();
        ok(child.wait_with_output().unwrap());
        let check = ok(gdvariant(&["-q", "check", &healed, "--password", PASSWORD]));
        assert!(
            stdout(&check).contains("in an encrypted file (GDEC, Godot 4 layout, AES-256-CFB)"),
            "{how}: {}",
            stdout(&check)
        );
        let get = ok(gdvariant(&[
            "-q",
            "get",
            &healed,
            "player/hp",
            "--password",
            PASSWORD,
        ]));
        assert_eq!(stdout(&get), "120\n", "{how}");
    }
}

#[test]
fn from_text_like_keeps_the_dialect_framing_and_container() {
    let dir = Scratch::new("like-text");
    let save = fixture("g32", "save__gcpf_zstd.bin");
    let text = stdout(&ok(gdvariant(&["-q", "show", &save])));
    let edited = dir.path("edited.txt");
    std::fs::write(&edited, text.replace("\"hp\": 87", "\"hp\": 99")).unwrap();
    let out = dir.path("out.sav");
    ok(gdvariant(&[
        "-q",
        "from-text",
        "--like",
        &save,
        &edited,
        &out,
    ]));
    let check = stdout(&ok(gdvariant(&["-q", "check", &out])));
    assert!(
        check.starts_with(
            "OK: Godot 3 Dictionary in a store_var frame in a Zstd-compressed file (GCPF, \
             4096-byte blocks)"
        ),
        "{check}"
    );
    let diff = gdvariant(&["-q", "diff", &save, &out]);
    assert_eq!(stdout(&diff), "~ /player/hp: 87 -> 99\n");
}

#[test]
fn an_ambiguous_like_file_is_refused() {
    let dir = Scratch::new("like-ambiguous");
    let like = common::fixtures_dir().join("store_math/vector4i.sav");
    let like = like.to_str().unwrap();
    let text = dir.path("v.txt");
    std::fs::write(&text, "Vector4i(5, 6, 7, 8)").unwrap();
    let out = dir.path("out.sav");
    let o = gdvariant(&["-q", "from-text", "--like", like, &text, &out]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(&format!("nothing written: {like} is ambiguous")),
        "{}",
        stderr(&o)
    );
    assert!(!std::path::Path::new(&out).exists());
    let o = piped(
        &["-q", "from-json", "--like", like, "-", &out],
        b"[5, 6, 7, 8]",
    );
    assert_eq!(o.status.code(), Some(2));
    // Told which: written as a Godot 4 frame.
    ok(gdvariant(&[
        "-q",
        "from-text",
        "--like",
        like,
        "--dialect",
        "4",
        &text,
        &out,
    ]));
    assert_eq!(
        stdout(&ok(gdvariant(&["-q", "check", "--dialect", "4", &out]))),
        "OK: Godot 4 Vector4i in a store_var frame, 24 bytes\n"
    );
}

#[test]
fn diff_takes_a_secret_for_each_file() {
    let dir = Scratch::new("like-diff");
    let a = fixture("g4", "save__gdec_pass.bin");
    let plain = dir.path("plain.sav");
    ok(gdvariant(&[
        "-q",
        "unpack",
        &a,
        &plain,
        "--password",
        PASSWORD,
    ]));
    let b = dir.path("b.sav");
    ok(gdvariant(&[
        "-q",
        "pack",
        "--password",
        "other",
        &plain,
        &b,
    ]));
    ok(gdvariant(&[
        "-q",
        "set",
        &b,
        "player/hp",
        "3",
        "--password",
        "other",
    ]));
    let o = gdvariant(&[
        "-q",
        "diff",
        &a,
        &b,
        "--password",
        PASSWORD,
        "--password-b",
        "other",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(stdout(&o), "~ /player/hp: 87 -> 3\n");
    // One password for both: B's is wrong.
    let o = gdvariant(&["-q", "diff", &a, &b, "--password", PASSWORD]);
    assert_eq!(o.status.code(), Some(4));
    assert!(
        stderr(&o).contains(&format!("{b}: cannot open")),
        "{}",
        stderr(&o)
    );
    // A key for B.
    let key = crate::support::containers::KEY;
    let c = dir.path("c.sav");
    ok(gdvariant(&["-q", "pack", "--key", key, &plain, &c]));
    let o = gdvariant_with(
        &["-q", "diff", &a, &c, "--key-b", key],
        &[("GDVARIANT_PASSWORD", PASSWORD)],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}
