//! `SceneMultiplayer` packets (issue 26): a remote call with five typical arguments —
//! `rpc("update", 1042, Vector3(1.5, 0, -3.25), 0.75, "player_1042", true)` on a cached
//! node — decoded and re-encoded, beside the same arguments written with plain `Builder`
//! calls, and beside `parse` of the same five values as an Array, in the same run.
//!
//! Run: `cargo bench --bench multiplayer`. Each row reports `Throughput::Bytes` of the
//! call packet (criterion also prints the time per iteration: one packet).
//!
//! - `decode_reencode`: `Packet::parse` (validates every argument) + `Packet::encode`
//!   into a reused buffer.
//! - `decode_walk`: `Packet::parse` and reading each argument's value.
//! - `write_call`: the packet written from the values with `write_call`.
//! - `builder_args`: the five values written with plain `Builder` calls (no packet header,
//!   ordinary encodings: the cost floor of writing the same arguments).
//! - `parse_array`: `VariantRef::parse` of the five values as a Godot 4 Array.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gdvariant::multiplayer::{write_call, NodeTarget, Packet, RpcValue};
use gdvariant::{Builder, Dialect, VariantRef};

fn call_packet() -> Vec<u8> {
    let mut out = Vec::new();
    write_call(&mut out, NodeTarget::cached(3), 5, |args| {
        args.int(1042);
        args.build(|b| b.vector3([1.5, 0.0, -3.25]))?;
        args.build(|b| b.float(0.75))?;
        args.build(|b| b.string("player_1042"))?;
        args.bool(true);
        Ok(())
    })
    .unwrap();
    out
}

fn builder_args(out: &mut Vec<u8>) {
    Builder::new(out, Dialect::Godot4).int(1042).unwrap();
    Builder::new(out, Dialect::Godot4)
        .vector3([1.5, 0.0, -3.25])
        .unwrap();
    Builder::new(out, Dialect::Godot4).float(0.75).unwrap();
    Builder::new(out, Dialect::Godot4)
        .string("player_1042")
        .unwrap();
    Builder::new(out, Dialect::Godot4).bool(true).unwrap();
}

fn array_bytes() -> Vec<u8> {
    let mut out = Vec::new();
    let mut a = Builder::new(&mut out, Dialect::Godot4).array().unwrap();
    a.push().int(1042).unwrap();
    a.push().vector3([1.5, 0.0, -3.25]).unwrap();
    a.push().float(0.75).unwrap();
    a.push().string("player_1042").unwrap();
    a.push().bool(true).unwrap();
    a.finish().unwrap();
    out
}

fn bench(c: &mut Criterion) {
    let packet = call_packet();
    let array = array_bytes();
    let mut out = Vec::with_capacity(256);
    // The packet decodes to its five arguments and re-encodes to itself.
    let p = Packet::parse(&packet).unwrap();
    assert_eq!(p.to_vec().unwrap(), packet);
    let mut g = c.benchmark_group("multiplayer_call");
    g.throughput(Throughput::Bytes(packet.len() as u64));
    g.bench_function("decode_reencode", |b| {
        b.iter(|| {
            out.clear();
            let p = Packet::parse(black_box(&packet)).unwrap();
            p.encode(&mut out).unwrap();
            black_box(out.len())
        })
    });
    g.bench_function("decode_walk", |b| {
        b.iter(|| {
            let Packet::RemoteCall(call) = Packet::parse(black_box(&packet)).unwrap() else {
                unreachable!()
            };
            let mut sum = 0i64;
            for v in call.args().values().unwrap() {
                sum += match v {
                    RpcValue::Int(n) => n,
                    RpcValue::Bool(b) => i64::from(b),
                    RpcValue::Value(v) => v.encoded().len() as i64,
                };
            }
            black_box(sum)
        })
    });
    g.bench_function("write_call", |b| {
        b.iter(|| {
            out.clear();
            write_call(&mut out, NodeTarget::cached(3), 5, |args| {
                args.int(black_box(1042));
                args.build(|b| b.vector3([1.5, 0.0, -3.25]))?;
                args.build(|b| b.float(0.75))?;
                args.build(|b| b.string("player_1042"))?;
                args.bool(true);
                Ok(())
            })
            .unwrap();
            black_box(out.len())
        })
    });
    g.bench_function("builder_args", |b| {
        b.iter(|| {
            out.clear();
            builder_args(black_box(&mut out));
            black_box(out.len())
        })
    });
    g.bench_function("parse_array", |b| {
        b.iter(|| black_box(VariantRef::parse(black_box(&array), Dialect::Godot4).unwrap()).ty())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
