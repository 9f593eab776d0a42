//! Compressed (GCPF), encrypted (GDEC) files and `compress()` streams on the real binary:
//! every file Godot 3.2.3, 3.6.2 and 4.6.3 wrote (`tests/fixtures/containers`) shows
//! exactly the engine's texts; `check` names the container; keys from options and the
//! environment, missing (exit code 2) and wrong (4); `pack` and `unpack`; edits that keep
//! the container; damaged files.

use crate::support;

use support::containers::{
    cases, fixture, ok, read, stderr, stdout, u32_at, Scratch, KEY, PASSWORD,
};
use support::{gdvariant, gdvariant_with};

#[test]
fn every_engine_file_shows_the_engines_texts() {
    let cases = cases();
    assert_eq!(cases.len(), 112);
    for case in &cases {
        let mut args = case.args("show");
        args.extend(["--text-style", case.style()]);
        let o = gdvariant(&args);
        assert!(o.status.success(), "{}: {}", case.path, stderr(&o));
        assert_eq!(stdout(&o), case.shown(), "{}", case.path);
    }
}

#[test]
fn json_of_engine_files_goes_back_to_the_engines_texts() {
    let dir = Scratch::new("json");
    let picked = [
        ("g4", "save__gdec_pass.bin"),
        ("g4", "big_vectors__gdec_key_iv.bin"),
        ("g32", "big_vectors__gcpf_gzip.bin"),
        ("g36", "save__raw_deflate.bin"),
        ("g4", "one_int__raw_fastlz.bin"),
        ("g36", "exact_block__gcpf_fastlz.bin"),
    ];
    let cases = cases();
    for (engine, file) in picked {
        let case = cases
            .iter()
            .find(|c| c.engine == engine && c.path.ends_with(file))
            .unwrap();
        let json = ok(gdvariant(&case.args("json"))).stdout;
        let (text, bytes) = (dir.path("value.json"), dir.path("value.bin"));
        std::fs::write(&text, json).unwrap();
        let dialect = if engine == "g4" { "4" } else { "3" };
        ok(gdvariant(&[
            "from-json",
            &text,
            &bytes,
            "--dialect",
            dialect,
        ]));
        let show = ok(gdvariant(&[
            "-q",
            "show",
            &bytes,
            "--text-style",
            case.style(),
        ]));
        assert_eq!(stdout(&show), case.shown(), "{engine}/{file}");
    }
}

#[test]
fn check_names_the_container() {
    let checks = [
        (
            vec![fixture("g4", "save__gcpf_zstd.bin")],
            "OK: Godot 4 Dictionary in a store_var frame in a Zstd-compressed file (GCPF, \
             4096-byte blocks), 360 bytes (260 in the file)\n",
        ),
        (
            vec![fixture("g4", "big_vectors__gcpf_fastlz.bin")],
            "OK: 2 values (store_var frames) in a FastLZ-compressed file (GCPF, 4096-byte \
             blocks), Godot 4, 50,984 bytes (41,983 in the file)\n",
        ),
        (
            vec![
                fixture("g4", "big_vectors__gdec_key.bin"),
                "--key".into(),
                KEY.into(),
            ],
            "OK: 2 values (store_var frames) in an encrypted file (GDEC, Godot 4 layout, \
             AES-256-CFB), Godot 4, 50,984 bytes (51,036 in the file)\n",
        ),
        (
            vec![
                fixture("g32", "save__gdec_pass.bin"),
                "--password".into(),
                PASSWORD.into(),
            ],
            "OK: Godot 3 Dictionary in a store_var frame in an encrypted file (GDEC, Godot 3 \
             layout, AES-256-ECB), 360 bytes (400 in the file)\n",
        ),
        (
            vec![fixture("g4", "one_int__raw_zstd.bin")],
            "OK: Godot 3 or 4 int in a Zstd stream (PackedByteArray.compress, no container), \
             8 bytes (17 in the file)\n",
        ),
        (
            vec![fixture("g36", "save__raw_gzip.bin")],
            "OK: Godot 3 Dictionary in a GZIP stream (PackedByteArray.compress, no container), \
             356 bytes (220 in the file)\n",
        ),
    ];
    for (args, expected) in checks {
        let mut all = vec!["-q", "check"];
        all.extend(args.iter().map(String::as_str));
        assert_eq!(stdout(&ok(gdvariant(&all))), expected, "{args:?}");
    }
    // The note on stderr says what was opened and that offsets are in its plain data.
    let o = ok(gdvariant(&["check", &fixture("g4", "save__gcpf_zstd.bin")]));
    assert_eq!(
        stderr(&o),
        "gdvariant: opened a Zstd-compressed file (GCPF, 4096-byte blocks): 360 bytes \
         decompressed; offsets are in the decompressed data\n\
         gdvariant: detected Godot 4 Dictionary with a 4-byte length prefix\n"
    );
}

