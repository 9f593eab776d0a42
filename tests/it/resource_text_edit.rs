//! `gdvariant::resource` text files, edited and damaged: `set_text` and `delete` change
//! one value's text (or line) of the engine-written fixtures, and damaged fixtures never
//! panic the reader.

use gdvariant::resource::{ResourceErrorKind as K, ResourceOptions, TextResource};
use gdvariant::text::TextErrorKind as T;

use super::resource_text::{dir, options, parse, read, ENGINES, FILES};

/// The lines of `a` and `b` that differ, as (line number, a's line, b's line).
fn changed_lines(a: &str, b: &str) -> Vec<(usize, String, String)> {
    let (a, b): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    let n = a.len().max(b.len());
    (0..n)
        .filter(|&i| a.get(i) != b.get(i))
        .map(|i| {
            (
                i + 1,
                a.get(i).unwrap_or(&"").to_string(),
                b.get(i).unwrap_or(&"").to_string(),
            )
        })
        .collect()
}

#[test]
fn edits_change_one_line() {
    let original = read("g4", "scene_2d.tscn");
    let mut scene = parse("g4", "scene_2d.tscn");
    scene
        .set_text("node:Enemies/Enemy1/position", "Vector2(7, -8)")
        .unwrap();
    assert_eq!(
        changed_lines(&original, scene.text()),
        [(
            14,
            "position = Vector2(0, -10)".into(),
            "position = Vector2(7, -8)".into()
        )]
    );
    assert_eq!(
        scene
            .get("node:Enemies/Enemy1/position")
            .unwrap()
            .0
            .to_string(),
        "Vector2(7, -8)"
    );
    // A name with `/`, a multi-line value.
    let mut scene = parse("g4", "scene_2d.tscn");
    scene
        .set_text("node:Player/metadata/note", "\"new note\"")
        .unwrap();
    assert_eq!(changed_lines(&original, scene.text()).len(), 1);
    let noted = scene.text().to_string();
    scene.set_text("node:Title/text", "\"one line\"").unwrap();
    let old_text = "text = \"Héllo \\\"world\\\"\nline 2\"";
    assert!(noted.contains(old_text));
    assert_eq!(scene.text(), noted.replace(old_text, "text = \"one line\""));
    // A new property goes after the section's last one.
    let mut scene = parse("g4", "scene_2d.tscn");
    scene.set_text("node:Enemies/visible", "false").unwrap();
    let mut lines: Vec<&str> = original.lines().collect();
    lines.insert(11, "visible = false");
    assert_eq!(scene.text(), lines.join("\n") + "\n");
    // Deleting gives the original back.
    assert!(scene.delete("node:Enemies/visible").unwrap());
    assert_eq!(scene.text(), original);
    // Attributes.
    let original = read("g4", "custom_full.tres");
    let mut res = parse("g4", "custom_full.tres");
    res.set_text("ext:1_ch771/path", "\"res://other.tres\"")
        .unwrap();
    res.set_text("header/format", "4").unwrap();
    res.set_text("sub:Resource_f5su5/i", "8").unwrap();
    res.set_text("f", "0.25").unwrap();
    res.set_text("ext", "SubResource(\"Gradient_d2l51\")")
        .unwrap();
    let changed: Vec<usize> = changed_lines(&original, res.text())
        .into_iter()
        .map(|c| c.0)
        .collect();
    assert_eq!(changed, [3, 13, 35, 87]);
    assert!(
        res.text().contains("\nf = 0.25\n")
            && res
                .text()
                .ends_with("ext = SubResource(\"Gradient_d2l51\")\n")
    );
    assert!(res.delete("header/format").unwrap());
    assert_eq!(
        res.text().lines().next(),
        Some("[gd_resource type=\"Resource\"]")
    );
    // Bad edits change nothing.
    let before = res.text().to_string();
    let error = res.set_text("f", "Vector2(1,").unwrap_err();
    assert_eq!(
        (error.kind(), error.column()),
        (&K::BadEdit(T::UnexpectedEnd), 11)
    );
    assert_eq!(
        *res.set_text("sub:nope/i", "1").unwrap_err().kind(),
        K::BadPath
    );
    assert_eq!(
        *res.set_text("node:x/i", "1").unwrap_err().kind(),
        K::BadPath
    );
    assert_eq!(
        *res.set_text("ext:1_ch771/bad name", "1")
            .unwrap_err()
            .kind(),
        K::BadPath
    );
    assert_eq!(res.text(), before);
    // Godot 3: int ids, Godot 3 values.
    let mut g3 = parse("g36", "custom_full.tres");
    g3.set_text("sub:4/resource_name", "\"renamed\"").unwrap();
    g3.set_text("v2", "Vector2( 1, 2 )").unwrap();
    assert_eq!(
        changed_lines(&read("g36", "custom_full.tres"), g3.text()).len(),
        2
    );
}

#[test]
fn comments_and_spacing_survive_edits() {
    let text = "[gd_resource type=\"Resource\" format=3]\n\n; settings\n[resource]\n\na   =   1   ; one\nb=[1,\n  2]\n\n; end\n";
    let mut res = TextResource::parse(text).unwrap();
    res.set_text("a", "10").unwrap();
    res.set_text("b", "[]").unwrap();
    res.set_text("c", "\"x\"").unwrap();
    assert_eq!(
        res.text(),
        "[gd_resource type=\"Resource\" format=3]\n\n; settings\n[resource]\n\na   =   10   ; one\nb=[]\nc = \"x\"\n\n; end\n"
    );
    assert!(res.delete("a").unwrap());
    assert_eq!(
        res.text(),
        "[gd_resource type=\"Resource\" format=3]\n\n; settings\n[resource]\n\nb=[]\nc = \"x\"\n\n; end\n"
    );
    assert_eq!(
        res.to_engine_text(),
        "[gd_resource type=\"Resource\" format=3]\n\n[resource]\nb = []\nc = \"x\"\n"
    );
}

/// Every prefix of every fixture, and fixtures with bytes changed (a fixed pseudo-random
/// sequence): no panic, errors inside the text, what reads writes text that reads.
#[test]
fn damaged_fixtures_never_panic() {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let check =
        |bytes: &[u8], options: &ResourceOptions| match TextResource::from_bytes(bytes, options) {
            Err(e) => assert!(e.offset() <= bytes.len() && e.line() >= 1 && e.column() >= 1),
            Ok(res) => {
                let text = res.to_engine_text();
                let _ = TextResource::parse_with(&text, &options.style(Some(res.style())));
            }
        };
    let specials = b"[]=\"(){},;:\n /\\&SubResource";
    for engine in ENGINES {
        for file in FILES {
            let bytes = std::fs::read(dir(engine).join(file)).unwrap();
            let options = options(engine);
            for end in 0..bytes.len() {
                check(&bytes[..end], &options);
            }
            for _ in 0..200 {
                let mut damaged = bytes.clone();
                for _ in 0..1 + next() % 3 {
                    let at = (next() % damaged.len() as u64) as usize;
                    damaged[at] = specials[(next() % specials.len() as u64) as usize];
                }
                check(&damaged, &options);
            }
        }
    }
}
