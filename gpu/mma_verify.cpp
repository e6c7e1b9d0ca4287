#include "mma_verify.h"

#include <cmath>
#include <cstring>
#include <random>

#include "error.h"
#include "io/text.h"
#include "runtime.h"
#include "spec.h"

namespace ls::gpu {
namespace {

// One warp per probe: A and B registers come from global memory in the
// order the model gives them; D is written back per lane and register.
const char* kMmaSource = R"(
#define MMA_KERNEL(NAME, K, TYPE, AREGS, BREGS, AOPS, BOPS)                                      \
extern "C" __global__ void NAME(const unsigned* A, const unsigned* B, float* D, int probes) {     \
  int lane = threadIdx.x & 31, p = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;            \
  if (p >= probes) return;                                                                       \
  unsigned a[AREGS], b[BREGS];                                                                   \
  for (int i = 0; i < AREGS; ++i) a[i] = A[(p * 32 + lane) * AREGS + i];                         \
  for (int i = 0; i < BREGS; ++i) b[i] = B[(p * 32 + lane) * BREGS + i];                         \
  float d0 = 0, d1 = 0, d2 = 0, d3 = 0;                                                          \
  asm volatile("mma.sync.aligned.m16n8k" #K ".row.col.f32." TYPE "." TYPE ".f32 "                \
               "{%0,%1,%2,%3}, " AOPS ", " BOPS ", {%0,%1,%2,%3};"                               \
               : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3) MMA_IN_##AREGS##_##BREGS);                 \
  float* o = D + (p * 32 + lane) * 4;                                                            \
  o[0] = d0; o[1] = d1; o[2] = d2; o[3] = d3;                                                    \
}
#define MMA_IN_4_2 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1])
#define MMA_IN_2_1 : "r"(a[0]), "r"(a[1]), "r"(b[0])
MMA_KERNEL(ls_mma_k16_f16, 16, "f16", 4, 2, "{%4,%5,%6,%7}", "{%8,%9}")
MMA_KERNEL(ls_mma_k16_bf16, 16, "bf16", 4, 2, "{%4,%5,%6,%7}", "{%8,%9}")
MMA_KERNEL(ls_mma_k8_f16, 8, "f16", 2, 1, "{%4,%5}", "{%6}")
MMA_KERNEL(ls_mma_k8_bf16, 8, "bf16", 2, 1, "{%4,%5}", "{%6}")

// ldmatrix from a 16x16 matrix of 16-bit codes, row-major in shared memory.
// Lane l gives the address of row l % 8 of matrix l / 8; matrix j starts at
// row (j & 1) * 8, column (j >> 1) * 8.
#define LDM_KERNEL(NAME, SHAPE, N, OUTS, ...)                                                    \
extern "C" __global__ void NAME(const unsigned short* M, unsigned* R) {                          \
  __shared__ __align__(16) unsigned short s[256];                                                \
  int lane = threadIdx.x;                                                                        \
  for (int i = lane; i < 256; i += 32) s[i] = M[i];                                              \
  __syncthreads();                                                                               \
  int j = lane / 8, row = (j & 1) * 8 + lane % 8, col = (j >> 1) * 8;                            \
  unsigned addr = (unsigned)__cvta_generic_to_shared(&s[row * 16 + col]);                        \
  unsigned r[4] = {0, 0, 0, 0};                                                                  \
  asm volatile("ldmatrix.sync.aligned.m8n8." SHAPE ".shared.b16 " OUTS ", [%" #N "];"            \
               : __VA_ARGS__ : "r"(addr));                                                        \
  for (int i = 0; i < 4; ++i) R[lane * 4 + i] = r[i];                                            \
}
LDM_KERNEL(ls_ldm_x1, "x1", 1, "{%0}", "=r"(r[0]))
LDM_KERNEL(ls_ldm_x2, "x2", 2, "{%0,%1}", "=r"(r[0]), "=r"(r[1]))
LDM_KERNEL(ls_ldm_x4, "x4", 4, "{%0,%1,%2,%3}", "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]))
LDM_KERNEL(ls_ldm_x1_t, "x1.trans", 1, "{%0}", "=r"(r[0]))
LDM_KERNEL(ls_ldm_x2_t, "x2.trans", 2, "{%0,%1}", "=r"(r[0]), "=r"(r[1]))
LDM_KERNEL(ls_ldm_x4_t, "x4.trans", 4, "{%0,%1,%2,%3}", "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]))
)";

// wgmma m64nNk16 (sm_90a), one warpgroup per probe: A (64x16 f16) from
// registers in the model's order, B (16xN f16) from shared memory, K-major
// 8x8 core matrices without swizzle (lbo: bytes between core matrices along
// K, sbo: along N), D (64xN f32) back per thread and register.
const char* kWgmmaSource = R"(
#define WGMMA_KERNEL(NAME, N, DOUTS, DREGS, AIDX, DIDX)                                             \
extern "C" __global__ void NAME(const unsigned* A, const unsigned short* B, float* D, int lbo, int sbo) { \
  __shared__ __align__(128) unsigned short sb[16 * N];                                             \
  int t = threadIdx.x, p = blockIdx.x;                                                             \
  for (int i = t; i < 16 * N; i += 128) sb[i] = B[p * 16 * N + i];                                 \
  __syncthreads();                                                                                 \
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");                                    \
  unsigned a0 = A[(p * 128 + t) * 4], a1 = A[(p * 128 + t) * 4 + 1],                               \
           a2 = A[(p * 128 + t) * 4 + 2], a3 = A[(p * 128 + t) * 4 + 3];                           \
  unsigned addr = (unsigned)__cvta_generic_to_shared(sb);                                          \
  unsigned long long desc = (unsigned long long)((addr & 0x3FFFF) >> 4)                            \
      | ((unsigned long long)(lbo >> 4) << 16) | ((unsigned long long)(sbo >> 4) << 32);           \
  float d[DREGS];                                                                                  \
  for (int i = 0; i < DREGS; ++i) d[i] = 0;                                                        \
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");                                          \
  asm volatile("{ .reg .pred p; setp.ne.b32 p, 0, 0;\n"                                         \
               "wgmma.mma_async.sync.aligned.m64n" #N "k16.f32.f16.f16 " DOUTS ", "                \
               "{%" AIDX "}, %" DIDX ", p, 1, 1, 0; }"                                              \
               : WGMMA_OUT_##DREGS : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "l"(desc));              \
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");                                   \
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");                                   \
  for (int i = 0; i < DREGS; ++i) D[(p * 128 + t) * DREGS + i] = d[i];                             \
}
#define WGMMA_OUT_4 "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
#define WGMMA_OUT_8 WGMMA_OUT_4, "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7])
WGMMA_KERNEL(ls_wgmma_n8, 8, "{%0,%1,%2,%3}", 4, "4,%5,%6,%7", "8")
WGMMA_KERNEL(ls_wgmma_n16, 16, "{%0,%1,%2,%3,%4,%5,%6,%7}", 8, "8,%9,%10,%11", "12")
)";

uint16_t to_half(float v) {  // exact for the small integers used here
  if (v == 0) return 0;
  uint32_t f;
  std::memcpy(&f, &v, 4);
  uint32_t sign = (f >> 16) & 0x8000;
  int exp = static_cast<int>((f >> 23) & 0xff) - 127 + 15;
  return static_cast<uint16_t>(sign | (exp << 10) | ((f >> 13) & 0x3ff));
}
uint16_t to_bf16(float v) {
  uint32_t f;
  std::memcpy(&f, &v, 4);
  return static_cast<uint16_t>(f >> 16);
}

struct Cell {
  int row, col;
};

// (row, col) of (lane, register) under a model layout of one warp.
std::vector<std::vector<Cell>> cells_of(const LinearLayout& l, int regs) {
  std::vector<std::vector<Cell>> c(32, std::vector<Cell>(regs));
  for (int t = 0; t < 32; ++t)
    for (int i = 0; i < regs; ++i) {
      auto e = l.apply({i, t, 0, 0});
      c[t][i] = {e[0], e[1]};
    }
  return c;
}

SpecPtr mma_v2() { return make_spec(NvidiaMma{2, 0, {1, 1}, {16, 8}, {}}); }
LinearLayout dot(int op, const Shape& shape) { return to_linear(Spec{DotOperand{op, mma_v2(), 2}}, shape); }

std::string mlir_of(const Spec& s, const Shape& shape) {
  TensorLayout t;
  t.spec = make_spec(s);
  t.shape = shape;
  t.elem = "f16";
  t.elem_bits = 16;
  return print_mlir(t);
}

// Packs a probe's matrix into per-lane 32-bit registers as the model lays it out.
template <class Matrix>
void pack(std::vector<uint32_t>& out, const std::vector<std::vector<Cell>>& cells, Matrix value, bool bf16) {
  for (int t = 0; t < 32; ++t)
    for (size_t j = 0; j < cells[t].size() / 2; ++j) {
      auto h = [&](const Cell& c) { return bf16 ? to_bf16(value(c.row, c.col)) : to_half(value(c.row, c.col)); };
      out.push_back(h(cells[t][2 * j]) | (uint32_t{h(cells[t][2 * j + 1])} << 16));
    }
}

FragmentCheck check_mma(int k, bool bf16) {
  const int M = 16, N = 8;
  std::string name = std::string("ls_mma_k") + std::to_string(k) + (bf16 ? "_bf16" : "_f16");
  FragmentCheck fc{"mma.sync.m16n8k" + std::to_string(k) + (bf16 ? ".bf16" : ".f16"), "", 0, {}};
  auto A = cells_of(dot(0, {M, k}), M * k / 32);
  auto B = cells_of(dot(1, {k, N}), k * N / 32);
  auto C = cells_of(to_linear(*mma_v2(), {M, N}), 4);
  fc.model = mlir_of(Spec{DotOperand{0, mma_v2(), 2}}, {M, k}) + " ; " + mlir_of(Spec{DotOperand{1, mma_v2(), 2}}, {k, N}) +
             " ; " + mlir_of(*mma_v2(), {M, N});
  Kernel kern = compile(kMmaSource, name);
  // Probes: one per A cell, one per B cell, and one random product.
  std::vector<uint32_t> a, b;
  std::vector<Cell> probes;
  for (int r = 0; r < M; ++r)
    for (int c = 0; c < k; ++c) {
      pack(a, A, [&](int i, int j) { return float(i == r && j == c); }, bf16);
      pack(b, B, [&](int i, int j) { return float(i * N + j + 1); }, bf16);
      probes.push_back({r, c});
    }
  for (int r = 0; r < k; ++r)
    for (int c = 0; c < N; ++c) {
      pack(a, A, [&](int i, int j) { return float(i * k + j + 1); }, bf16);
      pack(b, B, [&](int i, int j) { return float(i == r && j == c); }, bf16);
      probes.push_back({r, c});
    }
  std::mt19937 rng(7);
  std::vector<float> ra(M * k), rb(k * N);
  for (auto& v : ra) v = float(int(rng() % 5) - 2);
  for (auto& v : rb) v = float(int(rng() % 5) - 2);
  pack(a, A, [&](int i, int j) { return ra[i * k + j]; }, bf16);
  pack(b, B, [&](int i, int j) { return rb[i * N + j]; }, bf16);
  int np = static_cast<int>(probes.size()) + 1;
  Buffer da(a.size() * 4), db(b.size() * 4), dd(size_t(np) * 32 * 4 * 4);
  da.upload(a.data(), a.size() * 4);
  db.upload(b.data(), b.size() * 4);
  void *pa = da.get(), *pb = db.get(), *pd = dd.get();
  launch(kern, (np + 3) / 4, 128, 0, {&pa, &pb, &pd, &np});
  std::vector<float> d(size_t(np) * 128);
  dd.download(d.data(), d.size() * 4);
  // D as the model reads it: value at (probe, row, col).
  auto D = [&](int p) {
    std::vector<float> m(M * N, 0);
    for (int t = 0; t < 32; ++t)
      for (int i = 0; i < 4; ++i) m[C[t][i].row * N + C[t][i].col] = d[(size_t(p) * 32 + t) * 4 + i];
    return m;
  };
  auto where_model = [&](const std::vector<std::vector<Cell>>& cells, Cell target, int& lane, int& reg) {
    for (int t = 0; t < 32; ++t)
      for (size_t i = 0; i < cells[t].size(); ++i)
        if (cells[t][i].row == target.row && cells[t][i].col == target.col) lane = t, reg = static_cast<int>(i);
  };
  for (size_t p = 0; p < probes.size(); ++p) {
    bool is_a = p < size_t(M * k);
    auto m = D(static_cast<int>(p));
    // The one-hot's product: A one-hot at (r, c) copies row c of B into row r
    // of D; B one-hot at (r, c) copies column r of A into column c of D.
    Cell hw{-1, -1};
    int nonzero = 0;
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < N; ++j) {
        float v = m[i * N + j];
        if (v == 0) continue;
        ++nonzero;
        int code = static_cast<int>(std::lround(v)) - 1;
        Cell c = is_a ? Cell{i, code / N} : Cell{code % k, j};
        bool consistent = is_a ? (code % N == j) : (code / k == i);
        if (!consistent || (hw.row >= 0 && (hw.row != c.row || hw.col != c.col))) hw = {-2, -2};
        else if (hw.row != -2) hw = c;
      }
    if (nonzero != (is_a ? N : M) || hw.row < 0) hw = {-1, -1};
    Cell want = probes[p];
    ++fc.cells;
    if (hw.row != want.row || hw.col != want.col) {
      CellMismatch mm{is_a ? "A" : "B", 0, 0, want.row, want.col, hw.row, hw.col};
      where_model(is_a ? A : B, want, mm.lane, mm.reg);
      fc.mismatches.push_back(mm);
    }
  }
  auto m = D(static_cast<int>(probes.size()));
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float ref = 0;
      for (int x = 0; x < k; ++x) ref += ra[i * k + x] * rb[x * N + j];
      ++fc.cells;
      if (m[i * N + j] != ref) {
        CellMismatch mm{"C", 0, 0, i, j, -1, -1};
        where_model(C, {i, j}, mm.lane, mm.reg);
        fc.mismatches.push_back(mm);
      }
    }
  return fc;
}

