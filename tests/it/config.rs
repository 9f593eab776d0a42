//! `gdvariant::config`: Godot's ConfigFile, against what Godot 3.2.3, 3.6.2 and 4.6.3
//! wrote and read back (`tests/fixtures/resources/`).

use std::path::PathBuf;

use gdvariant::config::{ConfigErrorKind as K, ConfigFile, ConfigOptions};
use gdvariant::container::{self, ContainerErrorKind, OpenOptions, Secret};
use gdvariant::text::{ReadOptions, TextErrorKind as T, TextStyle};

fn dir(engine: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/resources")
        .join(engine)
}

fn style(engine: &str) -> TextStyle {
    match engine {
        "g32" => TextStyle::Godot32,
        "g36" => TextStyle::Godot36,
        _ => TextStyle::Godot4,
    }
}

fn options(engine: &str) -> ConfigOptions {
    ConfigOptions::new().style(style(engine))
}

struct Case {
    file: String,
    bytes: Vec<u8>,
    secret: Option<Secret>,
    read_back: Vec<(String, Vec<String>)>,
}

fn cases(engine: &str) -> Vec<Case> {
    let text = std::fs::read_to_string(dir(engine).join("cases.jsonl")).unwrap();
    text.lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let file = v["file"].as_str().unwrap().to_string();
            let secret = v["secret"].as_str().unwrap();
            let secret = if let Some(p) = secret.strip_prefix("pass:") {
                Some(Secret::Password(p.into()))
            } else {
                secret
                    .strip_prefix("key:")
                    .map(|k| Secret::from_hex(k).unwrap())
            };
            let read_back = v["read_back"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| {
                    let l = l.as_str().unwrap();
                    let (tag, rest) = l.split_once(' ').unwrap_or((l, "[]"));
                    let fields: Vec<String> = serde_json::from_str(rest).unwrap();
                    (tag.to_string(), fields)
                })
                .collect();
            Case {
                bytes: std::fs::read(dir(engine).join(&file)).unwrap(),
                file,
                secret,
                read_back,
            }
        })
        .collect()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Sections, keys and every value's text (and Godot 3's exact bytes) equal the engine's
/// own read-back, in its order.
fn check_oracle(engine: &str, case: &Case, config: &ConfigFile) {
    let what = format!("{engine}/{}", case.file);
    let mut sections = Vec::new();
    let mut keys = Vec::new();
    for (tag, f) in &case.read_back {
        match tag.as_str() {
            "ORACLE-CONFIG" => {
                assert_eq!(config.sections().count().to_string(), f[0], "{what}")
            }
            "ORACLE-SECTION" => sections.push(f[0].clone()),
            "ORACLE-KEY" => keys.push(f.clone()),
            "ORACLE-END" => {}
            other => panic!("{what}: unexpected {other} {f:?}"),
        }
    }
    assert_eq!(config.sections().collect::<Vec<_>>(), sections, "{what}");
    let ours: Vec<_> = config.iter().collect();
    assert_eq!(ours.len(), keys.len(), "{what}");
    for ((section, key, value), want) in ours.iter().zip(&keys) {
        assert_eq!(
            (*section, *key),
            (want[0].as_str(), want[1].as_str()),
            "{what}"
        );
        assert_eq!(
            value.text(style(engine)).to_string(),
            want[2],
            "{what} {section}/{key}"
        );
        if let Some(bytes) = want.get(3) {
            let bytes = bytes.strip_prefix("var2bytes:").unwrap();
            assert_eq!(hex(value.encoded()), bytes, "{what} {section}/{key}");
        }
    }
}

fn oracle_reads(case: &Case) -> bool {
    !case.read_back.iter().any(|(t, _)| t == "ORACLE-ERROR")
}

