//! Files of several `store_var` / `put_var` frames in a row, read in place with
//! `frame::frames`, built from the engines' own framed output (`w_*__*` fixtures are exact
//! store_var / put_var writes).

use crate::common;

use gdvariant::frame::{frames, FrameError, FrameOptions, FramesError, PrefixOrder};
use gdvariant::Dialect;

/// The framed fixtures of one engine, in a fixed order.
fn framed_cases(engine: &'static str) -> Vec<common::Case> {
    let mut cases: Vec<_> = common::cases(engine)
        .into_iter()
        .filter(|c| c.name.starts_with("w_") && c.is_prefixed())
        .collect();
    cases.sort_by(|a, b| a.name.cmp(&b.name));
    cases
}

#[test]
fn every_framed_fixture_of_an_engine_in_one_file() {
    for engine in ["g36", "g4"] {
        let cases = framed_cases(engine);
        assert!(cases.len() >= 8, "{engine}: {}", cases.len());
        let file: Vec<u8> = cases.iter().flat_map(|c| c.file.clone()).collect();
        let options = FrameOptions::new(cases[0].dialect());
        let mut at = 0;
        let mut seen = 0;
        for (frame, case) in frames(&file, options).zip(&cases) {
            let frame = frame.unwrap_or_else(|e| panic!("{engine}/{}: {e}", case.name));
            assert_eq!(frame.index, seen);
            assert_eq!(frame.offset, at, "{engine}/{}", case.name);
            assert_eq!(frame.range(), at..at + case.file.len());
            assert_eq!(frame.len, case.file.len() - 4);
            assert_eq!(frame.unused(), 0, "the engine fills its frames");
            assert_eq!(
                frame.value.offset(),
                at + 4,
                "offsets count from the file's start"
            );
            assert_eq!(frame.value.encoded(), case.value_bytes());
            assert_eq!(
                Some(frame.value.to_string()),
                case.decoded_text,
                "{engine}/{}",
                case.name
            );
            at += case.file.len();
            seen += 1;
        }
        assert_eq!(seen, cases.len());
        assert_eq!(at, file.len());
    }
}

#[test]
fn a_truncated_last_frame_says_where_and_how_many_bytes_it_needs() {
    let cases = framed_cases("g4");
    let (a, b) = (&cases[0], &cases[1]);
    let mut file = [a.file.as_slice(), b.file.as_slice()].concat();
    file.truncate(file.len() - 3);
    let mut it = frames(&file, FrameOptions::new(Dialect::Godot4));
    assert_eq!(it.next().unwrap().unwrap().offset, 0);
    let error = it.next().unwrap().unwrap_err();
    assert_eq!(
        error,
        FramesError {
            index: 1,
            offset: a.file.len(),
            error: FrameError::Truncated {
                needed: b.file.len() as u64,
                available: b.file.len() - 3,
            },
        }
    );
    assert_eq!(
        error.to_string(),
        format!(
            "frame #1 at offset {:#x}: truncated: it needs {} bytes, {} remain",
            a.file.len(),
            b.file.len(),
            b.file.len() - 3
        )
    );
    assert!(it.next().is_none(), "it stops after an error");
    assert_eq!(it.position(), a.file.len());
    assert_eq!(it.count_read(), 1);

    // Cut inside the next prefix: 4 bytes needed, 2 there.
    let file = [a.file.as_slice(), &[8, 0]].concat();
    let error = frames(&file, FrameOptions::new(Dialect::Godot4))
        .nth(1)
        .unwrap()
        .unwrap_err();
    assert_eq!(
        error.error,
        FrameError::Truncated {
            needed: 4,
            available: 2
        }
    );
}

#[test]
fn a_prefix_that_claims_2_gb_in_a_12_byte_file_is_an_error_at_its_offset() {
    // 0x80000000 claimed, an int 7 after it.
    let file = [0, 0, 0, 0x80, 2, 0, 0, 0, 7, 0, 0, 0];
    let options = FrameOptions::new(Dialect::Godot4);
    // Over the limit (16 MiB by default): refused before anything else.
    let error = frames(&file, options).next().unwrap().unwrap_err();
    assert_eq!((error.index, error.offset), (0, 0));
    assert_eq!(
        error.error,
        FrameError::TooLarge {
            len: 1 << 31,
            max: options.max_frame
        }
    );
    // Without a limit: the bytes are not there.
    let unlimited = options.max_frame(usize::MAX);
    let error = frames(&file, unlimited).next().unwrap().unwrap_err();
    assert_eq!(
        error.error,
        FrameError::Truncated {
            needed: (1 << 31) + 4,
            available: 12
        }
    );
    // The same lie in the second frame: its offset.
    let mut two = vec![8, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0];
    two.extend_from_slice(&file);
    let error = frames(&two, unlimited).nth(1).unwrap().unwrap_err();
    assert_eq!((error.index, error.offset), (1, 12));
}

