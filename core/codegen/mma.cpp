#include "mma.h"

#include <algorithm>

namespace ls::codegen {
namespace {

bool is_e4m3(const std::string& t) { return t.rfind("f8E4M3", 0) == 0; }
bool is_e5m2(const std::string& t) { return t.rfind("f8E5M2", 0) == 0; }
bool is_int(const std::string& t) { return t == "i8" || t == "ui8" || t == "i32" || t == "ui32"; }

// PTX type of an operand / accumulator element; empty when none fits.
std::string ptx_operand(const std::string& t) {
  if (t == "f16" || t == "bf16") return t;
  if (t == "f32") return "tf32";
  if (is_e4m3(t)) return "e4m3";
  if (is_e5m2(t)) return "e5m2";
  if (t == "i8") return "s8";
  if (t == "ui8") return "u8";
  return "";
}
std::string ptx_acc(const std::string& t) {
  if (t == "f32" || t == "f16") return t;
  if (t == "i32") return "s32";
  return "";
}

int32_t bits_of(const std::string& t) {
  if (t == "f16" || t == "bf16") return 16;
  if (t == "f32" || t == "i32") return 32;
  return 8;
}

int64_t ceil_div(int64_t a, int64_t b) { return b > 0 ? std::max<int64_t>(1, (a + b - 1) / b) : 0; }

// AMD operand name: 8-bit floats by kind (CDNA3, RDNA4, gfx1250), else the type.
std::string amd_operand(const std::string& t) {
  if (is_e4m3(t)) return "fp8";
  if (is_e5m2(t)) return "bf8";
  if (t == "f16" || t == "bf16" || t == "i8" || t == "f32") return t;
  return "";
}

}  // namespace

std::optional<MmaInstruction> triton_mma(const MmaQuery& q, std::string* why) {
  auto fail = [&](const std::string& w) -> std::optional<MmaInstruction> {
    if (why) *why = w;
    return std::nullopt;
  };
  const bool scaled = !q.a_fmt.empty() || !q.b_fmt.empty();
  const bool fp4 = q.a_fmt == "e2m1" && q.b_fmt == "e2m1";
  // K in logical elements: e2m1 operands hold two per byte along K
  const int64_t k = q.a_fmt == "e2m1" ? 2 * q.k : q.k;
  const int64_t wm = q.warps.size() > 0 ? q.warps[0] : 1, wn = q.warps.size() > 1 ? q.warps[1] : 1;
  MmaInstruction r;
  switch (q.family) {
    case MmaFamily::mma_sync:
    case MmaFamily::wgmma: {
      std::string a = ptx_operand(q.a), b = ptx_operand(q.b), d = ptx_acc(q.c);
      if (a.empty() || b.empty() || d.empty()) return fail("no MMA instruction for " + q.a + " x " + q.b + " -> " + q.c);
      const int32_t ik = 256 / bits_of(q.a);
      if (q.family == MmaFamily::mma_sync) {
        r.mnk = {16, 8, ik};
        r.mnemonic = "mma.sync.aligned.m16n8k" + std::to_string(ik) + ".row.col" +
                     (is_int(q.c) ? ".satfinite" : "") + "." + d + "." + a + "." + b + "." + d;
        r.count = ceil_div(q.m, 16 * wm) * ceil_div(q.n, 8 * wn) * ceil_div(k, ik);
        r.issued_by = "each thread of a warp";
      } else {
        const int32_t in = q.instr.size() > 1 ? q.instr[1] : 0;
        if (in <= 0) return fail("wgmma: the accumulator layout has no instrShape N");
        r.mnk = {64, in, ik};
        r.mnemonic = "wgmma.mma_async.sync.aligned.m64n" + std::to_string(in) + "k" + std::to_string(ik) + "." + d +
                     "." + a + "." + b;
        // a warpgroup is 4 warps along M, 16 rows each
        r.count = ceil_div(q.m, 16 * wm) * ceil_div(q.n, int64_t{in} * wn) * ceil_div(k, ik);
        r.issued_by = "each thread of a warpgroup";
      }
      return r;
    }
    case MmaFamily::tcgen05: {
      std::string kind;
      int32_t ik = 0;
      if (scaled) {
        kind = fp4 ? "mxf4" : "mxf8f6f4";
        kind += ".block_scale";
        kind += q.version == TritonVersion::v3_6 ? (fp4 ? ".scale_vec::2X" : ".scale_vec::1X") : ".block32";
        ik = fp4 ? 64 : 32;
      } else if (q.a == "f16" || q.a == "bf16") {
        kind = "f16", ik = 16;
      } else if (q.a == "f32") {
        kind = "tf32", ik = 8;
      } else if (is_e4m3(q.a) || is_e5m2(q.a)) {
        kind = "f8f6f4", ik = 32;
      } else if (q.a == "i8" || q.a == "ui8") {
        kind = "i8", ik = 32;
      } else {
        return fail("no tcgen05.mma kind for " + q.a);
      }
      const int32_t im = q.instr.size() > 0 ? q.instr[0] : 128;
      const int64_t in = std::min<int64_t>(q.n, 256);
      r.mnk = {im, static_cast<int32_t>(in), ik};
      r.mnemonic = std::string("tcgen05.mma.cta_group::") + (q.two_ctas ? "2" : "1") + ".kind::" + kind;
      r.count = ceil_div(q.m, im) * ceil_div(q.n, in) * ceil_div(k, ik);
      r.issued_by = "one thread";
      return r;
    }
    case MmaFamily::mfma:
    case MmaFamily::wmma: {
      if (q.instr.size() < 3) return fail("the accumulator layout has no instrShape M, N, K");
      std::string a = amd_operand(q.a), b = amd_operand(q.b);
      std::string d = q.c == "i32" ? "i32" : q.c == "f32" ? "f32" : "";
      if (a.empty() || b.empty() || d.empty()) return fail("no AMD MMA instruction for " + q.a + " x " + q.b + " -> " + q.c);
      const bool f8 = (a == "fp8" || a == "bf8") && (b == "fp8" || b == "bf8");
      std::string t = a == "i8" && q.family == MmaFamily::wmma ? "iu8" : a;  // WMMA: signedness in its modifiers
      if (q.with_scales || (f8 && q.family == MmaFamily::mfma && q.instr[2] >= 64)) {
        t = "f8f6f4";  // CDNA4's 8/6/4-bit form
      } else if (f8) {
        // 3.9 swaps A and B of a transposed layout
        t = q.transposed && q.version != TritonVersion::v3_6 ? b + "_" + a : a + "_" + b;
      }
      const std::string name = q.family == MmaFamily::wmma ? "v_wmma_" : q.with_scales ? "v_mfma_scale_" : "v_mfma_";
      r.mnk = q.instr;
      r.mnemonic = name + d + "_" + std::to_string(q.instr[0]) + "x" + std::to_string(q.instr[1]) + "x" +
                   std::to_string(q.instr[2]) + "_" + t;
      r.count = ceil_div(q.m, int64_t{q.instr[0]} * wm) * ceil_div(q.n, int64_t{q.instr[1]} * wn) *
                ceil_div(k, q.instr[2]);
      r.issued_by = "each lane of a wave";
      return r;
    }
  }
  return fail("unknown MMA family");
}

}  // namespace ls::codegen
