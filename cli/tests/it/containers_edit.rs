//! Edits of compressed (GCPF), encrypted (GDEC) files and `compress()` streams on the real
//! binary: `set`, `delete` and `reencode` write the file back in the container it came in
//! (the same mode and block size, the same key, a fresh IV in Godot 4's layout), never
//! without its key; `from-text` and `from-json` write new files in a container.

use crate::support;

use support::containers::{fixture, ok, read, stderr, stdout, u32_at, Scratch, KEY, PASSWORD};
use support::{gdvariant, gdvariant_with};

/// The IV of Godot 4's GDEC layout: after the magic, the MD5 and the length.
fn iv(file: &[u8]) -> &[u8] {
    &file[28..44]
}

#[test]
fn set_keeps_a_compressed_file_compressed() {
    let dir = Scratch::new("set-gcpf");
    for (engine, name, style) in [
        ("g4", "save__gcpf_gzip.bin", "4"),
        ("g32", "save__gcpf_fastlz.bin", "3.2"),
    ] {
        let path = dir.copy(engine, name);
        let before = read(&path);
        let shown = stdout(&ok(gdvariant(&[
            "-q",
            "show",
            &path,
            "--text-style",
            style,
        ])));
        let o = ok(gdvariant(&["set", &path, "player/hp", "99"]));
        let wrapped = match engine {
            "g4" => "a GZIP-compressed file (GCPF, 4096-byte blocks)",
            _ => "a FastLZ-compressed file (GCPF, 4096-byte blocks)",
        };
        assert!(
            stderr(&o).ends_with(&format!("gdvariant: writing it back as {wrapped}\n")),
            "{}",
            stderr(&o)
        );
        let after = read(&path);
        // The same magic, mode word and block size; the same plain size (an int for an
        // int); the end magic.
        assert_eq!(after[..16], before[..16], "{name}");
        assert!(after.ends_with(b"GCPF"));
        let o = ok(gdvariant(&["-q", "show", &path, "--text-style", style]));
        assert_eq!(
            stdout(&o),
            shown.replace("\"hp\": 87", "\"hp\": 99"),
            "{name}"
        );
        assert_ne!(stdout(&o), shown);
        // A value of another size changes the plain size in the header.
        ok(gdvariant(&[
            "-q",
            "set",
            &path,
            "player/name",
            "\"Bartholomew\"",
        ]));
        let after = read(&path);
        assert_eq!(u32_at(&after, 12), u32_at(&before, 12) + 8);
        let o = ok(gdvariant(&["-q", "get", &path, "player/name"]));
        assert_eq!(stdout(&o), "\"Bartholomew\"\n");
    }
}

#[test]
fn set_keeps_an_encrypted_file_encrypted_with_its_key() {
    let dir = Scratch::new("set-gdec");
    // Godot 4's layout: a fresh IV on every write, also for a file that had a caller's IV.
    for name in ["save__gdec_key.bin", "save__gdec_key_iv.bin"] {
        let path = dir.copy("g4", name);
        let before = read(&path);
        let o = ok(gdvariant(&[
            "set",
            &path,
            "player/name",
            "\"Ann\"",
            "--key",
            KEY,
        ]));
        assert!(stderr(&o).ends_with(
            "gdvariant: writing it back as an encrypted file (GDEC, Godot 4 layout, \
             AES-256-CFB) with a fresh IV\n"
        ));
        let after = read(&path);
        assert_eq!(&after[..4], b"GDEC");
        assert_eq!(after.len(), before.len());
        // The plain length ("Zoë" and "Ann" both pad to 4 bytes), and a new IV.
        assert_eq!(after[20..28], before[20..28]);
        assert_ne!(iv(&after), iv(&before), "{name}");
        let o = ok(gdvariant(&[
            "-q",
            "get",
            &path,
            "player/name",
            "--key",
            KEY,
        ]));
        assert_eq!(stdout(&o), "\"Ann\"\n");
        let o = ok(gdvariant(&["-q", "get", &path, "player/hp", "--key", KEY]));
        assert_eq!(stdout(&o), "87\n");
        // Still encrypted: without the key it does not open.
        assert_eq!(gdvariant(&["-q", "check", &path]).status.code(), Some(2));
        // Two edits, two IVs.
        ok(gdvariant(&[
            "-q",
            "set",
            &path,
            "player/hp",
            "1",
            "--key",
            KEY,
        ]));
        assert_ne!(iv(&read(&path)), iv(&after));
    }
    // Godot 3's layout keeps its mode word; the password from the environment.
    let path = dir.copy("g32", "save__gdec_pass.bin");
    let env = [("GDVARIANT_PASSWORD", PASSWORD)];
    let o = ok(gdvariant_with(&["set", &path, "seed", "7"], &env));
    assert!(stderr(&o).ends_with(
        "gdvariant: writing it back as an encrypted file (GDEC, Godot 3 layout, AES-256-ECB)\n"
    ));
    let after = read(&path);
    assert_eq!((&after[..4], u32_at(&after, 4)), (&b"GDEC"[..], 1));
    let o = ok(gdvariant_with(&["-q", "get", &path, "seed"], &env));
    assert_eq!(stdout(&o), "7\n");
    let o = ok(gdvariant(&[
        "-q",
        "get",
        &path,
        "seed",
        "--password",
        PASSWORD,
    ]));
    assert_eq!(stdout(&o), "7\n");
}