FragmentCheck check_ldmatrix(int x, bool trans) {
  std::string variant = "x" + std::to_string(x) + (trans ? ".trans" : "");
  std::string name = "ls_ldm_x" + std::to_string(x) + (trans ? "_t" : "");
  // The model layout each variant must equal (see the header).
  Shape shape = x == 4 ? Shape{16, 16} : x == 2 ? Shape{16, 8} : Shape{8, 8};
  Spec spec = trans ? Spec{DotOperand{1, mma_v2(), 2}} : x == 1 ? *mma_v2() : Spec{DotOperand{0, mma_v2(), 2}};
  FragmentCheck fc{"ldmatrix." + variant, mlir_of(spec, shape), 0, {}};
  auto model = cells_of(to_linear(spec, shape), 2 * x);
  std::vector<uint16_t> codes(256);
  for (int i = 0; i < 256; ++i) codes[i] = static_cast<uint16_t>(i + 1);  // raw 16-bit codes
  Buffer dm(512), dr(32 * 4 * 4);
  dm.upload(codes.data(), 512);
  void *pm = dm.get(), *pr = dr.get();
  launch(compile(kMmaSource, name), 1, 32, 0, {&pm, &pr});
  std::vector<uint32_t> r(128);
  dr.download(r.data(), 512);
  for (int t = 0; t < 32; ++t)
    for (int i = 0; i < 2 * x; ++i) {
      int code = static_cast<int>((r[t * 4 + i / 2] >> (16 * (i % 2))) & 0xffff) - 1;
      Cell hw = code >= 0 ? Cell{code / 16, code % 16} : Cell{-1, -1};
      ++fc.cells;
      if (hw.row != model[t][i].row || hw.col != model[t][i].col)
        fc.mismatches.push_back({variant, t, i, model[t][i].row, model[t][i].col, hw.row, hw.col});
    }
  return fc;
}

