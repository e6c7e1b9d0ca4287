#!/usr/bin/env python3
"""Writes assets/presets/*.json: every layout example of the seeds and the
common layouts of real kernels, each converted to the project's JSON by
layoutscope-cli (so the presets always match the model). Run after a build:
    python3 scripts/make_presets.py build/bin/layoutscope-cli
"""
import json
import os
import subprocess
import sys

TUT = "BlockedLayout([2, 4], [16, 2], [2, 2], [1, 0])"
MMA2 = "NVMMADistributedLayout(version=[2, 0], warps_per_cta=[2, 2], instr_shape=[16, 8])"
MMA3 = "NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, 128, 16])"
MMA2_MLIR = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>"
MMA3_MLIR = "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>"
SMEM = "#ttg.shared_memory, mutable>"
TMEM = "#ttng.tensor_memory, mutable>"
PRESETS = [
    # Gluon tutorial (seeds/gluon-tutorial-layouts.txt)
    ("gluon-blocked-64x16", "Gluon tutorial: BlockedLayout([2,4],[16,2],[2,2],[1,0]) on its 64x16 block", TUT, "64x16"),
    ("gluon-blocked-warp-tile", "Gluon tutorial: one warp of the layout above, the 32x8 T:reg grid it prints",
     "BlockedLayout([2, 4], [16, 2], [1, 1], [1, 0])", "32x8"),
    ("gluon-blocked-order01", "Gluon tutorial: the same block with order [0, 1] (registers run down columns)",
     "BlockedLayout([2, 4], [16, 2], [2, 2], [0, 1])", "64x16"),
    ("gluon-blocked-128x128", "Gluon tutorial: a 128x128 tensor tiles the block 2x8; 128 registers per thread", TUT, "128x128"),
    ("gluon-blocked-32x8-broadcast", "Gluon tutorial: a 32x8 tensor is broadcast to all four warps", TUT, "32x8"),
    ("gluon-slice-dim1", "Gluon tutorial: SliceLayout(dim=1) of the warp tile; each element on two threads",
     "SliceLayout(1, BlockedLayout([2, 4], [16, 2], [1, 1], [1, 0]))", "32"),
    ("gluon-memcpy-1d-r1", "Gluon tutorial: 1D memcpy, R=1 (XBLOCK 2048, 4 warps)", "BlockedLayout([1], [32], [4], [0])", "2048"),
    ("gluon-memcpy-1d-r4", "Gluon tutorial: 1D memcpy, R=4: 128-bit accesses", "BlockedLayout([4], [32], [4], [0])", "2048"),
    ("gluon-memcpy-1d-r16", "Gluon tutorial: 1D memcpy, R=16: four 128-bit accesses per thread",
     "BlockedLayout([16], [32], [4], [0])", "2048"),
    ("gluon-memcpy-2d-rows", "Gluon tutorial: 2D memcpy along rows (XBLOCK 1, YBLOCK 2048), coalesced on a row-major tensor",
     "BlockedLayout([1, 1], [1, 32], [1, 4], [1, 0])", "1x2048"),
    ("gluon-memcpy-2d-transposed", "Gluon tutorial: the fix for the transposed tensor (XBLOCK 2048, YBLOCK 1)",
     "BlockedLayout([1, 1], [32, 1], [4, 1], [0, 1])", "2048x1"),
    ("gluon-equivalent-blocked", "Gluon tutorial: three equal layouts (1): BlockedLayout([1],[32],[4],[0])",
     "BlockedLayout([1], [32], [4], [0])", "128"),
    ("gluon-equivalent-slice", "Gluon tutorial: three equal layouts (2): a slice of a 2D blocked layout",
     "SliceLayout(1, BlockedLayout([1, 1], [32, 1], [4, 1], [1, 0]))", "128"),
    ("gluon-equivalent-linear", "Gluon tutorial: three equal layouts (3): the linear layout, a 7x7 identity",
     "DistributedLinearLayout(reg_bases=[], lane_bases=[[1], [2], [4], [8], [16]], warp_bases=[[32], [64]], "
     "block_bases=[], shape=[128])", None),
    ("gluon-reduce-across-threads", "Gluon tutorial: a row spread over 32 threads: reducing it needs shuffles",
     "BlockedLayout([1, 1], [1, 32], [1, 4], [1, 0])", "128x128"),
    ("gluon-reduce-in-thread", "Gluon tutorial: each thread owns a whole row: reducing it needs no communication",
     "BlockedLayout([1, 128], [32, 1], [4, 1], [0, 1])", "128x128"),
    # Data-layout overview (seeds/triton-data-layout-overview-zh.txt)
    ("overview-blocked-16x16", "Data-layout overview: 16x16 with sizePerThread [2,2], threadsPerWarp [8,4], warpsPerCTA [1,2]",
     "#ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 2], order = [1, 0]}>", "16x16"),
    ("overview-blocked-4cta", "Data-layout overview: the same layout over 4 CTAs (ctasPerCluster [2,2]) on 32x32",
     "#ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 2], order = [1, 0], "
     "CTALayout = #ttg.cta_layout<{ctasPerCluster = [2, 2], ctasSplitNum = [2, 2], ctaOrder = [1, 0]}>}>", "32x32"),
    # Linear-layout post (seeds/triton-linear-layout-concept.txt)
    ("post-mfma-16x16x16-c", "Linear-layout post: AMD V_MFMA_F32_16X16X16_F16, the C tile",
     "AMDMFMALayout(version=3, instr_shape=[16, 16, 16], transposed=False, warps_per_cta=[1, 1])", "16x16"),
    ("post-swizzle-32x32", "Linear-layout post: offset o holds (o / 32, (o % 32) xor (o / 32))",
     "SwizzledSharedLayout(vec=1, per_phase=1, max_phase=32, order=[1, 0])", "32x32"),
    # Tilus chapter (seeds/tilus-register-layout.txt)
    ("tilus-m16n8k8-c", "Tilus chapter / PTX: mma.m16n8k8 operand C (the MMA v2 accumulator tile)",
     "NVMMADistributedLayout(version=[2, 0], warps_per_cta=[1, 1], instr_shape=[16, 8])", "16x8"),
    ("tilus-local-3x4", "Tilus chapter: local(3, 4), one thread holds all 12 elements", "local(3, 4)", None),
    ("tilus-spatial-3x2", "Tilus chapter: spatial(3, 2), six threads with one element each", "spatial(3, 2)", None),
    ("tilus-local-spatial", "Tilus chapter: local(3, 4).spatial(2, 3), each element of local(3, 4) becomes a spatial(2, 3) tile",
     "local(3, 4).spatial(2, 3)", None),
    ("tilus-spatial-local", "Tilus chapter: spatial(2, 3).local(3, 4), composition is not commutative",
     "spatial(2, 3).local(3, 4)", None),
    ("tilus-mma-c-chain", "Tilus chapter: repeat(2, 1).spatial(8, 4).repeat(1, 2), the m16n8k8 C layout as a chain",
     "repeat(2, 1).spatial(8, 4).repeat(1, 2)", None),
    ("tilus-reduce-spatial", "Tilus chapter: reduce(spatial(3, 4), dims=[0]), each element replicated in three threads",
     "reduce(spatial(3, 4), dims=[0])", None),
    ("tilus-column-local", "Tilus chapter: column_local(2, 3), local indices run down columns", "column_local(2, 3)", None),
    ("tilus-column-spatial", "Tilus chapter: column_spatial(2, 3), thread indices run down columns",
     "column_spatial(2, 3)", None),
    # Mojo LayoutTensor guide (seeds/mojo-layout-tensor.txt), CuTe notation
    ("mojo-col-major-2x4", "Mojo guide, Figure 1: a column-major layout; the coordinates (0, 1) are offset 2",
     "col_major(2, 4)", None),
    ("mojo-tile-major-4x4", "Mojo guide, Figure 2: a tile-major nested layout, ((1,0),(0,1)) -> 6",
     "blocked_product(row_major(2,2), row_major(2,2))", None),
    ("mojo-tile-32x32", "Mojo guide, Figure 3: tensor.tile[32, 32](0, 1) of a 64x64 column-major tensor",
     "tile(col_major(64,64), (32,32), (0,1))", None),
    ("mojo-vectorize-1x4", "Mojo guide, Figure 4: a 16x16 row-major tensor vectorized into 1x4 vectors",
     "vectorize(row_major(16,16), 1, 4)", None),
    ("mojo-distribute-fig5", "Mojo guide, Figure 5: a 4x4 row-major tensor distributed over a 2x2 column-major thread layout",
     "distribute(row_major(4,4), col_major(2,2))", None),
    ("mojo-distribute-warp", "Mojo guide: a 16x16 tile, 1x4 vectors, distributed over an 8x4 thread layout (a warp)",
     "distribute(vectorize(row_major(16,16), 1, 4), row_major(8,4))", None),
    ("cute-hierarchical", "CuTe: the hierarchical layout (4,(4,2)):(4,(1,16))", "(4,(4,2)):(4,(1,16))", None),
    ("cute-swizzle-8x64", "CuTe: Swizzle<3,3,3> over a row-major 8x64 f16 tile (the 128-byte swizzle in element units)",
     "Swizzle<3,3,3> o row_major(8,64)", None),
    # Common layouts of real kernels
    ("mma-v2-acc-64x64", "MMA v2 (mma.sync) accumulator, 2x2 warps, 64x64", MMA2, "64x64"),
    ("mma-v2-dot-a-f16", "MMA v2 operand A, f16 (kWidth 2), 64x32",
     f"tensor<64x32xf16, #ttg.dot_op<{{opIdx = 0, parent = {MMA2_MLIR}, kWidth = 2}}>>", None),
    ("mma-v2-dot-b-f16", "MMA v2 operand B, f16 (kWidth 2), 32x64",
     f"tensor<32x64xf16, #ttg.dot_op<{{opIdx = 1, parent = {MMA2_MLIR}, kWidth = 2}}>>", None),
    ("mma-v3-acc-128x128", "wgmma (MMA v3) accumulator, one warpgroup, 128x128", MMA3, "128x128"),
    ("mma-v3-dot-a-f16", "wgmma operand A from registers, f16 (kWidth 2), 128x64",
     f"tensor<128x64xf16, #ttg.dot_op<{{opIdx = 0, parent = {MMA3_MLIR}, kWidth = 2}}>>", None),
    ("nvmma-shared-128b-f16", "NVMMA shared, 128-byte swizzle, f16, 64x64 (the wgmma/TMA tile)",
     "!ttg.memdesc<64x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>, "
     + SMEM, None),
    ("nvmma-shared-128b-f16-transposed", "NVMMA shared, 128-byte swizzle, f16, transposed, 64x64",
     "!ttg.memdesc<64x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>, "
     + SMEM, None),
    ("coalesced-load-row-major", "Coalesced global load of a row-major 64x128 f32 tile: 4 contiguous elements per thread",
     "BlockedLayout([1, 4], [2, 16], [4, 1], [1, 0])", "64x128"),
    ("coalesced-load-transposed", "Coalesced global load of a column-major tile: threads run down columns",
     "BlockedLayout([4, 1], [16, 2], [1, 4], [0, 1])", "128x64"),
    ("swizzled-shared-f16", "Swizzled shared memory for f16 MMA operands: vec 8, perPhase 1, maxPhase 8",
     "!ttg.memdesc<64x64xf16, #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>, " + SMEM, None),
    # Blackwell Gluon tutorials: tensor memory (TMEM) layouts, Triton 3.9
    ("tmem-acc-128x128-f32", "Blackwell tutorial: the tcgen05.mma fp32 accumulator in tensor memory, 128x128 "
     "(one TMEM lane per row, one 32-bit column per element)",
     "!ttg.memdesc<128x128xf32, #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>, " + TMEM, None),
    ("tmem-acc-128x256-f32", "Blackwell tutorial: a 128x256 fp32 accumulator, half of the 512 TMEM columns",
     "!ttg.memdesc<128x256xf32, #ttng.tensor_memory_encoding<blockM = 128, blockN = 256, colStride = 1>, " + TMEM, None),
    ("tmem-operand-f16-colstride2", "Blackwell tutorial: an fp16 tensor in TMEM with col_stride 2 (unpacked: one "
     "16-bit value per 32-bit column), e.g. P of attention",
     "!ttg.memdesc<128x64xf16, #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 2>, " + TMEM, None),
    ("tmem-acc-m64-f32", "Blackwell tutorial: blockM 64 accumulator (M = 64 MMA): rows 16..31 hold columns N/2..N-1",
     "!ttg.memdesc<64x128xf32, #ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 1>, " + TMEM, None),
    ("tmem-acc-two-cta-256x128", "Blackwell tutorial: two-CTA mode (cta_group::2), a 256x128 accumulator split "
     "across the CTA pair, 128 rows each",
     "!ttg.memdesc<256x128xf32, #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1, "
     "CGALayout = [[1, 0]], twoCTAs = true>, " + TMEM, None),
    ("tmem-scales-128x8", "Blackwell tutorial: MX scale factors in tensor memory (TensorMemoryScalesLayout), "
     "128 rows x 8 byte scales",
     "!ttg.memdesc<128x8xi8, #ttng.tensor_memory_scales_encoding<>, " + TMEM, None),
    # AMD layouts of Triton 3.9 (docs/amd-layouts.md)
    ("wmma-gfx1250-16x16x32", "gfx1250 WMMA v3 in Triton 3.9's form: 16x16x32 instructions, 4 warps as 2x2 "
     "instruction tiles, a 64x64 fp32 accumulator",
     "AMDWMMALayout(version=3, transposed=False, warp_bases=[[0, 1], [1, 0]], reg_bases=[], instr_shape=[16, 16, 32])",
     "64x64"),
    ("wmma-gfx1250-32x16x128-transposed", "gfx1250 WMMA v3 32x16x128, transposed (16x32 tiles: each lane holds a row "
     "strip), a register repeat along M, 4 warps",
     "AMDWMMALayout(version=3, transposed=True, warp_bases=[[0, 1], [1, 0]], reg_bases=[[2, 0]], "
     "instr_shape=[32, 16, 128])", "128x64"),
    ("wmma-gfx1250-scale-a", "gfx1250 scaled WMMA: the scales of operand A (get_wmma_scale_layout, one e8m0 scale "
     "per 32 values) for a 64x128 mxfp operand",
     "AMDWMMAScaleLayout(operand_index=0, parent=AMDWMMALayout(version=3, transposed=False, warp_bases=[[0, 1], "
     "[1, 0]], reg_bases=[], instr_shape=[16, 16, 128]), scale_factor=32)", "64x4"),
    ("mfma-cdna4-16x16x32", "CDNA4 (gfx950) MFMA v4 16x16x32 accumulator, transposed, 2x2 warps, 64x64",
     "AMDMFMALayout(version=4, instr_shape=[16, 16, 32], transposed=True, warps_per_cta=[2, 2])", "64x64"),
    ("mfma-cdna4-scaled-32x32x64", "CDNA4 scaled MFMA 32x32x64 (mxfp4/mxfp8) accumulator, 2x2 warps, 128x128",
     "AMDMFMALayout(version=4, instr_shape=[32, 32, 64], transposed=True, warps_per_cta=[2, 2])", "128x128"),
]