#[test]
fn every_plain_fixture_reads_as_the_engine_read_it_and_writes_back_byte_for_byte() {
    let mut checked = 0;
    for engine in ["g32", "g36", "g4"] {
        for case in cases(engine).iter().filter(|c| c.secret.is_none()) {
            let text = std::str::from_utf8(&case.bytes).unwrap();
            let read = ConfigFile::parse_with(text, &options(engine));
            if !oracle_reads(case) {
                continue; // checked in godot32_cannot_read_its_own_settings
            }
            let config = read.unwrap();
            check_oracle(engine, case, &config);
            assert_eq!(config.to_engine_text(), text, "{engine}/{}", case.file);
            assert_eq!(config.text(), text);
            checked += 1;
        }
    }
    assert_eq!(checked, 5);
}

#[test]
fn godot32_cannot_read_its_own_settings() {
    // 3.2.3 writes keys raw: `quote"key=3` starts a quoted key that never ends.
    let case = cases("g32")
        .into_iter()
        .find(|c| c.file == "settings.cfg")
        .unwrap();
    assert!(!oracle_reads(&case));
    let text = std::str::from_utf8(&case.bytes).unwrap();
    let error = ConfigFile::parse_with(text, &options("g32")).unwrap_err();
    assert_eq!(*error.kind(), K::BadKey(T::UnterminatedString));
    let line = text
        .lines()
        .position(|l| l.starts_with("quote\"key"))
        .unwrap()
        + 1;
    assert_eq!((error.line(), error.column()), (line, 6));
    assert_eq!(error.offset(), text.find("\"key=3").unwrap());
}

#[test]
fn godot32_writer_gives_godot32_bytes() {
    // The same values read from 3.6.2's file, written as 3.2.3 writes: its file exactly
    // (raw keys, `{\n\n}` for the empty dictionary).
    let g36 = std::fs::read_to_string(dir("g36").join("settings.cfg")).unwrap();
    let g32 = std::fs::read_to_string(dir("g32").join("settings.cfg")).unwrap();
    let config = ConfigFile::parse_with(&g36, &options("g32")).unwrap();
    assert_eq!(config.to_engine_text(), g32);
    let as36 = ConfigFile::parse_with(&g36, &options("g36")).unwrap();
    assert_eq!(as36.to_engine_text(), g36);
}

#[test]
fn encrypted_fixtures_open_and_read_as_the_plain_ones() {
    for engine in ["g32", "g36", "g4"] {
        for case in cases(engine) {
            let Some(secret) = &case.secret else { continue };
            let what = format!("{engine}/{}", case.file);
            let plain_name = if case.file.starts_with("empty") {
                "empty.cfg"
            } else {
                "settings.cfg"
            };
            let plain = std::fs::read(dir(engine).join(plain_name)).unwrap();
            let opened =
                container::open(&case.bytes, &OpenOptions::with_secret(secret.clone())).unwrap();
            assert_eq!(opened.bytes(), plain.as_slice(), "{what}");
            let read = ConfigFile::open(&case.bytes, Some(secret), &options(engine));
            if !oracle_reads(&case) {
                let e = read.unwrap_err();
                assert_eq!(*e.kind(), K::BadKey(T::UnterminatedString), "{what}");
                continue;
            }
            let config = read.unwrap();
            assert!(config.container().is_encrypted(), "{what}");
            check_oracle(engine, &case, &config);
            // Written back in its container, and as the engine's save_encrypted*.
            let again = config.to_file(Some(secret)).unwrap();
            let reopened = ConfigFile::open(&again, Some(secret), &options(engine)).unwrap();
            assert_eq!(reopened.text(), config.text(), "{what}");
            let saved = match secret {
                Secret::Password(p) => config.save_encrypted_pass(p).unwrap(),
                Secret::Key(k) => config.save_encrypted(k).unwrap(),
            };
            let opened =
                container::open(&saved, &OpenOptions::with_secret(secret.clone())).unwrap();
            assert_eq!(opened.bytes(), plain.as_slice(), "{what}");
            if engine != "g4" {
                // Godot 3's layout has no IV: the engine's bytes exactly.
                assert_eq!(saved, case.bytes, "{what}");
            } else {
                assert_eq!(saved.len(), case.bytes.len(), "{what}");
            }
        }
    }
}

