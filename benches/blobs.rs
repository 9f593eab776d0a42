//! Benchmark inputs, built in memory.
//!
//! The four standard blobs, `pv3_1m`, `dict_nested_100k`, `bytes_10mb` and `dict_str_10k`,
//! each in a Godot 3 and a Godot 4 flavour (Variant binary layout of `var_to_bytes`, no
//! `store_var` length prefix; see [`standard`]). The Rust benches build them here;
//! `cargo run --release --example bench_blobs -- DIR` (examples/bench_blobs.rs) writes them
//! to `DIR/<name>_g3.bin` and `DIR/<name>_g4.bin` for the Python and npm benchmarks
//! (python/bench/bench.py, js/bench/run.mjs).
//!
//! `pv3_1m`'s elements are the first 3,000,000 draws of Python's `random.Random(1).random()`
//! rounded to f32: [`PyRandom`] is that generator (MT19937 seeded as CPython seeds it).
//!
//! Optional check: these blobs were first written by a Python script, `make_blobs.py`,
//! which is not part of this repository (the maintainers keep it at
//! `../shared/bench/make_blobs.py`). If you have it, the generated blobs can be compared
//! with its files, byte for byte: run `python3 ../shared/bench/make_blobs.py /tmp/blobs`,
//! then `GDVARIANT_CHECK_BLOBS=/tmp/blobs cargo bench --bench parse -- --test` (see
//! [`check_against_python`]), or `cmp` its files with the example's output. Nothing else
//! needs the script.
//!
//! The fifth input, `save_game_8mb`, exists only here (Godot 4): a save-game-like
//! dictionary of nested dictionaries and arrays with strings, ints, floats, Vector2 /
//! Vector3 values and a few packed arrays.

use gdvariant::VariantType;
use zerocopy::IntoBytes;

/// One encoded value, stored in `u32` words so that its bytes are 4-byte aligned (then
/// `Packed::as_native` is `Some` for 4-byte element types).
pub struct Blob {
    pub name: &'static str,
    words: Vec<u32>,
    len: usize,
}

impl Blob {
    pub fn new(name: &'static str, bytes: &[u8]) -> Self {
        let mut words = vec![0u32; bytes.len().div_ceil(4)];
        words.as_mut_bytes()[..bytes.len()].copy_from_slice(bytes);
        Blob {
            name,
            words,
            len: bytes.len(),
        }
    }

    /// The encoded bytes (4-byte aligned).
    pub fn bytes(&self) -> &[u8] {
        &self.words.as_bytes()[..self.len]
    }
}

/// The type ids the standard blobs use (Godot 3 and Godot 4).
#[derive(Clone, Copy)]
pub struct Ids {
    int: u32,
    float: u32,
    string: u32,
    dict: u32,
    bytes: u32,
    pv3: u32,
}

pub const G3: Ids = Ids {
    int: 2,
    float: 3,
    string: 4,
    dict: 18,
    bytes: 20,
    pv3: 25,
};
pub const G4: Ids = Ids {
    int: 2,
    float: 3,
    string: 4,
    dict: 27,
    bytes: 29,
    pv3: 36,
};

/// A little-endian Variant writer.
#[derive(Default)]
struct W(Vec<u8>);

