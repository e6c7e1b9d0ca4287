#!/usr/bin/env python3
"""Compiles small Triton / Gluon kernels of the kinds users write, offline (no
GPU, ptxas skipped), and saves each compilation's TTGIR and PTX under
tests/inspect/dumps/ as NAME-tVER-smCC.ttgir / .ptx (AMD: -gfx942, TTGIR only).

    /work/venvs/t36/bin/python tests/inspect/make_dumps.py [OUT_DIR]
    /work/venvs/t39/bin/python tests/inspect/make_dumps.py [OUT_DIR]

Also vector_add for sm_90 with MLIR_ENABLE_DUMP=1 (every pass's module) as
vector_add-tVER-sm90.passes.txt. Pointers and i32 arguments carry tt.divisibility = 16, as Triton's JIT specializes
aligned torch tensors and sizes that are multiples of 16.
The PTX is kept only as its memory, shuffle and MMA lines (ld/st.global, cp.async,
ld/st.shared, ldmatrix/stmatrix, shfl, redux, tcgen05.ld/st/cp/mma, wgmma, mma.sync; AMD: ds_*,
v_mfma*, v_wmma*, global/buffer loads and stores), which is all the test counts, to keep the data small. gluon_tmem4/8 (3.9, sm_100): tensor-memory loads and
stores of several tcgen05 messages.
"""
import os
import re
import sys
import traceback

import triton
import triton.language as tl
from triton import knobs
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource
from triton.experimental import gluon
import triton.experimental.gluon.language as gl
from triton.experimental.gluon._runtime import GluonASTSource
try:
    from triton.experimental.gluon.language.nvidia.blackwell import TensorMemoryLayout, allocate_tensor_memory
except ImportError:  # 3.6 names them differently; only the 3.9 cases use them
    TensorMemoryLayout = allocate_tensor_memory = None

VERSION = ".".join(triton.__version__.split(".")[:2])


@triton.jit
def vector_add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x + y, mask=mask)


@triton.jit
def softmax(in_ptr, out_ptr, stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(in_ptr + row * stride + cols, mask=cols < n_cols, other=-float("inf"))
    x = x - tl.max(x, axis=0)
    e = tl.exp(x)
    tl.store(out_ptr + row * stride + cols, e / tl.sum(e, axis=0), mask=cols < n_cols)


@triton.jit
def transpose(in_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    x = tl.load(in_ptr + rm[:, None] * N + rn[None, :])
    tl.store(out_ptr + rn[:, None] * M + rm[None, :], tl.trans(x))


@triton.jit
def layer_norm(x_ptr, y_ptr, w_ptr, b_ptr, stride, N, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    mean = tl.sum(x, axis=0) / N
    d = tl.where(mask, x - mean, 0.0)
    var = tl.sum(d * d, axis=0) / N
    w = tl.load(w_ptr + cols, mask=mask)
    b = tl.load(b_ptr + cols, mask=mask)
    y = d * (1.0 / tl.sqrt(var + eps)) * w + b
    tl.store(y_ptr + row * stride + cols, y.to(tl.float16), mask=mask)


@triton.jit
def matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm,
           BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :]
    b_ptrs = b_ptr + rk[:, None] * stride_bk + rn[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, num_stages=3):
        a = tl.load(a_ptrs)
        b = tl.load(b_ptrs)
        acc = tl.dot(a, b, acc)
        a_ptrs += BK
        b_ptrs += BK * stride_bk
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :], acc.to(tl.float16))


@triton.jit
def matmul_tma_ws(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1], block_shape=[BN, BK])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    om = tl.program_id(0) * BM
    on = tl.program_id(1) * BN
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, warp_specialize=True):
        a = a_desc.load([om, k])
        b = b_desc.load([on, k])
        acc = tl.dot(a, b.T, acc)
    c_desc.store([om, on], acc.to(tl.float16))