#[test]
fn a_bad_value_is_reported_at_its_file_offset() {
    let cases = framed_cases("g4");
    let good = &cases[0].file;
    // A frame of 8 bytes whose value has an unknown type id (0x63).
    let bad = [8, 0, 0, 0, 0x63, 0, 0, 0, 0, 0, 0, 0];
    let file = [good.as_slice(), &bad, good].concat();
    let found: Vec<_> = frames(&file, FrameOptions::new(Dialect::Godot4)).collect();
    assert_eq!(found.len(), 2, "it stops after the error");
    let error = found[1].unwrap_err();
    assert_eq!((error.index, error.offset), (1, good.len()));
    match error.error {
        FrameError::Value(e) => {
            assert_eq!(e.kind(), gdvariant::ErrorKind::UnknownType(0x63));
            assert_eq!(e.offset(), good.len() + 4);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn bytes_after_a_value_inside_its_frame_are_counted_not_refused() {
    // get_var ignores them: a frame of 12 bytes holding an 8-byte int.
    let file = [12, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0, 0xee, 0xee, 0xee, 0xee];
    let frame = frames(&file, FrameOptions::new(Dialect::Godot4))
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(
        (frame.value.as_int(), frame.len, frame.unused()),
        (Some(7), 12, 4)
    );
    assert_eq!(frame.end(), 16);
}

#[test]
fn big_endian_prefixes_and_empty_input() {
    // store_var with big_endian = true: the prefix is big-endian, the value little-endian.
    let file = [
        0, 0, 0, 8, 2, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 8, 2, 0, 0, 0, 9, 0, 0, 0,
    ];
    let options = FrameOptions::new(Dialect::Godot3).order(PrefixOrder::Big);
    let ints: Vec<_> = frames(&file, options)
        .map(|f| f.unwrap().value.as_int())
        .collect();
    assert_eq!(ints, [Some(7), Some(9)]);
    assert_eq!(frames(&[], options).count(), 0);
}

/// A small deterministic generator (xorshift64*), so that the test needs no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

#[test]
fn mutated_frame_files_never_panic_and_stay_inside_the_input() {
    use gdvariant::frame::{detect, Hints};
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let cases: Vec<_> = ["g32", "g36", "g4"]
        .into_iter()
        .flat_map(framed_cases)
        .collect();
    for round in 0..3000 {
        // A few framed fixtures in a row, then a few bytes changed, cut or added.
        let mut file = Vec::new();
        for _ in 0..1 + rng.below(4) {
            file.extend_from_slice(&cases[rng.below(cases.len())].file);
        }
        for _ in 0..rng.below(4) {
            let at = rng.below(file.len());
            file[at] = rng.next() as u8;
        }
        match rng.below(3) {
            0 => file.truncate(rng.below(file.len() + 1)),
            1 => file.extend((0..rng.below(9)).map(|_| rng.next() as u8)),
            _ => {}
        }
        for dialect in [Dialect::Godot3, Dialect::Godot4] {
            let mut options = FrameOptions::new(dialect);
            if round % 2 == 1 {
                options.order = PrefixOrder::Big;
            }
            let mut end = 0;
            for item in frames(&file, options) {
                match item {
                    Ok(frame) => {
                        assert_eq!(frame.offset, end);
                        end = frame.end();
                        assert!(end <= file.len());
                        let value = frame.value;
                        assert!(value.offset() + value.encoded().len() <= end);
                    }
                    Err(e) => {
                        assert_eq!(e.offset, end);
                        if let FrameError::Value(v) = e.error {
                            assert!(v.offset() <= file.len());
                        }
                    }
                }
            }
        }
        for prefixed in [None, Some(true), Some(false)] {
            let hints = Hints {
                dialect: None,
                prefixed,
            };
            match detect(&file, hints) {
                Ok(found) => {
                    let mut count = 0;
                    for value in found.values() {
                        assert!(value.offset() + value.encoded().len() <= file.len());
                        let _ = value.to_string();
                        count += 1;
                    }
                    assert_eq!(count, found.value_count());
                }
                Err(e) => {
                    assert!(e.error.offset() <= file.len());
                    let _ = e.to_string();
                }
            }
        }
    }
}