impl W {
    fn with_capacity(n: usize) -> Self {
        W(Vec::with_capacity(n))
    }
    fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn hdr(&mut self, ty: u32) {
        self.u32(ty);
    }
    fn f32(&mut self, v: f32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn pad4(&mut self, n: usize) {
        self.0.resize(self.0.len() + (4 - n % 4) % 4, 0);
    }
    /// A String value (`s()` in the script).
    fn string(&mut self, ids: Ids, text: &str) {
        self.hdr(ids.string);
        self.u32(text.len() as u32);
        self.0.extend_from_slice(text.as_bytes());
        self.pad4(text.len());
    }
    /// A 32-bit int (`i32()` in the script).
    fn int32(&mut self, ids: Ids, v: i32) {
        self.hdr(ids.int);
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    /// A 32-bit float (`f32()` in the script).
    fn float32(&mut self, ids: Ids, v: f32) {
        self.hdr(ids.float);
        self.f32(v);
    }
}

/// Python's `random.Random(seed)` for a small non-negative int seed: CPython's MT19937,
/// seeded by `init_by_array([seed])`, and its 53-bit `random()`.
pub struct PyRandom {
    mt: [u32; 624],
    next: usize,
}

impl PyRandom {
    pub fn new(seed: u32) -> Self {
        let mut mt = [0u32; 624];
        // init_genrand(19650218)
        mt[0] = 19_650_218;
        for i in 1..624 {
            mt[i] = 1_812_433_253u32
                .wrapping_mul(mt[i - 1] ^ (mt[i - 1] >> 30))
                .wrapping_add(i as u32);
        }
        // init_by_array(&[seed]): one key word, so k = 624 and j is always 0.
        let mut i = 1;
        for _ in 0..624 {
            mt[i] = (mt[i] ^ (mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(seed);
            i += 1;
            if i >= 624 {
                mt[0] = mt[623];
                i = 1;
            }
        }
        for _ in 0..623 {
            mt[i] = (mt[i] ^ (mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_mul(1_566_083_941))
                .wrapping_sub(i as u32);
            i += 1;
            if i >= 624 {
                mt[0] = mt[623];
                i = 1;
            }
        }
        mt[0] = 0x8000_0000;
        PyRandom { mt, next: 624 }
    }

    fn refill(&mut self) {
        for k in 0..624 {
            let y = (self.mt[k] & 0x8000_0000) | (self.mt[(k + 1) % 624] & 0x7fff_ffff);
            let mag = if y & 1 == 1 { 0x9908_b0df } else { 0 };
            self.mt[k] = self.mt[(k + 397) % 624] ^ (y >> 1) ^ mag;
        }
        self.next = 0;
    }

    /// `genrand_uint32`.
    pub fn next_u32(&mut self) -> u32 {
        if self.next >= 624 {
            self.refill();
        }
        let mut y = self.mt[self.next];
        self.next += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// `random()`: a float in [0, 1) from 53 random bits.
    pub fn random(&mut self) -> f64 {
        let a = self.next_u32() >> 5;
        let b = self.next_u32() >> 6;
        (f64::from(a) * 67_108_864.0 + f64::from(b)) * (1.0 / 9_007_199_254_740_992.0)
    }
}

/// `pv3(ids, n)`: a PackedVector3Array / PoolVector3Array of `n` elements whose `3 * n`
/// floats are `random.Random(1).random()` draws rounded to f32.
pub fn pv3(ids: Ids, n: usize) -> Vec<u8> {
    let mut w = W::with_capacity(8 + 12 * n);
    w.hdr(ids.pv3);
    w.u32(n as u32);
    let mut rng = PyRandom::new(1);
    for _ in 0..3 * n {
        // as `array('f', ...)` stores a Python float: rounded to nearest
        w.f32(rng.random() as f32);
    }
    w.0
}

/// `raw(ids, n)`: a PackedByteArray / PoolByteArray of `n` bytes `(i * 131 + 7) & 0xFF`.
pub fn raw(ids: Ids, n: usize) -> Vec<u8> {
    let mut w = W::with_capacity(12 + n);
    w.hdr(ids.bytes);
    w.u32(n as u32);
    w.0.extend((0..n).map(|i| (i.wrapping_mul(131).wrapping_add(7) & 0xFF) as u8));
    w.pad4(n);
    w.0
}

/// `nested_dict(ids, n)`: `{"k<i>": {"id": i, "v": i * 0.5}}` for i in 0..n.
pub fn nested_dict(ids: Ids, n: usize) -> Vec<u8> {
    let mut w = W::with_capacity(64 * n + 8);
    w.hdr(ids.dict);
    w.u32(n as u32);
    for i in 0..n {
        w.string(ids, &format!("k{i}"));
        w.hdr(ids.dict);
        w.u32(2);
        w.string(ids, "id");
        w.int32(ids, i as i32);
        w.string(ids, "v");
        w.float32(ids, (i as f64 * 0.5) as f32);
    }
    w.0
}

/// `str_dict(ids, n)`: `{"key_<i:05>": "value string number <i> with some text"}`.
pub fn str_dict(ids: Ids, n: usize) -> Vec<u8> {
    let mut w = W::with_capacity(68 * n + 8);
    w.hdr(ids.dict);
    w.u32(n as u32);
    for i in 0..n {
        w.string(ids, &format!("key_{i:05}"));
        w.string(ids, &format!("value string number {i} with some text"));
    }
    w.0
}

/// The four standard blobs of one dialect, with their names (the files are
/// `<name>_g3.bin` / `<name>_g4.bin`).
pub fn standard(ids: Ids) -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("pv3_1m", pv3(ids, 1_000_000)),
        ("dict_nested_100k", nested_dict(ids, 100_000)),
        ("bytes_10mb", raw(ids, 10 * 1024 * 1024)),
        ("dict_str_10k", str_dict(ids, 10_000)),
    ]
}

/// The standard `dict_nested_100k` blob in Godot 4, in aligned storage (without building
/// the other standard blobs).
#[allow(dead_code)] // for serde.rs, from_text.rs and from_json.rs; parse.rs builds all four
pub fn dict_nested_100k_g4() -> Blob {
    Blob::new("dict_nested_100k", &nested_dict(G4, 100_000))
}

/// A Godot 4 PackedVector3Array of `n` elements in aligned storage.
pub fn pv3_g4(n: usize) -> Blob {
    Blob::new("pv3", &pv3(G4, n))
}

/// The optional check: compares the generated standard blobs with the files that the
/// original Python script, `make_blobs.py` (not in this repository), wrote into `dir`;
/// panics on the first difference. Only run when `GDVARIANT_CHECK_BLOBS` is set (parse.rs).
pub fn check_against_python(dir: &str) {
    for (tag, ids) in [("g3", G3), ("g4", G4)] {
        for (base, ours) in standard(ids) {
            let name = format!("{base}_{tag}");
            let path = format!("{dir}/{name}.bin");
            let theirs = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            assert_eq!(ours.len(), theirs.len(), "{name}: length");
            let first = ours.iter().zip(&theirs).position(|(a, b)| a != b);
            assert_eq!(first, None, "{name}: first differing byte");
            eprintln!("{name}: byte-identical ({} bytes)", ours.len());
        }
    }
}

// ---------------------------------------------------------------------------------------
// Save game (Godot 4)

const fn id(ty: VariantType) -> u32 {
    // The discriminant is the Godot 4 type id.
    ty as u32
}

/// Godot 4 writer helpers for the save game.
impl W {
    fn g4(&mut self, ty: VariantType) {
        self.hdr(id(ty));
    }
    fn s4(&mut self, text: &str) {
        self.string(G4, text);
    }
    fn int4(&mut self, v: i64) {
        match i32::try_from(v) {
            Ok(v) => self.int32(G4, v),
            Err(_) => {
                self.hdr(id(VariantType::Int) | 1 << 16);
                self.0.extend_from_slice(&v.to_le_bytes());
            }
        }
    }
    fn float4(&mut self, v: f64) {
        // Godot 4 writes a float as f32 when that is exact, else as f64 with the 64-bit flag.
        if f64::from(v as f32) == v {
            self.float32(G4, v as f32);
        } else {
            self.hdr(id(VariantType::Float) | 1 << 16);
            self.0.extend_from_slice(&v.to_le_bytes());
        }
    }
    fn bool4(&mut self, v: bool) {
        self.g4(VariantType::Bool);
        self.u32(v as u32);
    }
    fn vec2(&mut self, x: f32, y: f32) {
        self.g4(VariantType::Vector2);
        self.f32(x);
        self.f32(y);
    }
    fn vec3(&mut self, x: f32, y: f32, z: f32) {
        self.g4(VariantType::Vector3);
        self.f32(x);
        self.f32(y);
        self.f32(z);
    }
    fn color(&mut self, c: [f32; 4]) {
        self.g4(VariantType::Color);
        c.iter().for_each(|&v| self.f32(v));
    }
    fn dict(&mut self, pairs: u32) {
        self.g4(VariantType::Dictionary);
        self.u32(pairs);
    }
    fn array(&mut self, items: u32) {
        self.g4(VariantType::Array);
        self.u32(items);
    }
    fn key(&mut self, k: &str) {
        self.s4(k);
    }
}

/// A small deterministic generator for the save game's contents.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn unit(&mut self) -> f32 {
        self.next() as f32 / (1u64 << 31) as f32
    }
}

const ITEMS: [&str; 12] = [
    "iron_sword",
    "health_potion",
    "mana_potion",
    "oak_log",
    "stone",
    "copper_ore",
    "bread",
    "leather_armor",
    "bow",
    "arrow",
    "torch",
    "rope",
];
const TAGS: [&str; 6] = ["quest", "rare", "stackable", "cursed", "crafted", "bound"];
const ZONES: [&str; 5] = ["forest", "desert", "caves", "harbor", "mountains"];

/// One inventory item: `{"id", "count", "durability", "slot", "tags", "enchant"?}`.
fn item(w: &mut W, r: &mut Rng) {
    let enchanted = r.below(4) == 0;
    w.dict(5 + enchanted as u32);
    w.key("id");
    w.s4(ITEMS[r.below(ITEMS.len() as u64) as usize]);
    w.key("count");
    w.int4(1 + r.below(99) as i64);
    w.key("durability");
    w.float4(f64::from(r.unit()));
    w.key("slot");
    w.vec2(r.below(8) as f32, r.below(5) as f32);
    w.key("tags");
    let n = r.below(3) as u32;
    w.array(n);
    for _ in 0..n {
        w.s4(TAGS[r.below(TAGS.len() as u64) as usize]);
    }
    if enchanted {
        w.key("enchant");
        w.dict(2);
        w.key("kind");
        w.s4("fire");
        w.key("level");
        w.int4(1 + r.below(5) as i64);
    }
}

/// One player: identity, stats, position, an inventory, quest log and a recorded path.
fn player(w: &mut W, r: &mut Rng, i: usize) {
    w.dict(10);
    w.key("name");
    w.s4(&format!(
        "Player {i} the {}",
        ["Brave", "Quick", "Wise", "Lucky"][i % 4]
    ));
    w.key("uid");
    w.int4(0x1_0000_0000 + i as i64 * 7919); // needs the 64-bit form
    w.key("level");
    w.int4(1 + r.below(60) as i64);
    w.key("hp");
    w.float4(f64::from(r.unit()) * 100.0);
    w.key("position");
    w.vec3(r.unit() * 1000.0, r.unit() * 50.0, r.unit() * 1000.0);
    w.key("facing");
    w.vec2(r.unit(), r.unit());
    w.key("alive");
    w.bool4(r.below(10) != 0);
    w.key("inventory");
    let n = 20 + r.below(20) as u32;
    w.array(n);
    for _ in 0..n {
        item(w, r);
    }
    w.key("quests");
    w.dict(4);
    for q in 0..4 {
        w.key(&format!("quest_{:03}", i * 4 + q));
        w.dict(3);
        w.key("stage");
        w.int4(r.below(10) as i64);
        w.key("done");
        w.bool4(r.below(2) == 0);
        w.key("notes");
        w.s4("Talk to the harbor master, then bring three copper ores.");
    }
    w.key("path");
    let n = 64;
    w.g4(VariantType::PackedVector3Array);
    w.u32(n);
    for _ in 0..3 * n {
        w.f32(r.unit() * 1000.0);
    }
}

/// One world chunk: coordinates, zone, a heightmap (PackedFloat32Array), entity ids
/// (PackedInt32Array), props (Array of dicts) and a tint.
fn chunk(w: &mut W, r: &mut Rng, x: i64, y: i64) {
    w.dict(7);
    w.key("coord");
    w.array(2);
    w.int4(x);
    w.int4(y);
    w.key("zone");
    w.s4(ZONES[r.below(ZONES.len() as u64) as usize]);
    w.key("heights");
    w.g4(VariantType::PackedFloat32Array);
    w.u32(64);
    for _ in 0..64 {
        w.f32(r.unit() * 20.0);
    }
    w.key("entities");
    let n = r.below(16) as u32;
    w.g4(VariantType::PackedInt32Array);
    w.u32(n);
    for _ in 0..n {
        w.u32(r.below(100_000) as u32);
    }
    w.key("props");
    let n = 4 + r.below(8) as u32;
    w.array(n);
    for _ in 0..n {
        w.dict(3);
        w.key("kind");
        w.s4(["tree", "rock", "chest", "lamp"][r.below(4) as usize]);
        w.key("at");
        w.vec3(r.unit() * 16.0, r.unit() * 4.0, r.unit() * 16.0);
        w.key("scale");
        w.float4(f64::from(r.unit()) + 0.5);
    }
    w.key("tint");
    w.color([r.unit(), r.unit(), r.unit(), 1.0]);
    w.key("visited");
    w.bool4(r.below(3) == 0);
}

/// A ~8 MB (7,953,544 bytes) save-game dictionary, Godot 4 dialect. Strict-mode valid.
pub fn save_game() -> Vec<u8> {
    const PLAYERS: usize = 800;
    const CHUNKS: i64 = 48; // CHUNKS x CHUNKS world chunks
    let mut r = Rng(42);
    let mut w = W::with_capacity(9 << 20);
    w.dict(5);
    w.key("version");
    w.s4("1.4.2");
    w.key("saved_at");
    w.int4(1_732_000_000_123); // unix milliseconds: 64-bit
    w.key("settings");
    w.dict(4);
    w.key("difficulty");
    w.s4("hard");
    w.key("volume");
    w.float4(0.8);
    w.key("resolution");
    w.vec2(1920.0, 1080.0);
    w.key("bindings");
    w.g4(VariantType::PackedStringArray);
    w.u32(4);
    for b in ["W", "A", "S", "D"] {
        // As the engine writes PackedStringArray items: length and bytes include a NUL.
        w.u32(b.len() as u32 + 1);
        w.0.extend_from_slice(b.as_bytes());
        w.0.push(0);
        w.pad4(b.len() + 1);
    }
    w.key("players");
    w.array(PLAYERS as u32);
    for i in 0..PLAYERS {
        player(&mut w, &mut r, i);
    }
    w.key("world");
    w.dict((CHUNKS * CHUNKS) as u32);
    for y in 0..CHUNKS {
        for x in 0..CHUNKS {
            w.key(&format!("chunk_{x}_{y}"));
            chunk(&mut w, &mut r, x, y);
        }
    }
    w.0
}
