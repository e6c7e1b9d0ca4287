#include "amd_lds.h"

#include <algorithm>

#include "../analysis/bank_conflicts.h"
#include "../analysis/swizzle.h"
#include "codegen.h"
#include "../error.h"

namespace ls::codegen {
namespace {

// Row-major flat index of an element given as one coordinate per dim.
int64_t flat_of(const LinearLayout::Basis& c, const LinearLayout& l) {
  int64_t f = 0;
  for (size_t d = 0; d < c.size(); ++d) f = (f << l.outs()[d].log2) | c[d];
  return f;
}

// gfx950's ds_read_b64_tr_b8/b16: k = 64 / bits consecutive elements, read
// by the first log2(k) lane bits, come back one per lane of k lanes and k
// rows per lane; so lanes 0.. reach offsets 1, 2, .., k/2, the first
// log2(k) register bases reach k-aligned rows, and every other lane and
// warp basis is k-aligned.
template <class Off>
bool transposed_read(const LinearLayout& reg, const std::vector<int64_t>& reg_off, Off off, int32_t bits) {
  const int64_t k = 64 / bits;
  const auto& lanes = reg.bases("lane");
  size_t bits_k = 0;
  while ((int64_t{1} << bits_k) < k) ++bits_k;
  if (reg_off.size() < bits_k || lanes.size() < bits_k) return false;
  for (size_t i = 0; i < bits_k; ++i)
    if (off(lanes[i]) != (int64_t{1} << i) || reg_off[i] % k) return false;
  for (size_t i = bits_k; i < lanes.size(); ++i)
    if (off(lanes[i]) % k) return false;
  for (const auto& b : reg.bases("warp"))
    if (off(b) % k) return false;
  return true;
}

// round_elems > 0: the shared offsets wrap every round_elems elements (a
// conversion's scratch, one round at a time) and accesses of different
// rounds never merge; transposed: gfx950's transposed reads are allowed.
AmdLds lds_access(const LinearLayout& reg, const Spec& shared, const LinearLayout& shared_ll, int32_t bits, bool store,
                  const std::string& arch, int64_t round_elems, bool transposed) {
  require(is_amd_arch(arch), "--arch: '" + arch + "' is not modelled (gfx942 or gfx950)");
  require(bits == 8 || bits == 16 || bits == 32, "--bits: " + std::to_string(bits) + " must be 8, 16 or 32");
  require(reg.in_size("lane") == 64, "the register layout has " + std::to_string(reg.in_size("lane")) +
                                         " lanes; AMD CDNA waves have 64");
  require(reg.outs() == shared_ll.outs(), "the register and shared layouts must have the same shape");
  require(!shared_ll.has_in("partition"), "partitioned_shared (CDNA5) LDS partitions are not modelled");
  // element -> offset (first holder) in CTA 0
  const int64_t offsets = shared_ll.in_size("offset");
  std::vector<int64_t> offset_of(size_t{1} << shared_ll.total_out_bits(), -1);
  LinearLayout only_offset = shared_ll.sublayout({"offset"}, shared_ll.out_names());
  std::vector<uint64_t> elem(static_cast<size_t>(offsets));
  only_offset.table(elem.data());
  for (int64_t o = offsets; o-- > 0;) offset_of[elem[static_cast<size_t>(o)]] = o;
  auto off = [&](const LinearLayout::Basis& b) {
    int64_t o = offset_of[flat_of(b, reg)];
    require(o >= 0, "the shared layout does not hold every element the registers do");
    return o;
  };
  PhysicalOffset phys = physical_offset_of(shared);
  if (!phys) phys = [](int64_t o) { return o; };
  int32_t max_v = 128 / bits;
  if (auto* p = std::get_if<PaddedShared>(&shared.v))
    for (auto& [interval, pad] : p->interval_pads) max_v = std::min(max_v, interval);

  // Independent register bases (3.9 keeps each distinct register once).
  std::vector<LinearLayout::Basis> regs;
  {
    Bases kept;
    for (const auto& b : reg.bases("register")) {
      Bases trial = kept;
      trial.push_back(b);
      if (f2_rank(trial) > static_cast<int>(kept.size())) kept = std::move(trial), regs.push_back(b);
    }
  }
  std::vector<int64_t> reg_off, other_off;
  for (const auto& b : regs) reg_off.push_back(off(b));
  for (const char* d : {"lane", "warp"})
    for (const auto& b : reg.bases(d))
      if (std::any_of(b.begin(), b.end(), [](int32_t x) { return x != 0; })) other_off.push_back(off(b));

  AmdLds r;
  int32_t v = 1;
  std::vector<size_t> vec_regs;  // the register bases that form the vector
  while (v < max_v) {
    std::vector<size_t> pick = vec_regs;
    auto it = std::find(reg_off.begin(), reg_off.end(), int64_t{v});
    if (it == reg_off.end()) break;
    pick.push_back(static_cast<size_t>(it - reg_off.begin()));
    bool aligned = true;
    for (size_t i = 0; i < reg_off.size(); ++i)
      if (std::find(pick.begin(), pick.end(), i) == pick.end() && reg_off[i] % (2 * v)) aligned = false;
    for (int64_t o : other_off) aligned &= o % (2 * v) == 0;
    if (!aligned) break;
    vec_regs = std::move(pick);
    v *= 2;
  }
  r.vec = v;
  r.accesses = (int64_t{1} << regs.size()) / v;
  const int32_t w = v * bits;
  const std::string pre = store ? "ds_write" : "ds_read";

  if (transposed && !store && arch == "gfx950" && bits <= 16 && v == 1 && transposed_read(reg, reg_off, off, bits)) {
    const int64_t n = (int64_t{1} << regs.size()) * bits / 64;
    r.per_thread["ds_read_b64_tr_b" + std::to_string(bits)] = n;
    r.instructions = n;
    return r;
  }
  if (w == 128 || w < 32) {
    r.per_thread[w == 128 ? pre + "_b128" : store ? "ds_write_b" + std::to_string(w) : "ds_read_u" + std::to_string(w)] =
        r.accesses;
    r.instructions = r.accesses;
    return r;
  }
  // Byte addresses of each access for the 64 lanes of warp 0.
  std::vector<LinearLayout::Basis> rest;
  for (size_t i = 0; i < regs.size(); ++i)
    if (std::find(vec_regs.begin(), vec_regs.end(), i) == vec_regs.end()) rest.push_back(regs[i]);
  const auto& lanes = reg.bases("lane");
  auto combine = [&](const std::vector<LinearLayout::Basis>& bs, int64_t x) {
    LinearLayout::Basis c(reg.outs().size(), 0);
    for (size_t i = 0; x; ++i, x >>= 1)
      if (x & 1)
        for (size_t d = 0; d < c.size(); ++d) c[d] ^= bs[i][d];
    return c;
  };
  std::vector<std::vector<int64_t>> addr(static_cast<size_t>(r.accesses), std::vector<int64_t>(64));
  std::vector<int64_t> round(static_cast<size_t>(r.accesses), 0);
  for (int64_t k = 0; k < r.accesses; ++k) {
    LinearLayout::Basis first = combine(rest, k);
    for (int64_t t = 0; t < 64; ++t) {
      LinearLayout::Basis lane = combine(lanes, t), e(first.size());
      for (size_t d = 0; d < e.size(); ++d) e[d] = first[d] ^ lane[d];
      int64_t o = phys(off(e));
      if (round_elems > 0) round[static_cast<size_t>(k)] = o / round_elems, o %= round_elems;
      addr[static_cast<size_t>(k)][static_cast<size_t>(t)] = o * bits / 8;
    }
  }
  // Groups of accesses (of one round) a constant distance apart, each sorted by address.
  std::vector<std::vector<size_t>> groups;
  auto constant = [&](size_t a, size_t b) {
    if (round[a] != round[b]) return false;
    for (size_t t = 1; t < 64; ++t)
      if (addr[b][t] - addr[a][t] != addr[b][0] - addr[a][0]) return false;
    return true;
  };
  for (size_t k = 0; k < addr.size(); ++k) {
    auto g = std::find_if(groups.begin(), groups.end(), [&](const std::vector<size_t>& g) { return constant(g[0], k); });
    if (g == groups.end()) groups.push_back({k});
    else g->push_back(k);
  }
  const int64_t size = w / 8;
  const std::string suffix = "_b" + std::to_string(w);
  for (auto& g : groups) {
    std::sort(g.begin(), g.end(), [&](size_t a, size_t b) { return addr[a][0] < addr[b][0]; });
    for (size_t i = 0; i < g.size();) {
      if (i + 1 < g.size()) {
        const int64_t d = addr[g[i + 1]][0] - addr[g[i]][0];
        if (d % (64 * size) == 0 && d / (64 * size) <= 255) {
          ++r.per_thread[pre + "2st64" + suffix], i += 2;
          continue;
        }
        if (d % size == 0 && d / size <= 255) {
          ++r.per_thread[pre + "2" + suffix], i += 2;
          continue;
        }
      }
      ++r.per_thread[pre + suffix], ++i;
    }
  }
  for (auto& [m, n] : r.per_thread) r.instructions += n;
  return r;
}

}  // namespace

bool is_amd_arch(const std::string& arch) { return arch == "gfx942" || arch == "gfx950"; }

AmdLds amd_lds_access(const LinearLayout& reg, const Spec& shared, const LinearLayout& shared_ll, int32_t bits,
                      bool store, const std::string& arch, int32_t) {
  return lds_access(reg, shared, shared_ll, bits, store, arch, 0, true);
}

AmdConvert amd_convert(const LinearLayout& src, const LinearLayout& dst, int32_t bits, const std::string& arch,
                       TritonVersion version) {
  require(is_amd_arch(arch), "--arch: '" + arch + "' is not modelled (gfx942 or gfx950)");
  AmdConvert r;
  const ConversionReport cv = analyze_conversion(src, dst, bits, version, false);
  r.path = cv.kind;
  const bool v39 = version == TritonVersion::v3_9;
  if (r.path == ConversionKind::warp_shuffle) {
    const Instr words = warp_shuffles(src, dst, bits, cv);
    r.shuffles = words.per_thread;
    const int stride = 1 << std::max(cv.warp.lane_bit, 0);
    if (words.mnemonic == "shfl.sync.idx.b32") r.shuffle = "ds_bpermute_b32";
    else if (stride < 16) r.shuffle = "v_mov_b32_dpp";
    else if (arch == "gfx950") r.shuffle = stride == 16 ? "v_permlane16_swap_b32" : "v_permlane32_swap_b32";
    else r.shuffle = stride == 16 && !v39 ? "ds_swizzle_b32" : "ds_bpermute_b32";
  }
  if (r.path != ConversionKind::shared_memory) return r;
  const int32_t banks = v39 && arch == "gfx950" ? 64 : 32;
  CvtSmem sm = cvt_smem(without_register_broadcast(src), without_register_broadcast(dst), bits, 0, banks,
                        v39 ? (banks == 64 ? 6 : 5) : -1);
  Spec scratch{SharedLinear{sm.layout.bases("offset"), {}, 16}};
  r.store = lds_access(src, scratch, sm.layout, bits, true, arch, sm.scratch_elems, false);
  r.load = lds_access(dst, scratch, sm.layout, bits, false, arch, sm.scratch_elems, false);
  r.scratch_bytes = sm.scratch_elems * bits / 8;
  r.rounds = sm.layout.in_size("offset") / sm.scratch_elems;
  return r;
}

}  // namespace ls::codegen