# Register layouts of tmem loads (tmem-reg-layout): the epilogue layouts of the
# Blackwell tutorials, 128xN fp32 accumulators at 4 and 8 warps.
TMEM_REG = [
    ("tmem-reg-128x128-f32-4warps", "Blackwell tutorial: registers of a tmem load of the 128x128 fp32 accumulator, "
     "4 warps, 32x32b (one thread per TMEM lane, 128 registers)", "TensorMemoryLayout(block=(128, 128), col_stride=1)",
     "128x128", 4, "32x32b"),
    ("tmem-reg-128x128-f32-8warps", "Blackwell tutorial: the same load at 8 warps: warps 4..7 take the upper 64 columns",
     "TensorMemoryLayout(block=(128, 128), col_stride=1)", "128x128", 8, "32x32b"),
    ("tmem-reg-128x64-f32-16x256b", "Blackwell tutorial: a 128x64 fp32 accumulator loaded with 16x256b messages, 4 warps",
     "TensorMemoryLayout(block=(128, 64), col_stride=1)", "128x64", 4, "16x256b"),
]


def main():
    cli = sys.argv[1]
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "assets", "presets")
    os.makedirs(out, exist_ok=True)
    for name, description, text, shape in PRESETS:
        args = [cli, "convert", text, "--to", "json"] + (["--shape", shape] if shape else [])
        text = subprocess.run(args, check=True, capture_output=True, text=True).stdout
        assert text.startswith("{\n")
        head = f'{{\n  "name": {json.dumps(name)},\n  "description": {json.dumps(description)},\n'
        with open(os.path.join(out, name + ".json"), "w") as f:
            f.write(head + text[2:])
    for name, description, tmem, shape, warps, variant in TMEM_REG:
        r = json.loads(subprocess.run([cli, "tmem-reg-layout", "--tmem", tmem, "--shape", shape, "--bits", "32",
                                       "--num-warps", str(warps), "--variant", variant],
                                      check=True, capture_output=True, text=True).stdout)
        b = r["bases"]
        text = (f"DistributedLinearLayout(reg_bases={b['register']}, lane_bases={b['lane']}, warp_bases={b['warp']}, "
                f"block_bases={b['block']}, shape={r['shape']})")
        PRESETS.append((name, description, text, None))
        text = subprocess.run([cli, "convert", text, "--to", "json"], check=True, capture_output=True, text=True).stdout
        head = f'{{\n  "name": {json.dumps(name)},\n  "description": {json.dumps(description)},\n'
        with open(os.path.join(out, name + ".json"), "w") as f:
            f.write(head + text[2:])
    print(f"wrote {len(PRESETS)} presets to {os.path.normpath(out)}")


if __name__ == "__main__":
    main()