// A one-hot A at (r, c) times B[k][n] = k + 1 + 16 n puts row c of B into
// row r of D, so each D value names the (k, n) the hardware used.
FragmentCheck check_wgmma(int n, int lbo, int sbo) {
  const int M = 64, K = 16;
  SpecPtr mma = make_spec(NvidiaMma{3, 0, {4, 1}, {16, n, 16}, {}});
  // (row, col) of (thread, register) for the 128 threads of a warpgroup.
  auto cells128 = [](const LinearLayout& l, int regs) {
    std::vector<std::vector<Cell>> c(128, std::vector<Cell>(regs));
    for (int t = 0; t < 128; ++t)
      for (int i = 0; i < regs; ++i) {
        auto e = l.apply({i, t % 32, t / 32, 0});
        c[t][i] = {e[0], e[1]};
      }
    return c;
  };
  auto A = cells128(to_linear(Spec{DotOperand{0, mma, 2}}, {M, K}), 8);
  auto C = cells128(to_linear(*mma, {M, n}), M * n / 128);
  int dregs = M * n / 128;
  FragmentCheck fc{"wgmma.m64n" + std::to_string(n) + "k16.f16 (lbo " + std::to_string(lbo) + ", sbo " +
                       std::to_string(sbo) + ")",
                   mlir_of(Spec{DotOperand{0, mma, 2}}, {M, K}) + " ; " + mlir_of(*mma, {M, n}), 0, {}};
  auto code = [](int k, int j) { return float(k + 1 + 16 * j); };
  // B in shared-memory order: core matrix (k / 8, j / 8) at ((j / 8) * 2 + k / 8) * 64 elements.
  auto b_smem = [&](auto value) {
    std::vector<uint16_t> b(16 * n);
    for (int k = 0; k < K; ++k)
      for (int j = 0; j < n; ++j) b[((j / 8) * 2 + k / 8) * 64 + (j % 8) * 8 + k % 8] = to_half(value(k, j));
    return b;
  };
  std::vector<uint32_t> a;
  std::vector<uint16_t> b;
  std::vector<Cell> probes;
  auto pack128 = [&](auto value) {
    for (int t = 0; t < 128; ++t)
      for (int j = 0; j < 4; ++j)
        a.push_back(to_half(value(A[t][2 * j].row, A[t][2 * j].col)) |
                    (uint32_t{to_half(value(A[t][2 * j + 1].row, A[t][2 * j + 1].col))} << 16));
  };
  auto bcode = b_smem(code);
  for (int r = 0; r < M; ++r)
    for (int c = 0; c < K; ++c) {
      pack128([&](int i, int j) { return float(i == r && j == c); });
      b.insert(b.end(), bcode.begin(), bcode.end());
      probes.push_back({r, c});
    }
  std::mt19937 rng(11);
  std::vector<float> ra(M * K), rb(K * n);
  for (auto& v : ra) v = float(int(rng() % 5) - 2);
  for (auto& v : rb) v = float(int(rng() % 5) - 2);
  pack128([&](int i, int j) { return ra[i * K + j]; });
  auto brand = b_smem([&](int k, int j) { return rb[k * n + j]; });
  b.insert(b.end(), brand.begin(), brand.end());
  int np = static_cast<int>(probes.size()) + 1;
  Buffer da(a.size() * 4), db(b.size() * 2), dd(size_t(np) * 128 * dregs * 4);
  da.upload(a.data(), a.size() * 4);
  db.upload(b.data(), b.size() * 2);
  void *pa = da.get(), *pb = db.get(), *pd = dd.get();
  launch(compile(kWgmmaSource, "ls_wgmma_n" + std::to_string(n)), np, 128, 0, {&pa, &pb, &pd, &lbo, &sbo});
  std::vector<float> d(size_t(np) * 128 * dregs);
  dd.download(d.data(), d.size() * 4);
  auto D = [&](int p) {
    std::vector<float> m(M * n, 0);
    for (int t = 0; t < 128; ++t)
      for (int i = 0; i < dregs; ++i) m[C[t][i].row * n + C[t][i].col] = d[(size_t(p) * 128 + t) * dregs + i];
    return m;
  };
  for (size_t p = 0; p < probes.size(); ++p) {
    auto m = D(static_cast<int>(p));
    Cell hw{-1, -1};
    int nonzero = 0;
    bool consistent = true;
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < n; ++j) {
        float v = m[i * n + j];
        if (v == 0) continue;
        ++nonzero;
        int c = static_cast<int>(std::lround(v)) - 1;
        consistent = consistent && c / 16 == j && (hw.row < 0 || (hw.row == i && hw.col == c % 16));
        hw = {i, c % 16};
      }
    if (nonzero != n || !consistent) hw = {-1, -1};
    ++fc.cells;
    if (hw.row != probes[p].row || hw.col != probes[p].col) {
      CellMismatch mm{"A", 0, 0, probes[p].row, probes[p].col, hw.row, hw.col};
      for (int t = 0; t < 128; ++t)
        for (int i = 0; i < 8; ++i)
          if (A[t][i].row == probes[p].row && A[t][i].col == probes[p].col) mm.lane = t, mm.reg = i;
      fc.mismatches.push_back(mm);
    }
  }
  auto m = D(static_cast<int>(probes.size()));
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < n; ++j) {
      float ref = 0;
      for (int x = 0; x < K; ++x) ref += ra[i * K + x] * rb[x * n + j];
      ++fc.cells;
      if (m[i * n + j] != ref) fc.mismatches.push_back({"C", 0, 0, i, j, -1, -1});
    }
  return fc;
}

}  // namespace

std::vector<FragmentCheck> verify_fragments() {
  const DeviceInfo& d = current_device();
  require(d.major >= 8, "gpu mma-verify: needs compute capability 8.0 or newer; the device has " +
                            std::to_string(d.major) + "." + std::to_string(d.minor));
  std::vector<FragmentCheck> r;
  for (int k : {16, 8})
    for (bool bf16 : {false, true}) r.push_back(check_mma(k, bf16));
  for (bool trans : {false, true})
    for (int x : {1, 2, 4}) r.push_back(check_ldmatrix(x, trans));
  if (d.major == 9)  // wgmma is sm_90a only
    for (int n : {8, 16}) r.push_back(check_wgmma(n, 128, 256));
  return r;
}

}  // namespace ls::gpu