#[test]
fn encrypted_errors() {
    let file = std::fs::read(dir("g4").join("settings_pass.cfg")).unwrap();
    let o = options("g4");
    let e = ConfigFile::open(&file, None, &o).unwrap_err();
    assert_eq!(*e.kind(), K::Container(ContainerErrorKind::NeedsKey));
    let wrong = Secret::Password("wrong".into());
    let e = ConfigFile::open(&file, Some(&wrong), &o).unwrap_err();
    assert_eq!(*e.kind(), K::Container(ContainerErrorKind::WrongKey));
    // A claimed plaintext length of 2^40 bytes: refused before any memory follows it.
    let right = Secret::Password("pässwörd-🔑-Ключ".into());
    let mut huge = file.clone();
    huge[20..28].copy_from_slice(&(1u64 << 40).to_le_bytes());
    let e = ConfigFile::open(&huge, Some(&right), &o).unwrap_err();
    assert!(matches!(e.kind(), K::Container(_)), "{e}");
    // Every truncation fails cleanly.
    for n in 0..file.len() {
        let r = ConfigFile::open(&file[..n], Some(&right), &o);
        if let Err(e) = r {
            assert!(e.offset() <= n);
        }
    }
}

/// (input, style, strict, kind, line, column)
#[allow(clippy::type_complexity)]
#[rustfmt::skip]
const MALFORMED: &[(&str, TextStyle, bool, fn(&K) -> bool, usize, usize)] = &[
    ("[display\nwidth=1\n", TextStyle::Godot4, false, |k| *k == K::UnterminatedSection, 1, 1),
    ("a=1\n[x\\]\n", TextStyle::Godot4, false, |k| *k == K::UnterminatedSection, 2, 1),
    ("a=1\nb\nc=2\n", TextStyle::Godot4, true, |k| *k == K::MissingEquals, 2, 1),
    ("a=1\ntrailing", TextStyle::Godot4, true, |k| *k == K::MissingEquals, 2, 1),
    ("# note\na=1\n", TextStyle::Godot36, true, |k| *k == K::MissingEquals, 1, 1),
    ("[s]\n  =1\n", TextStyle::Godot4, true, |k| *k == K::EmptyKey, 2, 3),
    ("[s]\nk=hello\n", TextStyle::Godot4, false, |k| matches!(k, K::BadValue(T::UnexpectedIdentifier(n)) if n == "hello"), 2, 3),
    ("[s]\nk=\n", TextStyle::Godot4, false, |k| *k == K::BadValue(T::ExpectedValue), 3, 1),
    ("[s]\nk=", TextStyle::Godot4, false, |k| *k == K::BadValue(T::ExpectedValue), 2, 3),
    ("[s]\nk = Vector2(1,\n", TextStyle::Godot4, false, |k| *k == K::BadValue(T::UnexpectedEnd), 3, 1),
    ("[s]\nk={\n\"a\": 1,\n\"b\" 2\n}\n", TextStyle::Godot4, false, |k| matches!(k, K::BadValue(T::Expected(_))), 4, 5),
    ("[s]\nname=\"abc\nx=1\n", TextStyle::Godot4, false, |k| *k == K::BadValue(T::UnterminatedString), 2, 6),
    ("[s]\n\"key=1\n", TextStyle::Godot4, false, |k| *k == K::BadKey(T::UnterminatedString), 2, 1),
    ("[s]\nk=&\"name\"\n", TextStyle::Godot36, false, |k| matches!(k, K::BadValue(_)), 2, 3),
    ("[s]\nk=ExtResource(\"1\")\n", TextStyle::Godot4, false, |k| matches!(k, K::BadValue(T::Unsupported(_))), 2, 3),
];

#[test]
fn malformed_inputs_fail_with_kind_line_and_column() {
    for (input, style, strict, kind, line, column) in MALFORMED {
        let options = ConfigOptions::new().style(*style).strict(*strict);
        let e = ConfigFile::parse_with(input, &options)
            .map(|c| c.to_engine_text())
            .unwrap_err();
        assert!(kind(e.kind()), "{input:?}: {e:?}");
        assert_eq!((e.line(), e.column()), (*line, *column), "{input:?}: {e}");
    }
}