@triton.jit
def attention(q_ptr, k_ptr, v_ptr, o_ptr, n_ctx, scale, BM: tl.constexpr, BN: tl.constexpr, D: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rd = tl.arange(0, D)
    q = tl.load(q_ptr + rm[:, None] * D + rd[None, :])
    m_i = tl.full((BM,), -float("inf"), tl.float32)
    l_i = tl.zeros((BM,), tl.float32)
    acc = tl.zeros((BM, D), tl.float32)
    for start in range(0, n_ctx, BN):
        rn = start + tl.arange(0, BN)
        k = tl.load(k_ptr + rn[None, :] * D + rd[:, None])
        qk = tl.dot(q, k) * scale
        m_new = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.exp(qk - m_new[:, None])
        alpha = tl.exp(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(v_ptr + rn[:, None] * D + rd[None, :])
        acc = acc * alpha[:, None] + tl.dot(p.to(tl.float16), v)
        m_i = m_new
    tl.store(o_ptr + rm[:, None] * D + rd[None, :], (acc / l_i[:, None]).to(tl.float16))


@triton.jit
def dot(a_ptr, b_ptr, c_ptr, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, ACC: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a = tl.load(a_ptr + rm[:, None] * BK + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * BN + rn[None, :])
    c = tl.dot(a, b, out_dtype=ACC)
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], c.to(c_ptr.dtype.element_ty))


@triton.jit
def dot_scaled(a_ptr, sa_ptr, b_ptr, sb_ptr, c_ptr, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
               FMT: tl.constexpr, PACK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK // PACK)
    rs = tl.arange(0, BK // 32)
    a = tl.load(a_ptr + rm[:, None] * (BK // PACK) + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * BN + rn[None, :])
    sa = tl.load(sa_ptr + rm[:, None] * (BK // 32) + rs[None, :])
    sb = tl.load(sb_ptr + rn[:, None] * (BK // 32) + rs[None, :])
    c = tl.dot_scaled(a, sa, FMT, b, sb, FMT)
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], c)


@triton.jit
def scan(x_ptr, o_ptr, M: tl.constexpr, N: tl.constexpr, AXIS: tl.constexpr, REV: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :])
    tl.store(o_ptr + rm[:, None] * N + rn[None, :], tl.cumsum(x, axis=AXIS, reverse=REV))


@triton.jit
def scan1d(x_ptr, o_ptr, N: tl.constexpr):
    rn = tl.arange(0, N)
    tl.store(o_ptr + rn, tl.cumsum(tl.load(x_ptr + rn), axis=0))


@triton.jit
def gather(x_ptr, i_ptr, o_ptr, M: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :])
    idx = tl.load(i_ptr + rm[:, None] * N + rn[None, :])
    tl.store(o_ptr + rm[:, None] * N + rn[None, :], tl.gather(x, idx, axis=1))


@triton.jit
def gather1d(x_ptr, i_ptr, o_ptr, N: tl.constexpr):
    rn = tl.arange(0, N)
    tl.store(o_ptr + rn, tl.gather(tl.load(x_ptr + rn), tl.load(i_ptr + rn), axis=0))


@triton.jit
def histogram(x_ptr, o_ptr, N: tl.constexpr, B: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, N))
    tl.store(o_ptr + tl.arange(0, B), tl.histogram(x, B))


@triton.jit
def atomics(x_ptr, h_ptr, b_ptr, i_ptr, r_ptr, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + r)
    tl.atomic_add(x_ptr + BLOCK + r, x)
    tl.atomic_add(x_ptr + 2 * BLOCK + r, x, sem="relaxed")
    old = tl.atomic_max(i_ptr + r, x.to(tl.int32), sem="release", scope="cta")
    tl.store(r_ptr + r, old)
    tl.atomic_or(i_ptr + BLOCK + r, old, sem="release")
    tl.atomic_cas(i_ptr + 2 * BLOCK + r, old, old)
    tl.atomic_xchg(x_ptr + 3 * BLOCK + r, x, sem="acquire", scope="sys")
    h = tl.load(h_ptr + r)
    tl.atomic_add(h_ptr + BLOCK + r, h)
    tl.atomic_add(b_ptr + r, h.to(tl.bfloat16))
    tl.atomic_add(x_ptr + 4 * BLOCK + r // 4, x)


@gluon.jit
def gluon_explicit(in_ptr, out_ptr, M: gl.constexpr, N: gl.constexpr):
    L: gl.constexpr = gl.BlockedLayout([1, 8], [4, 8], [4, 1], [1, 0])
    T: gl.constexpr = gl.BlockedLayout([4, 1], [8, 4], [1, 4], [0, 1])
    S: gl.constexpr = gl.SwizzledSharedLayout(8, 1, 8, [1, 0])
    rm = gl.arange(0, M, layout=gl.SliceLayout(1, L))
    rn = gl.arange(0, N, layout=gl.SliceLayout(0, L))
    x = gl.load(in_ptr + rm[:, None] * N + rn[None, :])
    smem = gl.allocate_shared_memory(gl.float16, [M, N], S, x)
    y = smem.load(T)
    z = gl.convert_layout(y, L)
    s = gl.sum(z.to(gl.float32), axis=1)
    gl.store(out_ptr + rm[:, None] * N + rn[None, :], z + s.to(gl.float16)[:, None])


@gluon.jit
def tmem_slot(out_ptr, M: gl.constexpr, N: gl.constexpr, dt: gl.constexpr, tl_: gl.constexpr, rl: gl.constexpr):
    t = allocate_tensor_memory(dt, [M, N], tl_)
    x = t.load(rl)
    t.store(x)
    rm = gl.arange(0, M, layout=gl.SliceLayout(1, rl))
    rn = gl.arange(0, N, layout=gl.SliceLayout(0, rl))
    gl.store(out_ptr + rm[:, None] * N + rn[None, :], x.to(gl.float32))


@gluon.jit
def gluon_tmem(out_ptr, M: gl.constexpr, N: gl.constexpr, d1: gl.constexpr, t1: gl.constexpr, r1: gl.constexpr,
               d2: gl.constexpr, t2: gl.constexpr, r2: gl.constexpr, d3: gl.constexpr, t3: gl.constexpr,
               r3: gl.constexpr, d4: gl.constexpr, t4: gl.constexpr, r4: gl.constexpr):
    tmem_slot(out_ptr, M, N, d1, t1, r1)
    tmem_slot(out_ptr + M * N, M, N, d2, t2, r2)
    tmem_slot(out_ptr + 2 * M * N, M, N, d3, t3, r3)
    tmem_slot(out_ptr + 3 * M * N, M, N, d4, t4, r4)


def tmem_consts(m, n, warps, slots):
    """Four tensor-memory slots (dtype, blockM, blockN, colStride, variant) with the
    register layouts Triton 3.9's compute_tmem_reg_layout gives them."""
    from triton.experimental.gluon.language._semantic import _compute_tmem_reg_layout
    consts = {"M": m, "N": n}
    for i, (dt, bm, bn, cs, variant) in enumerate(slots, 1):
        lay = TensorMemoryLayout(block=(bm, bn), col_stride=cs)
        consts.update({f"d{i}": dt, f"t{i}": lay,
                       f"r{i}": _compute_tmem_reg_layout(dt, [m, n], [m, n], lay, warps, variant)})
    return consts


DIV16 = [["tt.divisibility", 16]]


def cases():
    f32, f16 = "*fp32", "*fp16"
    return [
        ("vector_add", vector_add, {"x_ptr": f32, "y_ptr": f32, "out_ptr": f32, "n": "i32", "BLOCK": "constexpr"},
         {"BLOCK": 1024}, 4),
        ("softmax", softmax, {"in_ptr": f32, "out_ptr": f32, "stride": "i32", "n_cols": "i32", "BLOCK": "constexpr"},
         {"BLOCK": 1024}, 4),
        ("transpose", transpose, {"in_ptr": f16, "out_ptr": f16, "M": "constexpr", "N": "constexpr"},
         {"M": 64, "N": 64}, 4),
        ("layer_norm", layer_norm, {"x_ptr": f16, "y_ptr": f16, "w_ptr": f32, "b_ptr": f32, "stride": "i32",
                                    "N": "i32", "eps": "fp32", "BLOCK": "constexpr"},
         {"BLOCK": 512}, 4),
        ("matmul", matmul, {"a_ptr": f16, "b_ptr": f16, "c_ptr": f16, "M": "i32", "N": "i32", "K": "i32",
                            "stride_am": "i32", "stride_bk": "i32", "stride_cm": "i32",
                            "BM": "constexpr", "BN": "constexpr", "BK": "constexpr"},
         {"BM": 128, "BN": 128, "BK": 64}, 4),
        ("matmul_tma_ws", matmul_tma_ws, {"a_ptr": f16, "b_ptr": f16, "c_ptr": f16, "M": "i32", "N": "i32", "K": "i32",
                                          "BM": "constexpr", "BN": "constexpr", "BK": "constexpr"},
         {"BM": 128, "BN": 128, "BK": 64}, 4),
        ("attention", attention, {"q_ptr": f16, "k_ptr": f16, "v_ptr": f16, "o_ptr": f16, "n_ctx": "i32",
                                  "scale": "fp32", "BM": "constexpr", "BN": "constexpr", "D": "constexpr"},
         {"BM": 64, "BN": 64, "D": 64}, 4),
        ("gluon", gluon_explicit, {"in_ptr": f16, "out_ptr": f16, "M": "constexpr", "N": "constexpr"},
         {"M": 64, "N": 64}, 4),
        # tl.dot of other element types and warp counts: the MMA instruction Triton picks
        ("dot_f8", dot, dict(DOT_SIG, a_ptr="*fp8e4nv", b_ptr="*fp8e5"), dot_consts(128, 128, 64), 4),
        ("dot_f8fnuz", dot, dict(DOT_SIG, a_ptr="*fp8e4b8", b_ptr="*fp8e5b16"), dot_consts(128, 128, 64), 4),
        ("dot_tf32", dot, dict(DOT_SIG, a_ptr=f32, b_ptr=f32, c_ptr=f32), dot_consts(64, 64, 32), 4),
        ("dot_i8", dot, dict(DOT_SIG, a_ptr="*i8", b_ptr="*i8", c_ptr="*i32"), dot_consts(128, 64, 64, tl.int32), 4),
        ("dot_acc16", dot, DOT_SIG, dot_consts(64, 128, 64, tl.float16), 4),
        ("dot_bf16_w8", dot, dict(DOT_SIG, a_ptr="*bf16", b_ptr="*bf16", c_ptr="*bf16"), dot_consts(128, 256, 32), 8),
        # tl.cumsum: along lanes (axis 1), across warps (axis 0; 1D with 8 warps), 16-bit and 64-bit values, reverse
        ("scan_rows", scan, SCAN_SIG, {"M": 32, "N": 1024, "AXIS": 1, "REV": False}, 8),
        ("scan_cols", scan, dict(SCAN_SIG, x_ptr=f16, o_ptr=f16), {"M": 64, "N": 64, "AXIS": 0, "REV": False}, 4),
        ("scan_reverse", scan, SCAN_SIG, {"M": 16, "N": 256, "AXIS": 1, "REV": True}, 4),
        ("scan1d", scan1d, {"x_ptr": "*i64", "o_ptr": "*i64", "N": "constexpr"}, {"N": 4096}, 8),
        # tl.gather: within a warp (shuffles) and across warps (shared memory)
        ("gather", gather, {"x_ptr": f32, "i_ptr": "*i32", "o_ptr": f32, "M": "constexpr", "N": "constexpr"},
         {"M": 32, "N": 64}, 4),
        ("gather1d", gather1d, {"x_ptr": f32, "i_ptr": "*i32", "o_ptr": f32, "N": "constexpr"}, {"N": 1024}, 4),
        ("histogram", histogram, {"x_ptr": "*i32", "o_ptr": "*i32", "N": "constexpr", "B": "constexpr"},
         {"N": 2048, "B": 128}, 8),
        ("atomics", atomics, {"x_ptr": f32, "h_ptr": f16, "b_ptr": "*bf16", "i_ptr": "*i32", "r_ptr": "*i32",
                              "BLOCK": "constexpr"}, {"BLOCK": 1024}, 4),
        ("dot_scaled", dot_scaled, SCALED_SIG, {"BM": 128, "BN": 128, "BK": 128, "FMT": "e4m3", "PACK": 1}, 4),
        ("dot_scaled_fp4", dot_scaled, dict(SCALED_SIG, a_ptr="*u8", b_ptr="*u8"),
         {"BM": 128, "BN": 128, "BK": 128, "FMT": "e2m1", "PACK": 2}, 4),
    ] + ([] if VERSION == "3.6" else [  # compute_tmem_reg_layout is new in 3.9
        ("gluon_tmem4", gluon_tmem, TMEM_SIG, tmem_consts(128, 64, 4, [
            (gl.float32, 128, 64, 1, "16x256b"), (gl.float32, 128, 64, 1, "16x128b"),
            (gl.float32, 128, 64, 1, "16x64b"), (gl.float16, 128, 64, 2, "32x32b")]), 4),
        ("gluon_tmem8", gluon_tmem, TMEM_SIG, tmem_consts(128, 128, 8, [
            (gl.float32, 128, 128, 1, "32x32b"), (gl.float16, 128, 128, 1, "32x32b"),
            (gl.float32, 128, 128, 1, "16x256b"), (gl.float32, 64, 128, 1, "16x64b")]), 8),
    ])


DOT_SIG = {"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16", "BM": "constexpr", "BN": "constexpr",
           "BK": "constexpr", "ACC": "constexpr"}
SCAN_SIG = {"x_ptr": "*fp32", "o_ptr": "*fp32", "M": "constexpr", "N": "constexpr", "AXIS": "constexpr",
            "REV": "constexpr"}
SCALED_SIG = {"a_ptr": "*fp8e4nv", "sa_ptr": "*u8", "b_ptr": "*fp8e4nv", "sb_ptr": "*u8", "c_ptr": "*fp32",
              "BM": "constexpr", "BN": "constexpr", "BK": "constexpr", "FMT": "constexpr", "PACK": "constexpr"}


def dot_consts(bm, bn, bk, acc=tl.float32):
    return {"BM": bm, "BN": bn, "BK": bk, "ACC": acc}
TMEM_SIG = {"out_ptr": "*fp32", "M": "constexpr", "N": "constexpr"}
TMEM_SIG.update({f"{k}{i}": "constexpr" for i in range(1, 5) for k in "dtr"})


def no_cubin_hook(*args):
    """Skip ptxas (the cubin stage) and AMD's linking: the IR is the answer."""
    if not args:  # 3.9 asks for a cache key first
        return "no-binary", "no-binary"
    stages = args[1]
    for name in ("cubin", "hsaco"):
        if name in stages:
            stages[name] = lambda src, md: b""


MEMORY_PTX = re.compile(r"^\s*(@!?%p\d+\s+)?(ld\.global|st\.global|cp\.async|red\.global|atom\.|"
                        r"ld\.shared|st\.shared|ldmatrix|stmatrix|shfl|redux|vote\.|popc|tcgen05\.(?:ld|st|cp|mma)\.|wgmma\.mma_async|mma\.sync)")


def pass_dump(out):
    """vector_add for sm_90 once more with MLIR_ENABLE_DUMP=1 (every pass's module on stderr),
    in a child so the variable takes effect from the start; saved as NAME.passes.txt."""
    import subprocess
    env = dict(os.environ, MLIR_ENABLE_DUMP="1", TRITON_ALWAYS_COMPILE="1", MAKE_DUMPS_CHILD="1")
    path = os.path.join(out, f"vector_add-t{VERSION}-sm90.passes.txt")
    with open(path, "w") as f:
        subprocess.run([sys.executable, os.path.abspath(__file__), out], env=env, stderr=f, stdout=subprocess.DEVNULL,
                       check=True)
    print(f"ok vector_add t{VERSION} sm90 (MLIR_ENABLE_DUMP)")


def compile_case(name, fn, sig, consts, target, warps):
    # Pointers and integers divisible by 16, as the JIT specializes them.
    attrs = {(i,): DIV16 for i, ty in enumerate(sig.values()) if ty[0] == "*" or ty == "i32"}
    cls = GluonASTSource if name.startswith("gluon") else ASTSource
    src = cls(fn=fn, signature=dict(sig), constexprs=dict(consts), attrs=attrs)
    return triton.compile(src, target=target, options={"num_warps": warps})


def main():
    args = [a for a in sys.argv[1:] if a != "--only-amd"]
    out = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "dumps")
    os.makedirs(out, exist_ok=True)
    knobs.runtime.add_stages_inspection_hook = no_cubin_hook
    if os.environ.get("MAKE_DUMPS_CHILD"):
        name, fn, sig, consts, warps = cases()[0]
        compile_case(name, fn, sig, consts, GPUTarget("cuda", 90, 32), warps)
        return
    if "--only-amd" not in sys.argv:
        pass_dump(out)
    targets = [("sm90", GPUTarget("cuda", 90, 32)), ("sm100", GPUTarget("cuda", 100, 32))]
    extra = {("matmul", "sm80"): GPUTarget("cuda", 80, 32), ("matmul", "gfx942"): GPUTarget("hip", "gfx942", 64),
             ("softmax", "gfx942"): GPUTarget("hip", "gfx942", 64), ("matmul", "gfx950"): GPUTarget("hip", "gfx950", 64),
             ("transpose", "gfx942"): GPUTarget("hip", "gfx942", 64),
             ("dot_tf32", "sm80"): GPUTarget("cuda", 80, 32), ("dot_i8", "sm80"): GPUTarget("cuda", 80, 32),
             ("dot_bf16_w8", "sm80"): GPUTarget("cuda", 80, 32), ("dot_f8", "gfx950"): GPUTarget("hip", "gfx950", 64),
             ("dot_bf16_w8", "gfx942"): GPUTarget("hip", "gfx942", 64), ("dot_acc16", "sm80"): GPUTarget("cuda", 80, 32), ("atomics", "sm80"): GPUTarget("cuda", 80, 32),
             ("atomics", "gfx942"): GPUTarget("hip", "gfx942", 64), ("atomics", "gfx950"): GPUTarget("hip", "gfx950", 64),
             ("dot_f8fnuz", "gfx942"): GPUTarget("hip", "gfx942", 64), ("dot_i8", "gfx942"): GPUTarget("hip", "gfx942", 64),
             ("dot_scaled", "gfx950"): GPUTarget("hip", "gfx950", 64), ("vector_add", "gfx942"): GPUTarget("hip", "gfx942", 64),
             ("dot_bf16_w8", "gfx950"): GPUTarget("hip", "gfx950", 64),
             ("dot_scaled_fp4", "gfx950"): GPUTarget("hip", "gfx950", 64)}
    if VERSION != "3.6":  # gfx1250 (WMMA v3) is new in 3.9
        extra.update({("vector_add", "gfx1250"): GPUTarget("hip", "gfx1250", 32),
                      ("dot_i8", "gfx1250"): GPUTarget("hip", "gfx1250", 32),
                      ("dot_f8", "gfx1250"): GPUTarget("hip", "gfx1250", 32),
                      ("dot_bf16_w8", "gfx1250"): GPUTarget("hip", "gfx1250", 32)})
    if "--only-amd" in sys.argv:  # regenerate the AMD dumps alone
        targets = []
        extra = {k: v for k, v in extra.items() if k[1].startswith("gfx")}
    failed = 0
    for name, fn, sig, consts, warps in cases():
        todo = list(targets) + [(t, tgt) for (n, t), tgt in extra.items() if n == name]
        for tname, target in todo:
            if name in ("matmul_tma_ws", "gluon_tmem4", "gluon_tmem8") and tname != "sm100":
                continue
            if name in ("dot_scaled", "dot_scaled_fp4") and tname not in ("sm100", "gfx950"):
                continue
            if name == "dot_f8fnuz" and tname != "gfx942":
                continue
            try:
                k = compile_case(name, fn, sig, consts, target, warps)
            except Exception as e:
                failed += 1
                print(f"FAILED {name} t{VERSION} {tname}: {str(e).splitlines()[0] if str(e) else type(e).__name__}")
                traceback.print_exc(limit=1)
                continue
            base = os.path.join(out, f"{name}-t{VERSION}-{tname}")
            with open(base + ".ttgir", "w") as f:
                f.write(k.asm["ttgir"])
            if "ptx" in k.asm:
                lines = [l for l in k.asm["ptx"].splitlines() if MEMORY_PTX.match(l)]
                with open(base + ".ptx", "w") as f:
                    f.write("// memory, shuffle and tensor-memory lines of the PTX of the same compilation (make_dumps.py)\n")
                    f.write("\n".join(lines) + "\n")
            if "amdgcn" in k.asm:
                lines = [l.strip() for l in k.asm["amdgcn"].splitlines() if re.match(r"\s*(ds_|v_mfma|v_wmma|global_load|global_store|global_atomic|buffer_load|buffer_store|buffer_atomic)", l)]
                with open(base + ".amdgcn", "w") as f:
                    f.write("; LDS lines of the AMDGCN assembly of the same compilation (make_dumps.py)\n")
                    f.write("\n".join(lines) + "\n")
            print(f"ok {name} t{VERSION} {tname}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