#[test]
fn an_empty_container_holds_no_values() {
    let dir = Scratch::new("empty");
    let empty = dir.path("empty.bin");
    std::fs::write(&empty, b"").unwrap();
    let (zstd, gdec) = (dir.path("empty.zst.bin"), dir.path("empty.gdec.bin"));
    ok(gdvariant(&[
        "-q",
        "pack",
        &empty,
        &zstd,
        "--compress",
        "zstd",
    ]));
    ok(gdvariant(&[
        "-q",
        "pack",
        &empty,
        &gdec,
        "--password",
        "pw",
    ]));
    let o = ok(gdvariant(&["check", &zstd]));
    assert_eq!(
        stdout(&o),
        "OK: 0 values in a Zstd-compressed file (GCPF, 4096-byte blocks), 0 bytes (33 in the \
         file)\n"
    );
    assert_eq!(
        stderr(&o),
        "gdvariant: opened a Zstd-compressed file (GCPF, 4096-byte blocks): 0 bytes \
         decompressed, no values\n"
    );
    let o = ok(gdvariant(&["-q", "check", &gdec, "--password", "pw"]));
    assert_eq!(
        stdout(&o),
        "OK: 0 values in an encrypted file (GDEC, Godot 4 layout, AES-256-CFB), 0 bytes (44 \
         in the file)\n"
    );
    for command in ["show", "json", "tree"] {
        assert_eq!(
            ok(gdvariant(&["-q", command, &zstd])).stdout,
            b"",
            "{command}"
        );
    }
    let o = gdvariant(&["-q", "get", &zstd, "player"]);
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(
        stderr(&o),
        "gdvariant: `player`: the input holds no values\n"
    );
    // An empty plain file is still not a value.
    assert_eq!(gdvariant(&["-q", "check", &empty]).status.code(), Some(4));
}

#[test]
fn a_missing_key_is_a_usage_error_that_names_the_options() {
    for (engine, file, layout) in [
        ("g4", "save__gdec_pass.bin", "Godot 4 layout, AES-256-CFB"),
        ("g36", "save__gdec_key.bin", "Godot 3 layout, AES-256-ECB"),
    ] {
        let path = fixture(engine, file);
        for command in ["show", "check", "tree", "json", "stats"] {
            let o = gdvariant(&[command, &path]);
            assert_eq!(o.status.code(), Some(2), "{command}");
            assert_eq!(
                stderr(&o),
                format!(
                    "gdvariant: {path} is an encrypted file (GDEC, {layout}): give its password \
                     with --password PW (or GDVARIANT_PASSWORD) or its key with --key HEX (or \
                     GDVARIANT_KEY)\n"
                )
            );
            assert!(o.stdout.is_empty());
        }
    }
}

#[test]
fn a_wrong_key_is_malformed_input_that_says_so() {
    let path = fixture("g4", "save__gdec_pass.bin");
    let o = gdvariant(&["show", &path, "--password", "hunter2"]);
    assert_eq!(o.status.code(), Some(4));
    assert_eq!(
        stderr(&o),
        format!(
            "gdvariant: {path}: cannot open an encrypted file (GDEC, Godot 4 layout, \
             AES-256-CFB) with the password of --password: wrong password or key (the MD5 of \
             the decrypted data does not match; or the file is damaged) (at file offset 0x4)\n"
        )
    );
    // The password's key given as a key is wrong too (the key is the MD5 as text); Godot
    // 3's layout keeps its MD5 after the mode word.
    let path = fixture("g32", "save__gdec_pass.bin");
    let o = gdvariant_with(&["check", &path], &[("GDVARIANT_KEY", KEY)]);
    assert_eq!(o.status.code(), Some(4));
    assert_eq!(
        stderr(&o),
        format!(
            "gdvariant: {path}: cannot open an encrypted file (GDEC, Godot 3 layout, \
             AES-256-ECB) with the key in GDVARIANT_KEY: wrong password or key (the MD5 of the \
             decrypted data does not match; or the file is damaged) (at file offset 0x8)\n"
        )
    );
}