#[test]
fn nesting_is_bounded() {
    let deep = format!("a={}{}", "[".repeat(100_000), "]".repeat(100_000));
    let e = ConfigFile::parse(&deep, gdvariant::Dialect::Godot4).unwrap_err();
    assert_eq!(*e.kind(), K::BadValue(T::TooDeep));
    assert_eq!(e.line(), 1);
    let shallow = ConfigOptions::new().read(ReadOptions::new().max_depth(3));
    assert!(ConfigFile::parse_with("a=[[[1]]]", &shallow).is_ok());
    let e = ConfigFile::parse_with("a=[[[[1]]]]", &shallow).unwrap_err();
    assert_eq!((e.kind(), e.column()), (&K::BadValue(T::TooDeep), 6));
}

#[test]
fn what_the_engine_reads_silently() {
    let read = |text: &str| {
        let c = ConfigFile::parse_with(text, &ConfigOptions::new()).unwrap();
        c.iter()
            .map(|(s, k, v)| format!("{s}/{k}={v}"))
            .collect::<Vec<_>>()
    };
    // `#` is no comment: the line joins the next key.
    assert_eq!(read("# note\na=1\n"), ["/#notea=1"]);
    // Whitespace inside an unquoted key goes; a quoted key replaces what came before.
    assert_eq!(
        read("key with spaces = 1\nab\"cd\"=2"),
        ["/keywithspaces=1", "/cd=2"]
    );
    // A key with no `=` at the end is ignored; `=1` with no key is dropped.
    assert_eq!(read("a=1\n=2\n\"\"=3\ntrailing"), ["/a=1"]);
    // `;` comments anywhere, also inside a key and between `=` and the value.
    assert_eq!(read("a;x\nb= ; c\n 1 ; d\n"), ["/ab=1"]);
    // null erases the key, and the section with it; a header alone makes no section;
    // `[]` and `[  ]` leave the section as it was; names are trimmed.
    assert_eq!(
        read("[s]\na=1\na=null\n[e]\n[ t ]\nb=2\n[]\nc=3\n[s]\nd=4"),
        ["t/b=2", "t/c=3", "s/d=4"]
    );
    // A key given twice keeps its first place and its last value.
    assert_eq!(read("[s]\na=1\nb=2\na=3"), ["s/a=3", "s/b=2"]);
    // A BOM: kept in an unquoted key, dropped at the start of a quoted one (the string
    // reader drops a leading BOM, as the engine's UTF-8 decoding does).
    assert_eq!(
        read("\u{feff}k=1\n\"\u{feff}q\"=2"),
        ["/\u{feff}k=1", "/q=2"]
    );
    // Keys before any section are in the section "".
    assert_eq!(read("x=1\n[s]\ny=2"), ["/x=1", "s/y=2"]);
    // Values span lines; several values on a line.
    assert_eq!(
        read("a={\n\"k\": [1,\n2]\n} b=Vector2 ( 1 , 2 )"),
        ["/a={\n\"k\": [1, 2]\n}", "/b=Vector2(1, 2)"]
    );
    // Godot 4 section names: `\]` does not end the header (the `\` stays); Godot 3: it does.
    let g4 = ConfigFile::parse("[a\\]b]\nk=1", gdvariant::Dialect::Godot4).unwrap();
    assert_eq!(g4.sections().collect::<Vec<_>>(), ["a\\]b"]);
    let g3 = ConfigFile::parse("[a\\]\nk=1", gdvariant::Dialect::Godot3).unwrap();
    assert_eq!(g3.sections().collect::<Vec<_>>(), ["a\\"]);
}

