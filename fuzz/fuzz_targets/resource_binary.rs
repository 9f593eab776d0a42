//! The binary resource reader (`gdvariant::resource`, `.res`/`.scn`/`.mesh`, `RSRC` and
//! `RSCC`): arbitrary bytes never panic, errors point inside the input, what reads
//! converts to a Document (or a typed error) whose every value is valid `var_to_bytes`,
//! and every packed array view lies inside the input; every Document written back with
//! `to_binary` reads again (or fails on a reference the binary form cannot hold).
//!
//! Input: `[config byte][file]`. Config bit 0: a nesting limit of 8 (else the default);
//! bit 1: at most 64 KiB decompressed.
#![no_main]

use gdvariant::resource::{
    decompress, BinValue, BinaryOptions, BinaryResource, BinaryWriteErrorKind as W,
};
use libfuzzer_sys::fuzz_target;

fn check_value(v: &BinValue<'_>, base: usize, len: usize) {
    match v {
        BinValue::Packed(p) => {
            let start = p.data_offset();
            assert!(start >= base && start + p.as_bytes().len() <= base + len);
        }
        BinValue::Array(items) => items.iter().for_each(|v| check_value(v, base, len)),
        BinValue::Dictionary(pairs) => pairs.iter().for_each(|(k, v)| {
            check_value(k, base, len);
            check_value(v, base, len);
        }),
        _ => {}
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&config, file)) = data.split_first() else {
        return;
    };
    let mut options = BinaryOptions::new();
    if config & 1 != 0 {
        options = options.max_depth(8);
    }
    if config & 2 != 0 {
        options = options.max_unpacked(64 << 10);
    }
    // The plain reader on the bytes as they are.
    match BinaryResource::parse_with(file, &options) {
        Err(e) => assert!(e.offset() <= file.len(), "{e}: offset past the input"),
        Ok(res) => {
            assert!(res.main().is_some());
            for r in &res.internals {
                for p in &r.properties {
                    check_value(&p.value, 0, file.len());
                }
            }
        }
    }
    // Through the container, then to the Document.
    let Ok(unpacked) = decompress(file, &options) else {
        return;
    };
    let plain = unpacked.bytes();
    let res = match unpacked.parse(&options) {
        Err(e) => {
            assert!(e.offset() <= plain.len(), "{e}: offset past the input");
            return;
        }
        Ok(res) => res,
    };
    if let Ok(doc) = res.to_document() {
        for s in std::iter::once(&doc.header).chain(&doc.sections) {
            for e in s.attrs.iter().chain(&s.props) {
                assert!(
                    e.get(doc.dialect).is_some(),
                    "{} {}: invalid bytes",
                    s.tag,
                    e.name
                );
            }
        }
        match doc.to_binary() {
            Ok(bytes) => {
                let back = BinaryResource::parse(&bytes).expect("our output reads");
                let _ = back.to_document();
            }
            Err(e) => assert!(
                matches!(
                    e.kind,
                    W::UnknownSubResource(_)
                        | W::UnknownExtResource(_)
                        | W::Scene(_)
                        | W::MissingAttribute(_)
                ),
                "{e}"
            ),
        }
    }
});
