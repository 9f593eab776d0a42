//! Encrypted files (GDEC), both layouts.
//!
//! Input: `[config byte][bytes]`. Config bit 0 picks the secret (the fixtures' password,
//! or their raw key); bit 1 picks what the bytes are:
//! - 0: a whole file, opened by `container::open` (hostile headers, lying lengths, short
//!   ciphertexts); if it opens, the plaintext's MD5 matched, so it must wrap back to a
//!   file that opens to the same bytes;
//! - 1: plaintext, encrypted in the layout bit 2 names (Godot 4 with the IV the config
//!   byte's high bits make), opened again to exactly the plaintext; then one byte of the
//!   file flipped (at the position the plaintext's first two bytes name) must never open
//!   to different plaintext: an error, or (a flip in bytes the engine ignores) the same,
//!   or, with the magic flipped, no container at all.
#![no_main]

use gdvariant::container::{encrypt, open, Container, Layout, OpenOptions, Secret};
use libfuzzer_sys::fuzz_target;

const LIMIT: u64 = 1 << 20;

fn options(secret: &Secret) -> OpenOptions {
    OpenOptions::new()
        .secret(secret.clone())
        .max_unpacked(LIMIT)
}

fuzz_target!(|input: &[u8]| {
    let Some((&config, data)) = input.split_first() else {
        return;
    };
    let secret = if config & 1 == 0 {
        Secret::Password("hunter2-Ünïcode".into())
    } else {
        Secret::from_hex("0b30557a9fc4e90e33587da2c7ec11365b80a5caef14395e83a8cdf2173c6186")
            .unwrap()
    };
    if config & 2 == 0 {
        if let Ok(opened) = open(data, &options(&secret)) {
            let plain = opened.bytes();
            assert!(plain.len() as u64 <= LIMIT);
            let container = opened.container();
            if container.is_plain() {
                return;
            }
            let again = container.wrap(plain, Some(&secret)).expect("wraps");
            assert_eq!(
                open(&again, &options(&secret)).expect("opens").bytes(),
                plain
            );
        }
        return;
    }
    let layout = if config & 4 == 0 {
        Layout::Godot3
    } else {
        Layout::Godot4
    };
    let iv = [config; 16];
    let file = encrypt(data, &secret, layout, Some(iv)).expect("encrypts");
    let opened = open(&file, &options(&secret)).expect("opens");
    assert_eq!(opened.bytes(), data);
    assert_eq!(opened.container(), Container::Encrypted { layout });
    if let [a, b, ..] = data {
        let mut damaged = file.clone();
        let at = (usize::from(*a) << 8 | usize::from(*b)) % damaged.len();
        damaged[at] ^= 0x01;
        match open(&damaged, &options(&secret)) {
            // A flip in the magic leaves no container: the bytes are given back as plain.
            Ok(opened) if opened.container().is_plain() => assert_eq!(opened.bytes(), damaged),
            Ok(opened) => assert_eq!(
                opened.bytes(),
                data,
                "a flipped byte never gives other plaintext"
            ),
            Err(_) => {}
        }
    }
});