#[test]
fn engine_text_quotes_keys_and_headers_per_engine() {
    let text = "g=0\n[a]b]\n\"x y\"=1\n\"q\\\"k\"=2\nc/d=3\n\"ключ\"=4\n\"semi;\"=5\n";
    let g4 = ConfigFile::parse_with(text, &ConfigOptions::new().style(TextStyle::Godot4));
    // Godot 4 reads `[a]` then the key `b]"x y"` … no: the header ends at the first `]`.
    let g4 = g4.unwrap();
    assert_eq!(g4.sections().collect::<Vec<_>>(), ["", "a"]);
    assert_eq!(
        g4.to_engine_text(),
        "g=0\n\n[a]\n\n\"x y\"=1\n\"q\\\"k\"=2\nc/d=3\n\"ключ\"=4\n\"semi;\"=5\n"
    );
    let g36 =
        ConfigFile::parse_with(text, &ConfigOptions::new().style(TextStyle::Godot36)).unwrap();
    assert!(g36
        .to_engine_text()
        .starts_with("[]\n\ng=0\n\n[a]\n\n\"x y\"=1\n"));
    let g32 =
        ConfigFile::parse_with(text, &ConfigOptions::new().style(TextStyle::Godot32)).unwrap();
    assert!(g32
        .to_engine_text()
        .contains("\nx y=1\nq\"k=2\nc/d=3\nключ=4\nsemi;=5\n"));
}

/// Lines of `a` and `b` that differ, as (line number, a's line, b's line).
fn changed_lines<'t>(a: &'t str, b: &'t str) -> Vec<(usize, &'t str, &'t str)> {
    assert_eq!(a.lines().count(), b.lines().count(), "{b}");
    a.lines()
        .zip(b.lines())
        .enumerate()
        .filter(|(_, (x, y))| x != y)
        .map(|(i, (x, y))| (i + 1, x, y))
        .collect()
}

const HAND_WRITTEN: &str = r#"; Settings for my game — edited by hand

[display]
width   =  1920     ; pixels
height = 1080
  fullscreen=false

; the player
[player]
name = "Zoë"
stats = {
  "hp": 10,
  "mp": 5
}
"key with spaces" = Vector2( 1, 2 )
config/name="x"

[audio]
volume=0.8
"#;

#[test]
fn set_changes_one_line_only() {
    let mut c = ConfigFile::parse(HAND_WRITTEN, gdvariant::Dialect::Godot4).unwrap();
    c.set_text("display", "width", "1280").unwrap();
    assert_eq!(
        changed_lines(HAND_WRITTEN, c.text()),
        [(
            4,
            "width   =  1920     ; pixels",
            "width   =  1280     ; pixels"
        )]
    );
    assert_eq!(c.get("display", "width").unwrap().as_int(), Some(1280));

    let mut c = ConfigFile::parse(HAND_WRITTEN, gdvariant::Dialect::Godot4).unwrap();
    let bytes = gdvariant::text::read("Vector2(3, 4.5)", gdvariant::Dialect::Godot4).unwrap();
    let v = gdvariant::VariantRef::parse(&bytes, gdvariant::Dialect::Godot4).unwrap();
    c.set("player", "key with spaces", v).unwrap();
    assert_eq!(
        changed_lines(HAND_WRITTEN, c.text()),
        [(
            15,
            "\"key with spaces\" = Vector2( 1, 2 )",
            "\"key with spaces\" = Vector2(3, 4.5)"
        )]
    );
    c.set_text("player", "config/name", "\"y\"").unwrap();
    assert_eq!(changed_lines(HAND_WRITTEN, c.text()).len(), 2);
    assert_eq!(c.get("player", "config/name").unwrap().as_str(), Some("y"));
}

#[test]
fn set_of_a_multi_line_value_replaces_its_lines() {
    let mut c = ConfigFile::parse(HAND_WRITTEN, gdvariant::Dialect::Godot4).unwrap();
    c.set_text("player", "stats", "{}").unwrap();
    let want = HAND_WRITTEN.replace("{\n  \"hp\": 10,\n  \"mp\": 5\n}", "{}");
    assert_eq!(c.text(), want);
}

