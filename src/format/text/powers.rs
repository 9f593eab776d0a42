//! The cached powers of ten of Grisu2 (a data table; see `grisu.rs`).

#[derive(Clone, Copy)]
pub(super) struct CachedPower {
    pub(super) f: u64,
    pub(super) e: i32,
    pub(super) k: i32,
}

/// The significands of 10^k for k = -300, -292, …, 340, rounded to nearest to 64 bits.
/// (Generated from exact powers of ten; see the unit test.)
const SIGNIFICANDS: [u64; 81] = [
    0xAB70FE17C79AC6CA,
    0xFF77B1FCBEBCDC4F,
    0xBE5691EF416BD60C,
    0x8DD01FAD907FFC3C,
    0xD3515C2831559A83,
    0x9D71AC8FADA6C9B5,
    0xEA9C227723EE8BCB,
    0xAECC49914078536D,
    0x823C12795DB6CE57,
    0xC21094364DFB5637,
    0x9096EA6F3848984F,
    0xD77485CB25823AC7,
    0xA086CFCD97BF97F4,
    0xEF340A98172AACE5,
    0xB23867FB2A35B28E,
    0x84C8D4DFD2C63F3B,
    0xC5DD44271AD3CDBA,
    0x936B9FCEBB25C996,
    0xDBAC6C247D62A584,
    0xA3AB66580D5FDAF6,
    0xF3E2F893DEC3F126,
    0xB5B5ADA8AAFF80B8,
    0x87625F056C7C4A8B,
    0xC9BCFF6034C13053,
    0x964E858C91BA2655,
    0xDFF9772470297EBD,
    0xA6DFBD9FB8E5B88F,
    0xF8A95FCF88747D94,
    0xB94470938FA89BCF,
    0x8A08F0F8BF0F156B,
    0xCDB02555653131B6,
    0x993FE2C6D07B7FAC,
    0xE45C10C42A2B3B06,
    0xAA242499697392D3,
    0xFD87B5F28300CA0E,
    0xBCE5086492111AEB,
    0x8CBCCC096F5088CC,
    0xD1B71758E219652C,
    0x9C40000000000000,
    0xE8D4A51000000000,
    0xAD78EBC5AC620000,
    0x813F3978F8940984,
    0xC097CE7BC90715B3,
    0x8F7E32CE7BEA5C70,
    0xD5D238A4ABE98068,
    0x9F4F2726179A2245,
    0xED63A231D4C4FB27,
    0xB0DE65388CC8ADA8,
    0x83C7088E1AAB65DB,
    0xC45D1DF942711D9A,
    0x924D692CA61BE758,
    0xDA01EE641A708DEA,
    0xA26DA3999AEF774A,
    0xF209787BB47D6B85,
    0xB454E4A179DD1877,
    0x865B86925B9BC5C2,
    0xC83553C5C8965D3D,
    0x952AB45CFA97A0B3,
    0xDE469FBD99A05FE3,
    0xA59BC234DB398C25,
    0xF6C69A72A3989F5C,
    0xB7DCBF5354E9BECE,
    0x88FCF317F22241E2,
    0xCC20CE9BD35C78A5,
    0x98165AF37B2153DF,
    0xE2A0B5DC971F303A,
    0xA8D9D1535CE3B396,
    0xFB9B7CD9A4A7443C,
    0xBB764C4CA7A44410,
    0x8BAB8EEFB6409C1A,
    0xD01FEF10A657842C,
    0x9B10A4E5E9913129,
    0xE7109BFBA19C0C9D,
    0xAC2820D9623BF429,
    0x80444B5E7AA7CF85,
    0xBF21E44003ACDD2D,
    0x8E679C2F5E44FF8F,
    0xD433179D9C8CB841,
    0x9E19DB92B4E31BA9,
    0xEB96BF6EBADF77D9,
    0xAF87023B9BF0EE6B,
];

/// 10^k for k = -300, -292, …, 340, as 64-bit significands rounded to nearest, with
/// binary exponents: `e = ⌊k·log2 10⌋ − 63`, `⌊k·log2 10⌋ = (k × 1741647) >> 19` over this
/// range (checked by the unit test against exact powers).
#[allow(
    clippy::indexing_slicing,
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap
)] // const initializer: checked at build time (i < 81)
pub(super) const CACHED_POWERS: [CachedPower; 81] = {
    let mut out = [CachedPower { f: 0, e: 0, k: 0 }; 81];
    let mut i = 0;
    while i < 81 {
        let k = -300 + 8 * i as i32;
        out[i] = CachedPower {
            f: SIGNIFICANDS[i],
            e: ((k * 1_741_647) >> 19) - 63,
            k,
        };
        i += 1;
    }
    out
};

/// Powers of ten that fit a u64.
pub(crate) const POW10: [u64; 20] = crate::format::digits::powers(10);