#[test]
fn set_without_the_key_changes_nothing() {
    let dir = Scratch::new("set-nokey");
    let path = dir.copy("g4", "save__gdec_pass.bin");
    let before = read(&path);
    let o = gdvariant(&["set", &path, "player/hp", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        format!(
            "gdvariant: {path} is an encrypted file (GDEC, Godot 4 layout, AES-256-CFB): give \
             its password with --password PW (or GDVARIANT_PASSWORD) or its key with --key HEX \
             (or GDVARIANT_KEY)\n"
        )
    );
    let o = gdvariant(&["delete", &path, "player", "--password", "wrong"]);
    assert_eq!(o.status.code(), Some(4));
    assert!(stderr(&o).contains("wrong password or key"));
    // The file as it was, and no temporary file left.
    assert_eq!(read(&path), before);
    assert_eq!(dir.names(), ["save__gdec_pass.bin"]);
}

#[test]
fn delete_and_output_keep_the_container() {
    let dir = Scratch::new("delete");
    // A compress() stream stays a stream of its mode.
    let path = dir.copy("g36", "save__raw_gzip.bin");
    ok(gdvariant(&["-q", "delete", &path, "player/pos"]));
    assert_eq!(read(&path)[..3], [0x1f, 0x8b, 0x08]);
    let o = ok(gdvariant(&["-q", "check", &path]));
    assert_eq!(
        stdout(&o),
        format!(
            "OK: Godot 3 Dictionary in a GZIP stream (PackedByteArray.compress, no container), \
             332 bytes ({} in the file)\n",
            read(&path).len()
        )
    );
    let o = gdvariant(&["-q", "get", &path, "player/pos"]);
    assert_eq!(o.status.code(), Some(3));
    // -o OUT: the result in the same container; the input untouched.
    let path = dir.copy("g4", "big_vectors__gcpf_zstd.bin");
    let before = read(&path);
    let out = dir.path("out.bin");
    ok(gdvariant(&[
        "-q",
        "set",
        &path,
        "#1/0",
        "\"first\"",
        "-o",
        &out,
    ]));
    assert_eq!(read(&path), before);
    let edited = read(&out);
    assert_eq!(edited[..12], before[..12]);
    let o = ok(gdvariant(&["-q", "get", &out, "#1/0"]));
    assert_eq!(stdout(&o), "\"first\"\n");
    // -o -: the same bytes on stdout (Zstd is deterministic).
    let o = ok(gdvariant(&[
        "-q",
        "set",
        &path,
        "#1/0",
        "\"first\"",
        "-o",
        "-",
    ]));
    assert_eq!(o.stdout, edited);
}

#[test]
fn reencode_keeps_the_container() {
    let dir = Scratch::new("reencode");
    let out = dir.path("out.bin");
    let path = fixture("g4", "big_vectors__gcpf_deflate.bin");
    ok(gdvariant(&["-q", "reencode", &path, &out]));
    assert_eq!(read(&out)[..12], read(&path)[..12]);
    let shown = |p: &str, extra: &[&str]| {
        let mut args = vec!["-q", "show", p];
        args.extend(extra);
        stdout(&ok(gdvariant(&args)))
    };
    assert_eq!(shown(&out, &[]), shown(&path, &[]));
    // Converted to Godot 3, an encrypted file takes Godot 3's layout.
    let path = fixture("g4", "save__gdec_key.bin");
    ok(gdvariant(&[
        "-q", "reencode", &path, &out, "--to", "3", "--key", KEY,
    ]));
    let bytes = read(&out);
    assert_eq!((&bytes[..4], u32_at(&bytes, 4)), (&b"GDEC"[..], 1));
    let o = ok(gdvariant(&["-q", "check", &out, "--key", KEY]));
    assert_eq!(
        stdout(&o),
        "OK: Godot 3 Dictionary in a store_var frame in an encrypted file (GDEC, Godot 3 \
         layout, AES-256-ECB), 360 bytes (400 in the file)\n"
    );
    let three = shown(&out, &["--key", KEY, "--text-style", "3.6"]);
    assert!(
        three.contains("\"flags\": PoolIntArray( 1, 2, 3, 5, 8 ),"),
        "{three}"
    );
}

#[test]
fn from_text_and_from_json_write_into_a_container() {
    let dir = Scratch::new("from");
    let text = dir.path("value.txt");
    std::fs::write(&text, "{\"hp\": 10, \"pos\": Vector2(1, 2)}").unwrap();
    let out = dir.path("out.bin");
    ok(gdvariant(&[
        "-q",
        "from-text",
        &text,
        &out,
        "--prefixed",
        "--compress",
        "zstd",
    ]));
    assert_eq!(&read(&out)[..8], b"GCPF\x02\0\0\0");
    let o = ok(gdvariant(&["-q", "check", &out]));
    assert_eq!(
        stdout(&o),
        format!(
            "OK: Godot 4 Dictionary in a store_var frame in a Zstd-compressed file (GCPF, \
             4096-byte blocks), 56 bytes ({} in the file)\n",
            read(&out).len()
        )
    );
    let json = dir.path("value.json");
    std::fs::write(&json, "{\"Dictionary\":[[\"hp\",10]]}\n\"two\"\n").unwrap();
    ok(gdvariant(&[
        "-q",
        "from-json",
        &json,
        &out,
        "--dialect",
        "3",
        "--password",
        "pw",
    ]));
    let bytes = read(&out);
    assert_eq!((&bytes[..4], u32_at(&bytes, 4)), (&b"GDEC"[..], 1));
    let o = ok(gdvariant(&["-q", "show", &out, "--password", "pw"]));
    assert_eq!(stdout(&o), "#0\n{\n\"hp\": 10\n}\n#1\n\"two\"\n");
}
