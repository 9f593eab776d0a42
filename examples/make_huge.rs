//! Writes a multi-gigabyte Godot 4 blob with the builder, for testing the CLI at scale:
//! `{"players": {"p<i>": {"id": i, "hp": …, "name": "player <i>", "pos": Vector2(…)}}, "mesh":
//! PackedVector3Array}`.
//!
//! `cargo run --release --example make_huge -- OUT.bin [PLAYERS] [VECTORS]`
//! (defaults: 20,000,000 players and 100,000,000 vectors: about 3.3 GB). Needs about as much
//! free memory as the output: the blob is built in one `Vec`.

use gdvariant::{Builder, Dialect, VariantType};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .ok_or("usage: make_huge OUT.bin [PLAYERS] [VECTORS]")?;
    let players: usize = args.next().map_or(Ok(20_000_000), |s| s.parse())?;
    let vectors: usize = args.next().map_or(Ok(100_000_000), |s| s.parse())?;

    let mut out = Vec::with_capacity(players * 96 + vectors * 12 + 64);
    let mut root = Builder::new(&mut out, Dialect::Godot4).dictionary()?;
    let mut all = root.entry("players").dictionary()?;
    let mut key = String::new();
    let mut name = String::new();
    for i in 0..players {
        use std::fmt::Write as _;
        key.clear();
        write!(key, "p{i}")?;
        name.clear();
        write!(name, "player {i}")?;
        let mut player = all.entry(&key).dictionary()?;
        player.entry("id").int(i as i64)?;
        player.entry("hp").float((i % 100) as f64 * 0.5)?;
        player.entry("name").string(&name)?;
        player
            .entry("pos")
            .math(VariantType::Vector2, &[i as f32, -(i as f32)])?;
        player.finish()?;
    }
    all.finish()?;
    let mesh: Vec<[f32; 3]> = (0..vectors)
        .map(|i| [i as f32, (i % 1000) as f32, 0.5])
        .collect();
    root.entry("mesh").packed_vector3(&mesh)?;
    root.finish()?;
    std::fs::write(&path, &out)?;
    println!("{path}: {} bytes", out.len());
    Ok(())
}
