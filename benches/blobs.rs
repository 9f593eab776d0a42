//! Benchmark inputs, built in memory.
//!
//! The four standard blobs are a port of `/work/shared/bench/make_blobs.py` (Variant binary
//! layout of `var_to_bytes`, no `store_var` length prefix), in a Godot 3 and a Godot 4
//! flavour. `dict_nested_100k`, `bytes_10mb` and `dict_str_10k` were checked to be
//! byte-identical to the script's output, in both dialects (run
//! `python3 /work/shared/bench/make_blobs.py /tmp/blobs`, then
//! `GDVARIANT_CHECK_BLOBS=/tmp/blobs cargo bench --bench parse -- --test`).
//! `pv3_1m` has the script's size and header, but not its element values: those come from
//! Python's `random.Random(1)`, which is not reproduced here; a deterministic xorshift fill
//! is used instead (the cost of parsing a packed array does not depend on its values).
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

/// The type ids `make_blobs.py` uses (its `G3` / `G4` tables).
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

/// `pv3(ids, n)`: a PackedVector3Array / PoolVector3Array of `n` elements. Values differ from
/// the script's (see the module docs).
pub fn pv3(ids: Ids, n: usize) -> Vec<u8> {
    let mut w = W::with_capacity(8 + 12 * n);
    w.hdr(ids.pv3);
    w.u32(n as u32);
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..3 * n {
        // xorshift64*, top 24 bits as a float in [0, 1)
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        let r = state.wrapping_mul(0x2545_F491_4F6C_DD1D);
        w.f32((r >> 40) as f32 / (1u64 << 24) as f32);
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

/// The script's four blobs for one dialect, in its order, with its names.
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

/// Compares the generated standard blobs with `make_blobs.py`'s files in `dir`; panics on
/// the first difference (except pv3, whose values are known to differ: only its length and
/// 8-byte header are compared).
pub fn check_against_python(dir: &str) {
    for (tag, ids) in [("g3", G3), ("g4", G4)] {
        for (base, ours) in standard(ids) {
            let name = format!("{base}_{tag}");
            let path = format!("{dir}/{name}.bin");
            let theirs = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            assert_eq!(ours.len(), theirs.len(), "{name}: length");
            if name.starts_with("pv3_") {
                assert_eq!(ours[..8], theirs[..8], "{name}: header and count");
                eprintln!(
                    "{name}: same length and header ({} bytes; values differ by design)",
                    ours.len()
                );
            } else {
                let first = ours.iter().zip(&theirs).position(|(a, b)| a != b);
                assert_eq!(first, None, "{name}: first differing byte");
                eprintln!("{name}: byte-identical ({} bytes)", ours.len());
            }
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
