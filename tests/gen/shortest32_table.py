#!/usr/bin/env python3
"""Generates the table G of src/format/shortest32.rs exactly (rationals), after checking
the three logarithm estimates used there over a wider range than an f32 needs.
`python3 tests/gen/shortest32_table.py` writes table.rs in the current directory."""
from fractions import Fraction
import math
def flog2pow10(e): return (e*913124641741) >> 38
def flog10pow2(q): return (q*661971961083) >> 41
def flog10tq(q): return (q*661971961083 - 274743187321) >> 41
# verify the estimates against exact math
for e in range(-60,60):
    x=Fraction(10)**e; f=0
    # floor(log2 x)
    f = x.numerator.bit_length()-x.denominator.bit_length()
    if Fraction(2)**f > x: f-=1
    if Fraction(2)**(f+1) <= x: f+=1
    assert flog2pow10(e)==f,(e)
for q in range(-160,120):
    x=Fraction(2)**q
    k=0
    while Fraction(10)**(k+1)<=x: k+=1
    while Fraction(10)**k > x: k-=1
    assert flog10pow2(q)==k
    x=Fraction(3,4)*Fraction(2)**q
    k=0
    while Fraction(10)**(k+1)<=x: k+=1
    while Fraction(10)**k > x: k-=1
    assert flog10tq(q)==k,q
ks=[flog10pow2(q) for q in range(-149,105)]+[flog10tq(q) for q in range(-149,105)]
print(min(ks),max(ks))
lo=-max(ks); hi=-min(ks)
out=[]
for e in range(lo,hi+1):
    f=flog2pow10(e)
    x=Fraction(10)**e*Fraction(2)**(62-f)
    g=math.floor(x)+1
    assert 2**62 < g <= 2**63
    out.append(g)
print(lo,hi,len(out))
with open('table.rs','w') as fh:
    fh.write(f"/// `floor(10^e × 2^(62 − ⌊e·log2 10⌋)) + 1` for `e` from {lo} to {hi}: 10^e rounded up to\n/// 63 significant bits (Schubfach's g for a binary32, which needs no second word).\n")
    fh.write(f"const G_MIN: i32 = {lo};\n")
    fh.write(f"const G: [u64; {len(out)}] = [\n")
    for g in out: fh.write(f"    0x{g:016X},\n")
    fh.write("];\n")
