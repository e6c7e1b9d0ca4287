#include "swizzle_choice.h"

#include <algorithm>

#include "../analysis/conversion.h"
#include "../error.h"
#include "../interrupt.h"

namespace ls::codegen {

SwizzleChoice choose_swizzle(const TensorLayout& src, const TensorLayout& dst, int32_t bits, const Target& t,
                             const SwizzleDesign& design, const std::vector<SwizzleCandidate>& conventional) {
  SwizzleChoice c;
  c.target = t;
  KernelReport k = via_convert(src, dst, bits, t);  // checks kinds, bits and shapes
  c.path = k.path;
  c.own.name = "Triton's own convert_layout (" + k.path + ")";
  for (auto& in : k.instrs)
    if (in.shared) (in.store ? c.own.store_instr : c.own.load_instr) = in.mnemonic;
  c.own.store = k.shared_store_wavefronts;
  c.own.load = k.shared_load_wavefronts;

  const LinearLayout a = lowered(src, t.version), b = lowered(dst, t.version);
  const int32_t ga = global_access(a, bits, false, t.version).bytes_per_lane * 8 / bits;
  const int32_t gb = global_access(b, bits, true, t.version).bytes_per_lane * 8 / bits;
  auto cost = [&](std::string name, const Spec& spec) -> std::optional<SharedChoice> {
    LinearLayout s;
    try {
      s = to_linear(spec, src.shape, t.version);
    } catch (const Error&) {
      return std::nullopt;  // does not lower for this shape
    }
    Instr st = shared_access(a, spec, s, bits, true, t, ga), ld = shared_access(b, spec, s, bits, false, t, gb);
    return SharedChoice{std::move(name), spec, st.mnemonic, ld.mnemonic, counted_wavefronts(st), counted_wavefronts(ld)};
  };
  c.designed = cost("designed", Spec{SharedLinear{design.layout.bases("offset"), {}, 16}});
  if (bits <= 32) {  // Triton's swizzle for the pair as a layout of its own
    CvtSmem sm = cvt_smem(without_register_broadcast(a), without_register_broadcast(b), bits, t.sm);
    if (auto x = cost("Triton's optimal swizzling for the pair (shared_linear)",
                      Spec{SharedLinear{sm.layout.bases("offset"), {}, 16}}))
      c.ranked.push_back(std::move(*x));
  }
  for (size_t i = 0; i < conventional.size(); ++i) {
    work_point("ranking swizzles by Triton's instructions", static_cast<int64_t>(i),
               static_cast<int64_t>(conventional.size()));
    if (auto x = cost(conventional[i].name, conventional[i].spec)) c.ranked.push_back(std::move(*x));
  }
  std::stable_sort(c.ranked.begin(), c.ranked.end(),
                   [](const SharedChoice& x, const SharedChoice& y) { return x.total() < y.total(); });
  c.recommended = c.own;
  for (const SharedChoice* x : {c.designed ? &*c.designed : nullptr, c.ranked.empty() ? nullptr : &c.ranked.front()})
    if (x && x->total() < c.recommended.total()) c.recommended = *x;
  c.beats_triton = c.recommended.total() < c.own.total();
  const std::string ver = "Triton " + triton_version_name(t.version) + " sm_" + std::to_string(t.sm);
  if (!c.beats_triton && k.path != "shared_memory")
    c.note = ver + " converts this pair without shared memory (" + k.path + "); no shared layout beats that";
  else if (!c.beats_triton)
    c.note = "no better layout exists among the design and the conventional candidates: keep " + ver +
             "'s own conversion (its optimal swizzling, " + std::to_string(c.own.total()) + " wavefronts)";
  else
    c.note = c.recommended.name + " with " + ver + "'s local_store/local_load costs " +
             std::to_string(c.recommended.total()) + " wavefronts, " + std::to_string(c.own.total()) +
             " for Triton's own conversion";
  return c;
}

}  // namespace ls::codegen