#[test]
fn keys_come_from_the_environment_and_options_win() {
    let pass = fixture("g36", "save__gdec_pass.bin");
    let key = fixture("g4", "save__gdec_key.bin");
    let expected = cases().into_iter().find(|c| c.path == key).unwrap().shown();
    let o = ok(gdvariant_with(
        &["-q", "get", &pass, "player/name"],
        &[("GDVARIANT_PASSWORD", PASSWORD)],
    ));
    assert_eq!(stdout(&o), "\"Zoë\"\n");
    let o = ok(gdvariant_with(
        &["-q", "show", &key],
        &[("GDVARIANT_KEY", KEY)],
    ));
    assert_eq!(stdout(&o), expected);
    // The option wins over a wrong variable.
    let o = ok(gdvariant_with(
        &["-q", "get", &pass, "player/hp", "--password", PASSWORD],
        &[("GDVARIANT_PASSWORD", "wrong")],
    ));
    assert_eq!(stdout(&o), "87\n");
    let o = ok(gdvariant_with(
        &["-q", "show", &key, "--key", KEY],
        &[("GDVARIANT_PASSWORD", "wrong")],
    ));
    assert_eq!(stdout(&o), expected);
    // A wrong variable alone is named in the error.
    let o = gdvariant_with(&["-q", "show", &pass], &[("GDVARIANT_PASSWORD", "wrong")]);
    assert_eq!(o.status.code(), Some(4));
    assert!(stderr(&o).contains("with the password in GDVARIANT_PASSWORD: wrong password or key"));
    // Malformed keys are usage errors, from the option or the variable.
    let o = gdvariant(&["-q", "show", &key, "--key", "0b30557a"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("invalid value '0b30557a' for '--key <HEX>': a key is 64 hex"));
    let o = gdvariant_with(&["-q", "show", &key], &[("GDVARIANT_KEY", "xyz")]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "gdvariant: GDVARIANT_KEY is not a key: it takes 64 hex digits (32 bytes)\n"
    );
    let both = [("GDVARIANT_KEY", KEY), ("GDVARIANT_PASSWORD", PASSWORD)];
    let o = gdvariant_with(&["-q", "show", &key], &both);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "gdvariant: both GDVARIANT_PASSWORD and GDVARIANT_KEY are set: unset one, or pass \
         --password or --key\n"
    );
    // A plain file never looks at the key.
    let plain = fixture("g4", "save__gcpf_zstd.bin");
    ok(gdvariant_with(
        &["-q", "check", &plain],
        &[("GDVARIANT_KEY", "xyz")],
    ));
}

#[test]
fn streams_without_a_header_are_named() {
    let path = fixture("g4", "one_int__raw_fastlz.bin");
    let o = ok(gdvariant(&["-q", "show", &path, "--decompress", "fastlz"]));
    assert_eq!(stdout(&o), "42\n");
    let o = ok(gdvariant(&["-q", "check", &path, "--decompress", "fastlz"]));
    assert_eq!(
        stdout(&o),
        "OK: Godot 3 or 4 int in a FastLZ stream (PackedByteArray.compress, no container), 8 \
         bytes (17 in the file)\n"
    );
    // Unnamed, its bytes are read as plain values, which they are not.
    let o = gdvariant(&["-q", "check", &path]);
    assert_eq!(o.status.code(), Some(4));
    assert_eq!(
        stderr(&o),
        format!(
            "gdvariant: {path}: invalid Godot 4 data: frame #0 is truncated: it needs 531 \
             bytes, 17 remain, at file offset 0x0 (bytes there: [0f 02 00 00 00 2a 00 00])\n"
        )
    );
    // A stream named wrongly, and `none` (no stream detection).
    let zstd = fixture("g36", "save__raw_zstd.bin");
    let o = gdvariant(&["-q", "check", &zstd, "--decompress", "gzip"]);
    assert_eq!(o.status.code(), Some(4));
    assert!(
        stderr(&o).starts_with(&format!(
            "gdvariant: {zstd}: cannot open a GZIP stream (PackedByteArray.compress, no \
             container): GZIP block 0 does not decompress: "
        )),
        "{}",
        stderr(&o)
    );
    let o = gdvariant(&["-q", "check", &zstd, "--decompress", "none"]);
    assert_eq!(o.status.code(), Some(4));
}