#[test]
fn new_keys_and_sections_are_added_where_they_belong() {
    let mut c = ConfigFile::parse(HAND_WRITTEN, gdvariant::Dialect::Godot4).unwrap();
    c.set_text("display", "vsync", "true").unwrap();
    c.set_text("audio", "muted", "false").unwrap();
    c.set_text("new one", "k", "[1, 2]").unwrap();
    c.set_text("", "top", "1").unwrap();
    let want = format!(
        "top=1\n\n{}",
        HAND_WRITTEN
            .replace("  fullscreen=false\n", "  fullscreen=false\nvsync=true\n")
            .replace(
                "volume=0.8\n",
                "volume=0.8\nmuted=false\n\n[\"new one\"]\n\nk=[1, 2]\n"
            )
    );
    // The new header is written as the engine writes it.
    let want = want.replace("[\"new one\"]", "[new one]");
    assert_eq!(c.text(), want);
    assert_eq!(
        c.sections().collect::<Vec<_>>(),
        ["", "display", "player", "audio", "new one"]
    );
    assert_eq!(
        c.keys("display").collect::<Vec<_>>(),
        ["width", "height", "fullscreen", "vsync"]
    );
}

#[test]
fn delete_removes_the_line_only() {
    let mut c = ConfigFile::parse(HAND_WRITTEN, gdvariant::Dialect::Godot4).unwrap();
    assert!(c.delete("display", "width").unwrap());
    assert_eq!(
        c.text(),
        HAND_WRITTEN.replace("width   =  1920     ; pixels\n", "")
    );
    assert!(c.delete("player", "stats").unwrap());
    assert!(!c.text().contains("hp"));
    assert!(!c.delete("player", "stats").unwrap());
    assert!(c.get("player", "stats").is_none());
    // A key on a line with another: only `key=value` goes.
    let mut c = ConfigFile::parse("a=1 b=2\n", gdvariant::Dialect::Godot4).unwrap();
    assert!(c.delete("", "a").unwrap());
    assert_eq!(c.text(), " b=2\n");
}

#[test]
fn edits_are_checked() {
    let mut c = ConfigFile::parse(HAND_WRITTEN, gdvariant::Dialect::Godot3).unwrap();
    let e = c.set_text("display", "width", "Vector2(1,").unwrap_err();
    assert_eq!(*e.kind(), K::BadEdit(T::UnexpectedEnd));
    let e = c.set_text("display", "width", "&\"name\"").unwrap_err();
    assert!(matches!(e.kind(), K::BadEdit(_)));
    // Godot 3 cannot read a section name with `]` back.
    let e = c.set_text("a]b", "k", "1").unwrap_err();
    assert_eq!(*e.kind(), K::Unrepresentable);
    assert_eq!(c.text(), HAND_WRITTEN);
    // Neither can Godot 4: it writes `[a\]b]`, and reads that back as `a\]b`.
    let mut g4 = ConfigFile::parse("", gdvariant::Dialect::Godot4).unwrap();
    let e = g4.set_text("a]b", "k", "1").unwrap_err();
    assert_eq!(*e.kind(), K::Unrepresentable);
    assert_eq!(g4.text(), "");
}

#[test]
fn no_panic_on_cut_or_damaged_files() {
    for engine in ["g32", "g36", "g4"] {
        let text = std::fs::read(dir(engine).join("settings.cfg")).unwrap();
        for n in 0..=text.len() {
            for strict in [false, true] {
                let o = options(engine).strict(strict);
                if let Err(e) = ConfigFile::from_bytes(&text[..n], &o) {
                    assert!(e.offset() <= n, "{engine} cut at {n}: {e}");
                }
            }
        }
        for (i, byte) in [b'[', b']', b'"', b'=', b';', b'\n', b'\\', b'{', b'(']
            .iter()
            .enumerate()
        {
            for at in (i..text.len()).step_by(7) {
                let mut damaged = text.clone();
                damaged[at] = *byte;
                if let Ok(c) = ConfigFile::from_bytes(&damaged, &options(engine)) {
                    let again = c.to_engine_text();
                    let _ = ConfigFile::parse_with(&again, &options(engine));
                }
            }
        }
    }
}
