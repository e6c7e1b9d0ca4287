// libFuzzer target: parse -> lower -> analyse. Any text parse_layout accepts
// (with at most 2^12 elements and hardware indices, see small()) goes through the views,
// coalescing, the bank conflicts of storing it to a shared layout, the
// conversion to and from a blocked layout, Triton's instructions for a round
// trip through shared memory (either side; swizzled and padded), and the
// three text printers read back. A tensor-memory layout: every tcgen05
// message's register layout (tmem_reg_layout) must be found again by
// tmem_message_of, its registers reversed too.
// Only ls::Error may come out.
#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstdint>
#include <string>

#include "analysis/bank_conflicts.h"
#include "analysis/coalescing.h"
#include "analysis/conversion.h"
#include "analysis/tmem_reg_layout.h"
#include "codegen/codegen.h"
#include "error.h"
#include "io/text.h"
#include "layout_map.h"
#include "views.h"

namespace {

constexpr int64_t kMax = int64_t{1} << 12;

// Small enough to analyse quickly: at most kMax elements and, for a foreign
// layout (whose map enumerates its whole memory), no number above kMax in
// its text, so strides keep its memory below kMax^2 (the product allows 2^26).
bool small(const ls::TensorLayout& t) {
  int64_t n = 1;
  for (int64_t d : t.foreign ? t.foreign->shape() : t.shape) {
    if (d <= 0 || d > kMax) return false;
    n *= d;
    if (n > kMax) return false;
  }
  if (!t.foreign) return true;
  int64_t v = 0;
  for (char c : t.foreign->text()) {
    v = c >= '0' && c <= '9' ? std::min<int64_t>(v * 10 + (c - '0'), kMax + 1) : 0;
    if (v > kMax) return false;
  }
  return true;
}

const char* kBlocked[] = {
    "", "#ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>",
    "#ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [0, 1]}>",
    "#ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [2, 4, 4], warpsPerCTA = [1, 2, 2], order = [2, 0, 1]}>"};

std::string descending(size_t rank) { return rank == 1 ? "0" : rank == 2 ? "1, 0" : "2, 1, 0"; }

// local_store / local_load as Triton emits them (core/codegen), t the shared
// side or the register side, for both versions and every element size.
void round_trips(const ls::TensorLayout& t, const ls::Shape& shape, bool shared) {
  if (shape.size() > 3) return;
  std::vector<ls::TensorLayout> others;
  if (shared) {
    others.push_back(ls::parse_layout(kBlocked[shape.size()]));
  } else {
    std::string dims;
    for (size_t d = 0; d < shape.size(); ++d) dims += (d ? ", " : "") + std::to_string(shape[d]);
    others.push_back(ls::parse_layout("#ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [" +
                                      descending(shape.size()) + "]}>"));
    others.push_back(ls::parse_layout("#ttg.padded_shared<[32:+2, 256:+4] {order = [" + descending(shape.size()) +
                                      "], shape = [" + dims + "]}>"));
  }
  for (auto& o : others) {
    o.shape = shape;
    for (auto v : {ls::TritonVersion::v3_6, ls::TritonVersion::v3_9})
      for (int32_t bits : {8, 16, 32}) try {
          if (shared)
            ls::codegen::via_shared(o, t, bits, {v, 90});
          else
            ls::codegen::via_shared(t, o, bits, {v, 90});
        } catch (const ls::Error&) {
        }
  }
}

// The register layout of each message a TMEM layout has leads back to that message.
void tmem_messages(ls::TensorLayout t) {
  for (int32_t bits : {16, 32})
    for (int32_t warps : {4, 8}) {
      t.elem_bits = bits;
      for (const std::string& v : ls::tmem_variants_for(t, bits, warps)) {
        ls::TmemRegLayout r = ls::tmem_reg_layout(t, bits, warps, v, ls::TritonVersion::v3_9);
        for (bool reversed : {false, true}) {
          ls::DistributedLinear d{r.reg, r.lane, r.warp, r.block};
          if (reversed) std::reverse(d.reg.begin(), d.reg.end());
          ls::TensorLayout reg;
          reg.spec = ls::make_spec(d);
          reg.shape = t.shape;
          reg.elem_bits = bits;
          auto m = ls::tmem_message_of(reg, t);
          if (!m || m->message != r.message || m->per_message != r.per_message || m->registers != r.registers)
            std::abort();  // a message whose own layout is not recognised
          ls::tcgen05_instruction(*m, true);
        }
      }
    }
}

void analyse(const ls::TensorLayout& t) {
  if (!small(t)) return;
  auto m = ls::make_map(t);
  if (m->hw_size() > kMax || m->num_elements() > kMax) return;
  ls::tensor_view(*m);
  ls::hw_view(*m);
  if (m->is_tensor_memory() && t.spec && t.shape.size() == 2) tmem_messages(t);
  ls::Shape shape = m->shape();
  if (t.spec && !t.foreign) round_trips(t, shape, m->is_shared());
  if (m->is_shared()) return;
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t d = shape.size() - 1; d-- > 0;) strides[d] = strides[d + 1] * shape[d + 1];
  ls::analyze_coalescing(*m, strides, 32);
  if (!m->linear()) return;
  ls::TensorLayout shared;
  shared.spec = ls::parse_layout("#ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [" +
                                 descending(shape.size()) + "]}>")
                    .spec;
  shared.shape = shape;
  auto sm = ls::make_map(shared);
  ls::analyze_bank_conflicts(*m, *sm, 16, {}, ls::physical_offset_of(*shared.spec));
  if (shape.size() > 3) return;
  ls::TensorLayout dst = ls::parse_layout(kBlocked[shape.size()]);
  ls::LinearLayout d = ls::to_linear(*dst.spec, shape);
  ls::analyze_conversion(*m->linear(), d, 16);
  ls::analyze_conversion(d, *m->linear(), 32);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    ls::TensorLayout t = ls::parse_layout(std::string(reinterpret_cast<const char*>(data), size));
    if (t.shape.empty() && !t.foreign) return 0;
    try {
      analyse(t);
    } catch (const ls::Error&) {
    }
    if (t.spec && !t.foreign) {
      ls::parse_layout(ls::print_json(t));
      ls::parse_layout(ls::print_mlir(t));
      ls::parse_gluon(ls::print_gluon(*t.spec));
    }
  } catch (const ls::Error&) {
  }
  return 0;
}