#[test]
fn damaged_containers_are_malformed_input_with_an_offset() {
    let dir = Scratch::new("damaged");
    let cut = |engine: &str, name: &str, len: usize| {
        let path = dir.path(name);
        std::fs::write(&path, &read(&fixture(engine, name))[..len]).unwrap();
        path
    };
    let gcpf = cut("g4", "save__gcpf_zstd.bin", 200);
    let o = gdvariant(&["check", &gcpf]);
    assert_eq!(o.status.code(), Some(4));
    assert_eq!(
        stderr(&o),
        format!(
            "gdvariant: {gcpf}: cannot open a compressed file (GCPF): the header and block \
             table account for 260 bytes, the file has 200 (at file offset 0x10)\n"
        )
    );
    let gdec = cut("g4", "save__gdec_key.bin", 100);
    let o = gdvariant(&["check", &gdec, "--key", KEY]);
    assert_eq!(o.status.code(), Some(4));
    assert_eq!(
        stderr(&o),
        format!(
            "gdvariant: {gdec}: cannot open an encrypted file (GDEC, Godot 4 layout, \
             AES-256-CFB): the header claims 360 plain bytes, but 56 bytes of ciphertext follow \
             (at file offset 0x14)\n"
        )
    );
    let stream = cut("g4", "save__raw_zstd.bin", 100);
    let o = gdvariant(&["check", &stream]);
    assert_eq!(o.status.code(), Some(4));
    assert!(
        stderr(&o).contains("(at file offset 0x0)"),
        "{}",
        stderr(&o)
    );
    // Bad values inside a good container: the offset is in the decompressed data.
    let plain = dir.path("short.bin");
    std::fs::write(&plain, [8, 0, 0, 0, 2, 0, 0, 0, 42, 0, 0]).unwrap();
    let packed = dir.path("short.gcpf");
    ok(gdvariant(&[
        "-q",
        "pack",
        &plain,
        &packed,
        "--compress",
        "deflate",
    ]));
    let o = gdvariant(&["-q", "check", &packed, "--prefixed"]);
    assert_eq!(o.status.code(), Some(4));
    assert_eq!(
        stderr(&o),
        format!(
            "gdvariant: {packed}: invalid Godot 4 data: frame #0 is truncated: it needs 12 \
             bytes, 11 remain, at offset 0x0 of the decompressed data (bytes there: [08 00 00 \
             00 02 00 00 00])\n"
        )
    );
}

#[test]
fn pack_and_unpack_round_trip_in_every_container() {
    let dir = Scratch::new("pack");
    for (engine, name) in [
        ("g4", "save__gcpf_zstd.bin"),
        ("g32", "big_vectors__gcpf_gzip.bin"),
    ] {
        let plain = dir.path("plain.bin");
        ok(gdvariant(&["-q", "unpack", &fixture(engine, name), &plain]));
        let original = read(&plain);
        let shown = stdout(&ok(gdvariant(&["-q", "show", &plain])));
        let packs: [(&[&str], &[&str]); 13] = [
            (&["--compress", "fastlz"], &[]),
            (&["--compress", "deflate"], &[]),
            (&["--compress", "zstd"], &[]),
            (&["--compress", "gzip", "--block-size", "100"], &[]),
            (&["--stream", "fastlz"], &["--decompress", "fastlz"]),
            (&["--stream", "deflate"], &[]),
            (&["--stream", "zstd"], &[]),
            (&["--stream", "gzip"], &[]),
            (
                &["--password", "pw", "--dialect", "3"],
                &["--password", "pw"],
            ),
            (&["--password", "pw"], &["--password", "pw"]),
            (&["--key", KEY, "--dialect", "pm-b"], &["--key", KEY]),
            (&["--key", KEY], &["--key", KEY]),
            (
                &["--key", KEY, "--iv", "000102030405060708090a0b0c0d0e0f"],
                &["--key", KEY],
            ),
        ];
        for (how, open) in packs {
            let packed = dir.path("packed.bin");
            let mut args = vec!["-q", "pack", &plain, &packed];
            args.extend(how);
            ok(gdvariant(&args));
            let bytes = read(&packed);
            match how[0] {
                "--compress" => {
                    assert_eq!(&bytes[..4], b"GCPF");
                    let mode = ["fastlz", "deflate", "zstd", "gzip"]
                        .iter()
                        .position(|m| *m == how[1])
                        .unwrap();
                    assert_eq!(u32_at(&bytes, 4), mode as u32);
                    let block = if how.len() > 2 { 100 } else { 4096 };
                    assert_eq!(u32_at(&bytes, 8), block);
                    assert_eq!(u32_at(&bytes, 12), original.len() as u32);
                }
                "--stream" => assert_ne!(&bytes[..4], b"GCPF"),
                _ => {
                    assert_eq!(&bytes[..4], b"GDEC");
                    // Godot 3's layout has its mode word (1); Godot 4's, an IV.
                    let godot3 = how.len() > 2 && how[2] == "--dialect";
                    assert_eq!(u32_at(&bytes, 4) == 1, godot3, "{how:?}");
                    let len_at = if godot3 { 24 } else { 20 };
                    assert_eq!(
                        u64::from_le_bytes(bytes[len_at..len_at + 8].try_into().unwrap()),
                        original.len() as u64
                    );
                    if how.contains(&"--iv") {
                        assert_eq!(bytes[28..44], (0..16).collect::<Vec<u8>>());
                    }
                }
            }
            let unpacked = dir.path("unpacked.bin");
            let mut args = vec!["-q", "unpack", &packed, &unpacked];
            args.extend(open);
            ok(gdvariant(&args));
            assert_eq!(read(&unpacked), original, "{engine}/{name} {how:?}");
            let mut args = vec!["-q", "show", &packed];
            args.extend(open);
            assert_eq!(stdout(&ok(gdvariant(&args))), shown, "{how:?}");
        }
        // `-`: standard output (not a terminal here), the same bytes.
        let to_file = dir.path("z.bin");
        ok(gdvariant(&[
            "-q",
            "pack",
            &plain,
            &to_file,
            "--compress",
            "zstd",
        ]));
        let o = ok(gdvariant(&[
            "-q",
            "pack",
            &plain,
            "-",
            "--compress",
            "zstd",
        ]));
        assert_eq!(o.stdout, read(&to_file));
        let o = ok(gdvariant(&["-q", "unpack", &to_file, "-"]));
        assert_eq!(o.stdout, original);
    }
}

#[test]
fn pack_refuses_what_it_cannot_write() {
    let plain = fixture("g4", "save__gcpf_zstd.bin");
    let refused: [(&[&str], &str); 4] = [
        (
            &[],
            "gdvariant: pack needs a container: --compress MODE, --stream MODE, --password PW \
             or --key HEX\n",
        ),
        (
            &[
                "--password",
                "pw",
                "--dialect",
                "3",
                "--iv",
                "000102030405060708090a0b0c0d0e0f",
            ],
            "gdvariant: --iv is for Godot 4's GDEC layout; Godot 3's has no IV\n",
        ),
        (
            &[
                "--compress",
                "zstd",
                "--iv",
                "000102030405060708090a0b0c0d0e0f",
            ],
            "gdvariant: --iv goes with --password or --key (Godot 4's GDEC layout)\n",
        ),
        (&["--compress", "brotli"], "error: invalid value 'brotli'"),
    ];
    for (how, message) in refused {
        let mut args = vec!["-q", "pack", &plain, "/nonexistent/out.bin"];
        args.extend(how);
        let o = gdvariant(&args);
        assert_eq!(o.status.code(), Some(2), "{how:?}");
        assert!(stderr(&o).starts_with(message), "{}", stderr(&o));
    }
}
