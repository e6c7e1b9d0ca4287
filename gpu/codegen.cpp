#include "codegen.h"

#include <algorithm>
#include <bit>
#include <optional>
#include <sstream>

#include "analysis/conversion.h"
#include "error.h"

namespace ls::gpu {
namespace {

const char* elem_type(int bytes) {
  switch (bytes) {
    case 1: return "unsigned char";
    case 2: return "unsigned short";
    case 4: return "unsigned int";
    case 8: return "unsigned long long";
  }
  fail("gpu: element size " + std::to_string(bytes) + " bytes; supported are 1, 2, 4 and 8");
}

// A layout over a 2D tile (rank 1 is row 0 of a 1 x T tile).
struct Tile2 {
  std::vector<std::pair<int32_t, int32_t>> reg;   // coordinate of every register
  std::vector<std::pair<int32_t, int32_t>> lane, warp;  // basis per bit
  int nreg = 0, lanes = 0, warps = 0;
};

std::pair<int32_t, int32_t> rc(const LinearLayout::Basis& b) {
  return b.size() == 1 ? std::pair{0, b[0]} : std::pair{b[0], b[1]};
}

Tile2 tile2(const LinearLayout& l, const std::string& what) {
  for (auto& d : l.ins())
    require(d.name == "register" || d.name == "lane" || d.name == "warp" || (d.name == "block" && d.bases.empty()),
            "gpu copy: the " + what + " layout must be distributed over one CTA (found in dim " + d.name + ")");
  Tile2 t;
  t.lanes = static_cast<int>(l.in_size("lane"));
  require(t.lanes == 32, "gpu copy: the " + what + " layout has " + std::to_string(t.lanes) +
                             " lanes per warp; NVIDIA warps have 32");
  t.warps = static_cast<int>(l.in_size("warp"));
  require(t.warps <= 32, "gpu copy: the " + what + " layout has more than 32 warps");
  for (auto& b : l.bases("lane")) t.lane.push_back(rc(b));
  for (auto& b : l.bases("warp")) t.warp.push_back(rc(b));
  auto regs = l.bases("register");
  t.nreg = 1 << regs.size();
  require(t.nreg <= 1024, "gpu copy: the " + what + " layout has " + std::to_string(t.nreg) +
                              " registers per thread; at most 1024");
  t.reg.assign(t.nreg, {0, 0});
  for (int r = 1; r < t.nreg; ++r) {
    int bit = __builtin_ctz(r);
    auto [a, b] = rc(regs[bit]);
    t.reg[r] = {t.reg[r & (r - 1)].first ^ a, t.reg[r & (r - 1)].second ^ b};
  }
  return t;
}

// Consecutive registers along out dim `dim` (rank-2 index) that one access
// may cover, within max_elems and the alignment the strides allow.
int vector_width(const LinearLayout& l, int dim, int max_elems) {
  std::string name = l.outs().size() == 1 ? "dim0" : "dim" + std::to_string(dim);
  if (l.outs().size() == 1 && dim == 0) return 1;
  return std::min<int>(l.num_consecutive(name), max_elems);
}

// The unit-stride dim of a 2D view, or -1.
int unit_dim(const std::vector<int64_t>& s) { return s[1] == 1 ? 1 : s[0] == 1 ? 0 : -1; }

// Emits `tr`/`tc` = the thread part of the coordinates: per coordinate, a
// run of index bits whose bases double from a power of two is one
// shift-and-mask (as LLVM folds Triton's layout arithmetic); other bases one
// masked XOR each.
void thread_part(std::ostringstream& o, const Tile2& t, const char* r, const char* c) {
  o << "  int " << r << " = 0, " << c << " = 0;\n";
  auto emit = [&](const std::vector<std::pair<int32_t, int32_t>>& bases, const char* var) {
    for (int coord = 0; coord < 2; ++coord) {
      const char* out = coord == 0 ? r : c;
      auto at = [&](size_t i) { return coord == 0 ? bases[i].first : bases[i].second; };
      for (size_t i = 0; i < bases.size();) {
        const int32_t b = at(i);
        if (b == 0) {
          ++i;
          continue;
        }
        if (b < 0 || !std::has_single_bit(static_cast<uint32_t>(b))) {
          o << "  " << out << " ^= -((" << var << " >> " << i << ") & 1) & " << b << ";\n";
          ++i;
          continue;
        }
        size_t n = 1;
        while (i + n < bases.size() && at(i + n) == (b << n)) ++n;
        o << "  " << out << " ^= ((" << var << " >> " << i << ") & " << ((1 << n) - 1) << ") << " << std::countr_zero(static_cast<uint32_t>(b))
          << ";\n";
        i += n;
      }
    }
  };
  emit(t.lane, "lane");
  emit(t.warp, "warp");
}

// Accesses of `t`'s registers in groups of `vec`: body(first register).
template <class F>
void groups(const Tile2& t, int vec, F body) {
  for (int r = 0; r < t.nreg; r += vec) body(r);
}

// The layout as the memory sees it: dims swapped when dim 0 has unit stride.
LinearLayout memory_view(const LinearLayout& l, int unit) {
  if (l.outs().size() != 2 || unit == 1) return l;
  std::vector<LinearLayout::InDim> ins = l.ins();
  for (auto& d : ins)
    for (auto& b : d.bases) std::swap(b[0], b[1]);
  std::vector<LinearLayout::OutDim> outs = l.outs();
  std::swap(outs[0].log2, outs[1].log2);
  return LinearLayout(std::move(ins), std::move(outs));
}

// Mask of the bits of `bases` that are zero (threads holding copies).
int zero_bits(const std::vector<std::pair<int32_t, int32_t>>& bases) {
  int m = 0;
  for (size_t i = 0; i < bases.size(); ++i)
    if (bases[i].first == 0 && bases[i].second == 0) m |= 1 << i;
  return m;
}

// One global access per predicted instruction: `mnemonic` moves `vec`
// elements of `bits` from/to registers arr[r..r+vec); `addr` is its global
// address (a 64-bit integer expression); stores are predicated on `pred` (a
// C++ bool) when given.
void global_asm(std::ostringstream& o, const std::string& mnemonic, int vec, int bits, const char* arr, int r,
                const std::string& addr, bool store, const std::string& pred) {
  const int t = vec * bits;
  const int words = t <= 32 ? 1 : t / 32;
  const char* reg = t <= 16 ? "h" : "r";
  const char* wtype = t <= 16 ? "unsigned short" : "unsigned int";
  const int per_word = t <= 32 ? vec : 32 / bits;
  o << "  { " << wtype << " w[" << words << "];\n";
  auto operands = [&](int first) {
    std::string s = words > 1 ? "{" : "";
    for (int j = 0; j < words; ++j) s += (j ? ", %" : "%") + std::to_string(first + j);
    return s + (words > 1 ? "}" : "");
  };
  if (store) {
    for (int j = 0; j < words; ++j) {
      o << "    w[" << j << "] = 0";
      for (int i = 0; i < per_word; ++i) o << " | (" << wtype << ")((" << wtype << ")" << arr << "[" << r + j * per_word + i << "] << " << i * bits << ")";
      o << ";\n";
    }
    std::string guard = pred.empty() ? "" : "@p ";
    o << "    asm volatile(\"" << (pred.empty() ? "" : "{ .reg .pred p; setp.ne.u32 p, %" + std::to_string(words + 1) + ", 0; ")
      << guard << mnemonic << " [%0], " << operands(1) << ";" << (pred.empty() ? "" : " }") << "\" :: \"l\"(" << addr << ")";
    for (int j = 0; j < words; ++j) o << ", \"" << reg << "\"(w[" << j << "])";
    if (!pred.empty()) o << ", \"r\"((unsigned)(" << pred << "))";
    o << " : \"memory\"); }\n";
  } else {  // a masked load leaves zeros, as Triton's `other` does
    o << "    asm volatile(\"";
    if (!pred.empty()) {
      o << "{ .reg .pred p; setp.ne.u32 p, %" << words + 1 << ", 0; ";
      for (int j = 0; j < words; ++j) o << "mov.b" << (t <= 16 ? 16 : 32) << " %" << j << ", 0; ";
      o << "@p ";
    }
    o << mnemonic << " " << operands(0) << ", [%" << words << "];" << (pred.empty() ? "" : " }") << "\" : ";
    for (int j = 0; j < words; ++j) o << (j ? ", " : "") << "\"=" << reg << "\"(w[" << j << "])";
    o << " : \"l\"(" << addr << ")";
    if (!pred.empty()) o << ", \"r\"((unsigned)(" << pred << "))";
    o << ");\n";
    for (int i = 0; i < vec; ++i)
      o << "    " << arr << "[" << r + i << "] = (E)(w[" << i / per_word << "] >> " << (i % per_word) * bits << ");\n";
    o << "  }\n";
  }
}

// One side of Triton's convert_layout through shared memory, as the copy
// kernel performs it: per warp instruction, the register behind each element
// it moves, and its offset in the scratch as a constant (per instruction)
// XOR the thread's part (per lane and warp bit). Derived from the model's
// lane offsets (codegen::shared_convert with details) and the layouts: the
// element an instruction moves for a lane is the scratch layout's element at
// that offset, which must be a register of that lane's thread; the register
// must be the same for every thread, and the offsets linear in the thread,
// or the exchange is refused (it then is not what Triton emits).
struct ExchangeSide {
  std::string mnemonic;
  bool matrix = false;
  int operands = 1, op_bits = 32;           // per instruction: operands of op_bits
  std::vector<int64_t> constant;            // per instruction: offset of lane 0, warp 0 (elements, all rounds)
  std::vector<std::vector<int>> regs;       // per instruction: register of each element slot
  std::vector<int64_t> lane_part, warp_part;  // offset contribution of each lane / warp bit
};

ExchangeSide exchange_side(const codegen::Instr& in, const Tile2& t, const LinearLayout& scratch, int bits) {
  ExchangeSide s;
  s.mnemonic = in.mnemonic;
  s.matrix = in.mnemonic.rfind("ldmatrix", 0) == 0 || in.mnemonic.rfind("stmatrix", 0) == 0;
  const bool trans = in.mnemonic.find(".trans") != std::string::npos;
  auto refuse = [&](const std::string& why) { fail("gpu copy: Triton's convert_layout (" + in.mnemonic + "): " + why); };
  if (s.matrix) {
    if (in.mnemonic.find(".m8n8.") == std::string::npos || (trans && bits != 16))
      refuse("only the m8n8 forms are generated");
    s.operands = in.mnemonic[in.mnemonic.find(".x") + 2] - '0';
  } else {
    size_t v = in.mnemonic.find(".v");
    s.operands = v == std::string::npos ? 1 : in.mnemonic[v + 2] - '0';
    s.op_bits = std::stoi(in.mnemonic.substr(in.mnemonic.rfind(".b") + 2));
    if (s.op_bits < bits) refuse("operands narrower than the elements");
  }
  const int per_op = s.op_bits / bits;  // elements per operand
  const int slots = s.operands * per_op;
  // the register of each (row, col) of the tile, per thread: tile.reg[r] ^ thread part
  auto thread_rc = [&](int lane, int64_t warp) {
    std::pair<int32_t, int32_t> x{0, 0};
    for (int b = 0; b < 5; ++b)
      if (lane >> b & 1) x = {x.first ^ t.lane[b].first, x.second ^ t.lane[b].second};
    for (size_t b = 0; b < t.warp.size(); ++b)
      if (warp >> b & 1) x = {x.first ^ t.warp[b].first, x.second ^ t.warp[b].second};
    return x;
  };
  std::map<std::pair<int32_t, int32_t>, int> reg_of;  // lowest register at each coordinate
  for (int r = t.nreg - 1; r >= 0; --r) reg_of[t.reg[r]] = r;
  std::vector<int32_t> at(scratch.ins().size(), 0);
  const int oi = scratch.in_index("offset");
  auto element = [&](int64_t off) {
    at[oi] = static_cast<int32_t>(off);
    return rc(scratch.apply(at));
  };
  int64_t instrs = 0;
  for (auto& a : in.accesses) instrs = std::max<int64_t>(instrs, a.index + 1);
  s.constant.assign(instrs, -1);
  s.regs.assign(instrs, std::vector<int>(slots, -1));
  s.lane_part.assign(5, 0);
  s.warp_part.assign(t.warp.size(), 0);
  for (auto& a : in.accesses)  // instruction 0 of warp 0 and lane 0 of each warp give the parts
    if (a.index == 0) {
      if (a.warp == 0)
        for (int b = 0; b < 5; ++b)
          if (a.lane_offset[1 << b] >= 0) s.lane_part[b] = a.lane_offset[1 << b] ^ a.lane_offset[0];
      for (size_t b = 0; b < t.warp.size(); ++b)
        if (a.warp == (int64_t{1} << b)) s.warp_part[b] = a.lane_offset[0];
    }
  for (auto& a : in.accesses)
    if (a.warp == 0) s.constant[a.index] = a.lane_offset[0];
  for (size_t b = 0; b < t.warp.size(); ++b) s.warp_part[b] ^= s.constant[0];
  for (auto& a : in.accesses) {
    auto thread_off = [&](int lane) {
      int64_t x = s.constant[a.index];
      for (int b = 0; b < 5; ++b)
        if (lane >> b & 1) x ^= s.lane_part[b];
      for (size_t b = 0; b < t.warp.size(); ++b)
        if (a.warp >> b & 1) x ^= s.warp_part[b];
      return x;
    };
    for (int lane = 0; lane < 32; ++lane) {
      if (a.lane_offset[lane] >= 0 && a.lane_offset[lane] != thread_off(lane))
        refuse("lane offsets not linear in the thread");
      if (!s.matrix && a.lane_offset[lane] < 0) continue;
      const auto th = thread_rc(lane, a.warp);
      for (int q = 0; q < slots; ++q) {
        int64_t off;
        if (!s.matrix) {
          off = a.lane_offset[lane] + q;
        } else {  // operand j of lane l: matrix j; element e of the operand
          const int j = q / per_op, e = q % per_op;
          const int row = trans ? 2 * (lane % 4) + e : lane / 4;
          const int64_t start = a.lane_offset[8 * j + row];
          if (start < 0) refuse("a matrix row without an address");
          off = trans ? start + lane / 4 : start + (lane % 4) * per_op + e;
        }
        auto [r0, c0] = element(off);
        auto it = reg_of.find({r0 ^ th.first, c0 ^ th.second});
        if (it == reg_of.end()) refuse("moves an element its thread does not hold");
        int& want = s.regs[a.index][q];
        if (want >= 0 && want != it->second) refuse("a different register per thread");
        want = it->second;
      }
    }
  }
  for (auto& r : s.regs)
    for (int x : r)
      if (x < 0) refuse("an element slot no thread uses");
  return s;
}

// The bits a side's thread part may set.
int64_t thread_bits(const ExchangeSide& s) {
  int64_t m = 0;
  for (auto p : s.lane_part) m |= p;
  for (auto p : s.warp_part) m |= p;
  return m;
}

// Emits the side's instructions of one round (those whose constant offset
// lies in it); a round reuses the scratch, so the address is the constant's
// offset within the round XOR the thread's part `xo`. Where the constant
// shares no bit with the thread part, XOR is addition: the constant becomes
// an immediate offset from the thread's address (`xo`_addr), as in Triton's
// kernels.
void exchange_asm(std::ostringstream& o, const ExchangeSide& s, int64_t scratch_elems, int64_t round, int bits,
                  int elem_bytes, const char* arr, const char* xo, bool store) {
  const int per_op = s.op_bits / bits;
  const char* c = s.op_bits <= 16 ? "h" : "r";
  const char* ty = s.op_bits <= 16 ? "unsigned short" : "unsigned";
  const bool braces = s.matrix || s.operands > 1;
  auto ops = [&](int first) {
    std::string x = braces ? "{" : "";
    for (int j = 0; j < s.operands; ++j) x += (j ? ", %" : "%") + std::to_string(first + j);
    return x + (braces ? "}" : "");
  };
  for (size_t i = 0; i < s.constant.size(); ++i) {
    if (s.constant[i] / scratch_elems != round) continue;
    const int64_t k = s.constant[i] & (scratch_elems - 1);
    o << "  { " << ty << " w[" << s.operands << "]; unsigned a = ";
    if ((k & thread_bits(s)) == 0)
      o << xo << "_addr + " << k * elem_bytes << ";\n";
    else
      o << "sbase + ((" << k << " ^ " << xo << ") * " << elem_bytes << ");\n";
    if (store) {
      for (int j = 0; j < s.operands; ++j) {
        o << "    w[" << j << "] = 0";
        for (int e = 0; e < per_op; ++e)
          o << " | (" << ty << ")((" << ty << ")" << arr << "[" << s.regs[i][j * per_op + e] << "] << " << e * bits << ")";
        o << ";\n";
      }
      o << "    asm volatile(\"" << s.mnemonic << " [%0], " << ops(1) << ";\" :: \"r\"(a)";
      for (int j = 0; j < s.operands; ++j) o << ", \"" << c << "\"(w[" << j << "])";
      o << " : \"memory\"); }\n";
    } else {
      o << "    asm volatile(\"" << s.mnemonic << " " << ops(0) << ", [%" << s.operands << "];\" : ";
      for (int j = 0; j < s.operands; ++j) o << (j ? ", " : "") << "\"=" << c << "\"(w[" << j << "])";
      o << " : \"r\"(a) : \"memory\");\n";
      for (int j = 0; j < s.operands; ++j)
        for (int e = 0; e < per_op; ++e)
          o << "    " << arr << "[" << s.regs[i][j * per_op + e] << "] = (E)(w[" << j << "] >> " << e * bits << ");\n";
      o << "  }\n";
    }
  }
}

// The thread's part of a side's scratch offsets, as the int `name`, and its
// address in the scratch, `name`_addr.
void exchange_thread_part(std::ostringstream& o, const ExchangeSide& s, const char* name, int elem_bytes) {
  o << "  int " << name << " = 0;\n";
  for (size_t b = 0; b < s.lane_part.size(); ++b)
    if (s.lane_part[b]) o << "  if ((lane >> " << b << ") & 1) " << name << " ^= " << s.lane_part[b] << ";\n";
  for (size_t b = 0; b < s.warp_part.size(); ++b)
    if (s.warp_part[b]) o << "  if ((warp >> " << b << ") & 1) " << name << " ^= " << s.warp_part[b] << ";\n";
  o << "  const unsigned " << name << "_addr = sbase + " << name << " * " << elem_bytes << ";\n";
}

// Triton's convert_layout of the copy kernel, when it goes through shared
// memory: both sides and the scratch (elements per round).
struct Exchange {
  ExchangeSide store, load;
  int64_t scratch_elems = 0, rounds = 1;
};

Exchange make_exchange(const LinearLayout& a, const LinearLayout& b, const Tile2& ta, const Tile2& tb, int bits,
                       TritonVersion v) {
  codegen::SharedConvert sc = codegen::shared_convert(a, b, bits, codegen::Target{v, 90}, true);
  Exchange x;
  x.scratch_elems = sc.smem.scratch_elems;
  require(std::has_single_bit(static_cast<uint64_t>(x.scratch_elems)),
          "gpu copy: a scratch of " + std::to_string(x.scratch_elems) + " elements");
  x.store = exchange_side(sc.store, ta, sc.smem.layout, bits);
  x.load = exchange_side(sc.load, tb, sc.smem.layout, bits);
  for (const ExchangeSide* s : {&x.store, &x.load}) {
    require(thread_bits(*s) < x.scratch_elems, "gpu copy: Triton's convert_layout: thread offsets beyond one round");
    for (auto c : s->constant) x.rounds = std::max(x.rounds, c / x.scratch_elems + 1);
  }
  std::vector<bool> loaded(tb.nreg, false);
  for (auto& regs : x.load.regs)
    for (int r : regs) loaded[r] = true;
  for (int r = 0; r < tb.nreg; ++r)
    require(loaded[r] || std::find(tb.reg.begin(), tb.reg.end(), tb.reg[r]) - tb.reg.begin() < r,
            "gpu copy: Triton's convert_layout leaves register " + std::to_string(r) + " unloaded");
  return x;
}

}  // namespace

std::map<std::string, int64_t> count_ptx(const std::string& ptx) {
  static const char* counted[] = {"ld.global", "st.global", "ld.shared", "st.shared", "ldmatrix", "stmatrix", "shfl"};
  std::map<std::string, int64_t> n;
  std::istringstream lines(ptx);
  std::string line;
  while (std::getline(lines, line)) {
    line = line.substr(0, line.find("//"));
    std::istringstream stmts(line);
    std::string t;
    while (std::getline(stmts, t, ';')) {
      size_t a = t.find_first_not_of(" \t{}");
      if (a == std::string::npos) continue;
      t = t.substr(a);
      if (t[0] == '@') {  // predicate guard
        size_t b = t.find_first_of(" \t");
        if (b == std::string::npos) continue;
        t = t.substr(t.find_first_not_of(" \t", b));
      }
      std::string m = t.substr(0, t.find_first_of(" \t"));
      for (const char* c : counted)
        if (m.rfind(c, 0) == 0) {
          ++n[m];
          break;
        }
    }
  }
  return n;
}

std::vector<int64_t> view_strides(const Shape& shape, const std::string& view) {
  for (int64_t d : shape) require(d >= 1 && d <= kMaxCopyElements, "gpu copy: tensor sizes must be in 1..2^40");
  if (shape.size() == 1) {
    require(view == "contiguous" || view == "every-other-row" || view == "transposed",
            "gpu copy: view '" + view + "' must be contiguous, transposed or every-other-row");
    return {view == "every-other-row" ? 2 : 1};
  }
  require(shape.size() == 2, "gpu copy: tensors of rank 1 or 2 only");
  if (view == "contiguous") return {shape[1], 1};
  if (view == "transposed") return {1, shape[0]};
  if (view == "every-other-row") return {2 * shape[1], 1};
  fail("gpu copy: view '" + view + "' must be contiguous, transposed or every-other-row");
}

CopyKernel make_copy_kernel(const CopyPlan& p) {
  size_t rank = p.tile.size();
  require(rank == 1 || rank == 2, "gpu copy: tiles of rank 1 or 2 only");
  require(p.shape.size() == rank && p.in_strides.size() == rank && p.out_strides.size() == rank,
          "gpu copy: the tensor shape, strides and tile must have the same rank");
  // every size computation below (spans, strides, bytes) stays far inside int64
  int64_t elems = 1;
  for (size_t i = 0; i < rank; ++i) {
    require(p.shape[i] >= 1 && p.tile[i] >= 1, "gpu copy: shape and tile sizes must be positive");
    require(!__builtin_mul_overflow(elems, p.shape[i], &elems) && elems <= kMaxCopyElements,
            "gpu copy: the tensor has more than 2^40 elements");
  }
  for (size_t i = 0; i < rank; ++i)
    require(p.shape[i] % p.tile[i] == 0, "gpu copy: shape[" + std::to_string(i) + "] = " + std::to_string(p.shape[i]) +
                                             " is not a multiple of the tile's " + std::to_string(p.tile[i]));
  const char* E = elem_type(p.elem_bytes);
  require(!p.triton || p.elem_bytes <= 4,
          "gpu copy: --instructions triton takes 8, 16 or 32-bit elements (Triton's model); use --instructions own");
  Tile2 ld = tile2(p.load, "load"), st = tile2(p.store, "store");
  require(ld.warps == st.warps, "gpu copy: the load layout has " + std::to_string(ld.warps) +
                                    " warps and the store layout " + std::to_string(st.warps));
  int64_t T0 = rank == 2 ? p.tile[0] : 1, T1 = p.tile.back();
  auto s2 = [&](const std::vector<int64_t>& s) { return rank == 2 ? s : std::vector<int64_t>{0, s[0]}; };
  std::vector<int64_t> sin = s2(p.in_strides), sout = s2(p.out_strides);
  bool same = p.load == p.store;
  int max_vec = 16 / p.elem_bytes;
  const int bits = 8 * p.elem_bytes;
  CopyKernel k;
  k.triton = p.triton;
  // Triton: core/codegen's instruction for the layout as the memory sees it.
  auto triton_access = [&](const LinearLayout& l, const std::vector<int64_t>& s, bool store) {
    int dim = unit_dim(s);
    require(dim >= 0 || (rank == 1 && s[1] == 1),
            "gpu copy: --instructions triton needs a view with a unit-stride dim (use --instructions own)");
    return codegen::global_access(memory_view(l, rank == 1 ? 1 : dim), bits, store, p.version);
  };
  auto global_vec = [&](const LinearLayout& l, const std::vector<int64_t>& s, const codegen::Instr* g) {
    int dim = unit_dim(s);
    if (dim < 0) return 1;
    int v = g ? std::max(1, g->bytes_per_lane * 8 / bits) : vector_width(l, rank == 2 ? dim : 1, max_vec);
    int other = 1 - dim;
    int want = v;
    while (v > 1 && (s[other] % v != 0 || (dim == 1 ? T1 : T0) % v != 0)) v /= 2;
    if (g && v != want) k.note += "the strides narrow a " + g->mnemonic + " access to " + std::to_string(v) + " elements; ";
    return v;
  };
  // A vector narrowed by the strides is spelled as its width says.
  auto spelled = [&](const codegen::Instr& g, int vec) {
    if (vec * bits == g.bytes_per_lane * 8) return g.mnemonic;
    const int t = vec * bits;
    return std::string(g.store ? "st.global." : "ld.global.") +
           (t <= 32 ? "b" + std::to_string(t) : t == 64 ? std::string("v2.b32") : std::string("v4.b32"));
  };
  std::optional<codegen::Instr> gl_ld, gl_st;
  if (p.triton) {
    gl_ld = triton_access(p.load, sin, false);
    gl_st = triton_access(p.store, sout, true);
    k.predicted[gl_ld->mnemonic] += gl_ld->per_thread;
    k.predicted[gl_st->mnemonic] += gl_st->per_thread;
  }
  k.load_vec = global_vec(p.load, sin, gl_ld ? &*gl_ld : nullptr);
  k.store_vec = global_vec(p.store, sout, gl_st ? &*gl_st : nullptr);  // the output view may differ from the input's
  k.threads = 32 * ld.warps;
  k.grid = (rank == 2 ? p.shape[0] / T0 : 1) * (p.shape.back() / T1);
  // Triton launches 2D tiles on a 2D grid (its y at most 65535 CTAs)
  const bool grid2 = p.triton && rank == 2 && p.shape[1] / T1 <= 65535;
  if (grid2) k.grid_y = p.shape[1] / T1;
  // Triton's convert_layout: registers only, or through its scratch with its
  // instructions; else (warp shuffles, or a form not generated) layoutscope's
  // row-major shared exchange.
  std::optional<Exchange> xchg;
  bool reg_only = false;
  if (p.triton && !same) {
    const ConversionKind path = analyze_conversion(p.load, p.store, bits, p.version, false).kind;
    reg_only = (path == ConversionKind::free || path == ConversionKind::register_permutation) && ld.lane == st.lane &&
               ld.warp == st.warp;
    if (path == ConversionKind::shared_memory) try {
        xchg = make_exchange(p.load, p.store, ld, st, bits, p.version);
      } catch (const Error& e) {
        k.note += std::string(e.what()) + "; ";
      }
    if (!reg_only && !xchg)
      k.note += "convert_layout (" + to_string(path) +
                "): layoutscope's row-major shared exchange, not Triton's swizzle and instructions; ";
  }
  int64_t smem = same || reg_only ? 0 : xchg ? xchg->scratch_elems * p.elem_bytes : T0 * T1 * p.elem_bytes;
  require(smem <= 227 * 1024, "gpu copy: the tile needs " + std::to_string(smem) +
                                  " bytes of shared memory to change layouts; a CTA has at most 227 KiB");
  k.smem_bytes = static_cast<int>(smem);
  // Shared memory holds the tile row-major: vectors along dim 1.
  int smem_wvec = vector_width(p.load, 1, max_vec), smem_rvec = vector_width(p.store, 1, max_vec);

  // The registers a side moves: all, or (Triton 3.9) the distinct ones.
  auto moved = [&](const Tile2& t, const LinearLayout& l, const std::optional<codegen::Instr>& g, int vec) {
    std::vector<int> regs;
    int zero = 0;
    auto rb = l.bases("register");
    for (size_t i = 0; i < rb.size(); ++i)
      if (std::all_of(rb[i].begin(), rb[i].end(), [](int32_t x) { return x == 0; })) zero |= 1 << i;
    bool distinct = g && g->per_thread * vec < t.nreg;
    for (int r = 0; r < t.nreg; r += vec)
      if (!distinct || (r & zero) == 0) regs.push_back(r);
    return std::pair{regs, distinct ? zero : 0};
  };

  std::ostringstream o;
  k.name = "ls_copy";
  o << "// generated by layoutscope: copy a " << p.shape[0] << (rank == 2 ? "x" + std::to_string(p.shape[1]) : "")
    << " tensor, tile " << T0 << "x" << T1 << ", " << p.elem_bytes << "-byte elements\n"
    << "// load: " << ld.nreg << " registers/thread, " << k.load_vec << " per access; store: " << st.nreg
    << " registers/thread, " << k.store_vec << " per access" << (same ? "" : "; through shared memory") << "\n";
  if (p.triton)
    o << "// instructions: Triton " << triton_version_name(p.version) << "'s (" << gl_ld->mnemonic << ", "
      << gl_st->mnemonic << "), tiles in Triton's grid order\n";
  o << "typedef " << E << " E;\n"
    << "struct __align__(2) v2 { unsigned char x[2]; };\nstruct __align__(4) v4 { unsigned int x; };\n"
    << "struct __align__(8) v8 { unsigned int x[2]; };\nstruct __align__(16) v16 { unsigned int x[4]; };\n";
  auto vtype = [&](int vec) {
    int bytes = vec * p.elem_bytes;
    return bytes == 1 ? std::string("E") : "v" + std::to_string(bytes);
  };
  o << "extern \"C\" __global__ void __launch_bounds__(" << k.threads << ") " << k.name
    << "(const E* __restrict__ in, E* __restrict__ out, long long tiles0, long long tiles1,\n"
    << "    long long si0, long long si1, long long so0, long long so1) {\n";
  // Triton's JIT specializes the sizes and computes offsets in 32 bits
  // while the tensor allows: program_id(0) walks dim-0 tiles first.
  const int64_t tiles0 = rank == 2 ? p.shape[0] / T0 : 1;
  auto last = [&](const std::vector<int64_t>& strides) {  // the largest offset of a view
    int64_t m = 0;
    for (size_t i = 0; i < rank; ++i) m += (p.shape[i] - 1) * strides[i];
    return m;
  };
  const bool narrow = p.triton && last(p.in_strides) < (int64_t{1} << 31) && last(p.out_strides) < (int64_t{1} << 31);
  const char* idx = narrow ? "int" : "long long";
  const std::string pid = narrow ? "(int)blockIdx.x" : "(long long)blockIdx.x";
  if (grid2)
    o << "  const " << idx << " r0 = " << pid << " * " << T0 << ", c0 = (" << idx << ")blockIdx.y * " << T1 << ";\n"
      << "  const " << idx << " n0 = (" << idx << ")tiles0 * " << T0 << ", n1 = (" << idx << ")tiles1 * " << T1 << ";\n";
  else if (p.triton)
    o << "  const " << idx << " r0 = " << pid << " % " << tiles0 << " * " << T0 << ", c0 = " << pid << " / " << tiles0
      << " * " << T1 << ";\n"
      << "  const " << idx << (rank == 2 ? " n0 = (" + std::string(idx) + ")tiles0 * " + std::to_string(T0) + "," : "")
      << " n1 = (" << idx << ")tiles1 * " << T1 << ";\n";
  else
    o << "  const long long tile = blockIdx.x;\n"
      << "  const long long r0 = (tile / tiles1) * " << T0 << "LL, c0 = (tile % tiles1) * " << T1 << "LL;\n";
  o << "  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;\n";
  thread_part(o, ld, "tr", "tc");
  o << "  __align__(16) E e[" << ld.nreg << "];\n";
  auto thread_bits = [](const Tile2& t) {
    std::pair<int32_t, int32_t> m{0, 0};
    for (const auto* v : {&t.lane, &t.warp})
      for (auto& b : *v) m = {m.first | b.first, m.second | b.second};
    return m;
  };
  // Triton's 1D kernels fold each register's part into a constant offset:
  // where a register's coordinate shares no bit with the thread part,
  // reg ^ thread = reg + thread is a constant offset from the thread's base
  // pointer. Its 2D kernels take the strides other than 1 at run time (as
  // 32-bit integers) and compute every access's offset on its own; so do
  // these, which keeps ptxas from reordering their accesses as it does
  // base + constant ones (a 128x128 tile stored into a transposed tensor ran
  // at 0.81 of Triton's kernel with literal strides and folded offsets on
  // the H100, at 1.10 this way, 1.00 in its order below; the other 2D rows
  // 0.99 and 1.00).
  auto literal = [&](int64_t v) { return std::to_string(v) + (narrow ? "" : "LL"); };
  const bool per_access = narrow && rank == 2;
  // Triton's 1D offsets, where thread t holds elements t << s and on (lane i
  // and warp j at 1 << (s + i) and 1 << (s + 5 + j)): pid * XBLOCK |
  // ((tid << s) & M) | c, M the threads' bits. LLVM knows only tid < 1024, so
  // for a constant c that sets every bit of (1023 << s) & ~M, InstCombine
  // drops the mask, and `(pid * XBLOCK | tid << s) | c` is no disjoint sum:
  // that access gets an address of its own (its own mul.wide in the PTX),
  // the others base + constant. ptxas schedules them differently (XBLOCK=8192
  // R=8: the last register group, 0.89-0.92 of Triton's kernel without this).
  auto unmasked_bits = [&](const Tile2& t) -> std::pair<int, int32_t> {  // s and (1023 << s) & ~M, or {-1, 0}
    if (rank != 1 || !narrow || sin[1] != 1 || sout[1] != 1) return {-1, 0};
    std::vector<std::pair<int32_t, int32_t>> th(t.lane);
    th.insert(th.end(), t.warp.begin(), t.warp.end());
    if (th.empty() || th[0].second <= 0 || !std::has_single_bit(static_cast<uint32_t>(th[0].second))) return {-1, 0};
    const int sh = std::countr_zero(static_cast<uint32_t>(th[0].second));
    for (size_t i = 0; i < th.size(); ++i)
      if (th[i] != std::pair<int32_t, int32_t>{0, int32_t{1} << (sh + i)}) return {-1, 0};
    const int64_t h = (int64_t{1023} << sh) & ~((int64_t{1} << (sh + th.size())) - 1);
    return {sh, h < (int64_t{1} << 31) ? static_cast<int32_t>(h) : 0};
  };
  const std::pair<int, int32_t> unmasked_ld = unmasked_bits(ld), unmasked_st = unmasked_bits(st);
  auto own_offset = [&](const Tile2& t, int32_t k1) -> std::string {  // "" when base + constant
    auto [sh, h] = &t == &ld ? unmasked_ld : unmasked_st;
    if (sh < 0 || h == 0 || (k1 & h) != h) return "";
    return "((c0 | ((int)threadIdx.x << " + std::to_string(sh) + ")) | " + std::to_string(k1) + ")";
  };
  // Addresses computed on their own are spelled as Triton's PTX spells them,
  // in inline PTX that NVVM cannot refold: 2D `mad.wide.s32 off, size, ptr`
  // per access (ptxas makes an LEA pair of it, where it makes one IMAD.WIDE
  // of NVVM's own spelling); 1D `mul.wide.s32` once per offset, added to
  // either pointer.
  auto uses_own = [&](const Tile2& t) {
    return std::any_of(t.reg.begin(), t.reg.end(), [&](auto& c) { return !own_offset(t, c.second).empty(); });
  };
  const bool own_1d = p.triton && (uses_own(ld) || uses_own(st));
  if (per_access || own_1d)
    o << "  const unsigned long long gin = (unsigned long long)in, gout = (unsigned long long)out;\n";
  if (per_access)
    o << "  auto ls_mad = [](int x, unsigned long long p) { unsigned long long r; asm volatile(\"mad.wide.s32 %0, %1, "
      << p.elem_bytes << ", %2;\" : \"=l\"(r) : \"r\"(x), \"l\"(p)); return r; };\n";
  if (own_1d)
    o << "  auto ls_wide = [](int x) { unsigned long long r; asm(\"mul.wide.s32 %0, %1, " << p.elem_bytes
      << ";\" : \"=l\"(r) : \"r\"(x)); return r; };\n";
  std::map<std::string, std::string> wide_of;  // 1D offset of its own -> its scaled variable
  auto addr = [&](const char* ptr, const char* base, const std::vector<int64_t>& st, const char* s0, const char* s1,
                  const Tile2& t, int r, const char* row, const char* col) {
    auto [k0, k1] = t.reg[r];
    auto [m0, m1] = thread_bits(t);
    const std::string g = std::string("g") + ptr;
    if (std::string own = own_offset(t, k1); !own.empty()) {  // scaled once, for the load and the store
      auto [it, fresh] = wide_of.try_emplace(own, "w" + std::to_string(wide_of.size()));
      if (fresh) o << "  const unsigned long long " << it->second << " = ls_wide(" << own << ");\n";
      return g + " + " + it->second;
    }
    if (p.triton && (k0 & m0) == 0 && (k1 & m1) == 0)
      return "__cvta_generic_to_global(" + std::string(base) + " + " + std::to_string(k0 * st[0] + k1 * st[1]) + "LL)";
    std::string a = std::string(ptr) + " + ((r0 + (" + std::to_string(k0) + " ^ " + row + ")) * " +
                    (p.triton ? literal(st[0]) : s0) + " + (c0 + (" + std::to_string(k1) + " ^ " + col + ")) * " +
                    (p.triton ? literal(st[1]) : s1) + ")";
    return p.triton ? "__cvta_generic_to_global(" + a + ")" : a;
  };
  auto offset2d = [&](const std::vector<int64_t>& strides, const char* s0, const char* s1, const Tile2& t, int r,
                      const char* row, const char* col) {  // per_access: the 32-bit element offset
    auto stride = [&](int d, const char* sv) { return strides[d] == 1 ? std::string("1") : "(int)" + std::string(sv); };
    return "(r0 + (" + std::to_string(t.reg[r].first) + " ^ " + row + ")) * " + stride(0, s0) + " + (c0 + (" +
           std::to_string(t.reg[r].second) + " ^ " + col + ")) * " + stride(1, s1);
  };
  auto in_addr = [&](const Tile2& t, int r, const char* row, const char* col) {
    return addr("in", "pin", sin, "si0", "si1", t, r, row, col);
  };
  auto out_addr = [&](const Tile2& t, int r, const char* row, const char* col) {
    return addr("out", "pout", sout, "so0", "so1", t, r, row, col);
  };
  // Triton's mask (offsets < sizes, the sizes divisible by 16) is constant on
  // aligned boxes of min(16, tile) elements per dim; Triton computes it once
  // for the registers a box holds (register bits within the box reuse the
  // value). All true here (the shape is a multiple of the tile); it keeps the
  // code Triton's, with the loads and stores ptxas schedules for it.
  const int64_t box0 = std::min<int64_t>(16, T0), box1 = std::min<int64_t>(16, T1);
  auto in_bounds = [&](const Tile2& t, int r, const char* row, const char* col) {
    int same = 0;  // register bits within one box
    for (int i = 0; (1 << i) < t.nreg; ++i)
      if (t.reg[1 << i].first < box0 && t.reg[1 << i].second < box1) same |= 1 << i;
    auto [k0, k1] = t.reg[r & ~same];
    std::string own = own_offset(t, k1);
    std::string c = (own.empty() ? "c0 + (" + std::to_string(k1) + " ^ " + col + ")" : own) + " < n1";
    return rank == 1 ? c : "r0 + (" + std::to_string(k0) + " ^ " + row + ") < n0 && " + c;
  };
  auto base_ptr = [&](const char* decl, const char* ptr, const std::vector<int64_t>& st, const char* row,
                      const char* col) {  // Triton's instructions, offsets folded only
    if (per_access) return;
    o << "  " << decl << " = " << ptr << " + ((r0 + " << row << ") * " << literal(st[0]) << " + (c0 + " << col
      << ") * " << literal(st[1]) << ");\n";
  };
  const Tile2* const out_tile = same ? &ld : &st;
  const char* orow = same ? "tr" : "ur";
  const char* ocol = same ? "tc" : "uc";
  // Triton's 2D PTX computes every offset of both sides first, then all of a
  // side's addresses before its first access; so do these (pinned by
  // volatile asm, which NVVM keeps in order): ptxas schedules the accesses
  // and allocates registers by that order (H100: a 128x128 tile stored into
  // a transposed tensor 1.10 of Triton's kernel with each address beside its
  // access, 1.00 so; through shared memory 162 registers, Triton's 160, where
  // addresses alone in its order took 238).
  const bool st_part = per_access && !same;  // ur, uc declared here
  auto pin_offsets = [&](const char* arr, const std::vector<int>& regs, const std::vector<int64_t>& strides,
                         const char* s0, const char* s1, const Tile2& t, const char* row, const char* col) {
    o << "  int " << arr << "[" << regs.size() << "];\n";
    for (size_t i = 0; i < regs.size(); ++i)
      o << "  asm volatile(\"mov.b32 %0, %1;\" : \"=r\"(" << arr << "[" << i << "]) : \"r\"("
        << offset2d(strides, s0, s1, t, regs[i], row, col) << "));\n";
  };
  auto addresses = [&](const char* arr, const char* off, size_t n, const char* g) {
    std::vector<std::string> a;
    o << "  unsigned long long " << arr << "[" << n << "];\n";
    for (size_t i = 0; i < n; ++i) {
      o << "  " << arr << "[" << i << "] = ls_mad(" << off << "[" << i << "], " << g << ");\n";
      a.push_back(std::string(arr) + "[" + std::to_string(i) + "]");
    }
    return a;
  };
  // the registers each side moves, one access each (Triton's instructions)
  const auto [ld_regs, ld_zero] = moved(ld, p.load, gl_ld, k.load_vec);
  const std::vector<int> st_regs = moved(*out_tile, p.store, gl_st, k.store_vec).first;
  if (st_part) thread_part(o, st, "ur", "uc");
  if (per_access) {
    pin_offsets("oi", ld_regs, sin, "si0", "si1", ld, "tr", "tc");
    pin_offsets("oo", st_regs, sout, "so0", "so1", *out_tile, orow, ocol);
  }
  if (p.triton) {
    base_ptr("const E* pin", "in", sin, "tr", "tc");
    std::vector<std::string> a;
    if (per_access) a = addresses("ai", "oi", ld_regs.size(), "gin");
    else
      for (int r : ld_regs) a.push_back(in_addr(ld, r, "tr", "tc"));
    for (size_t i = 0; i < ld_regs.size(); ++i)
      global_asm(o, spelled(*gl_ld, k.load_vec), k.load_vec, bits, "e", ld_regs[i], a[i], false,
                 in_bounds(ld, ld_regs[i], "tr", "tc"));
    if (ld_zero)  // registers Triton 3.9 does not load hold copies of loaded ones
      for (int r = 0; r < ld.nreg; ++r)
        if (r & ld_zero) o << "  e[" << r << "] = e[" << (r & ~ld_zero) << "];\n";
  } else {
    groups(ld, k.load_vec, [&](int r) {
      o << "  *(" << vtype(k.load_vec) << "*)&e[" << r << "] = *(const " << vtype(k.load_vec) << "*)("
        << in_addr(ld, r, "tr", "tc") << ");\n";
    });
  }
  const char* src = "e";
  if (reg_only || xchg) {
    o << "  __align__(16) E f[" << st.nreg << "];\n";
    std::map<std::pair<int32_t, int32_t>, int> e_of, f_of;  // lowest register at each coordinate
    for (int r = ld.nreg - 1; r >= 0; --r) e_of[ld.reg[r]] = r;
    for (int r = st.nreg - 1; r >= 0; --r) f_of[st.reg[r]] = r;
    std::vector<bool> filled(st.nreg, false);
    if (reg_only) {  // the same threads hold the elements: Triton renames registers
      for (int r = 0; r < st.nreg; ++r) o << "  f[" << r << "] = e[" << e_of.at(st.reg[r]) << "];\n";
      filled.assign(st.nreg, true);
    } else {
      // Without it ptxas interleaves the global loads with the shared stores
      // (a 128x128 fp32 tile: 35 registers, 12 loads in flight), where
      // Triton's kernel issues every load first (160 registers); this
      // bar.warp.sync keeps Triton's order and compiles to a NOP.
      o << "  __syncwarp();\n"
        << "  extern __shared__ __align__(16) unsigned char smem_raw[];\n"
        << "  const unsigned sbase = (unsigned)__cvta_generic_to_shared(smem_raw);\n";
      exchange_thread_part(o, xchg->store, "xs", p.elem_bytes);
      exchange_thread_part(o, xchg->load, "xl", p.elem_bytes);
      for (int64_t q = 0; q < xchg->rounds; ++q) {
        if (q) o << "  __syncthreads();\n";
        exchange_asm(o, xchg->store, xchg->scratch_elems, q, bits, p.elem_bytes, "e", "xs", true);
        o << "  __syncthreads();\n";
        exchange_asm(o, xchg->load, xchg->scratch_elems, q, bits, p.elem_bytes, "f", "xl", false);
      }
      for (auto& regs : xchg->load.regs)
        for (int r : regs) filled[r] = true;
      k.predicted_convert[xchg->store.mnemonic] += static_cast<int64_t>(xchg->store.constant.size());
      k.predicted_convert[xchg->load.mnemonic] += static_cast<int64_t>(xchg->load.constant.size());
    }
    for (int r = 0; r < st.nreg; ++r)  // registers holding copies of others
      if (!filled[r]) o << "  f[" << r << "] = f[" << f_of.at(st.reg[r]) << "];\n";
    src = "f";
  } else if (!same) {
    o << "  extern __shared__ __align__(16) unsigned char smem_raw[];\n  E* smem = (E*)smem_raw;\n";
    groups(ld, smem_wvec, [&](int r) {
      o << "  *(" << vtype(smem_wvec) << "*)&smem[(" << ld.reg[r].first << " ^ tr) * " << T1 << " + (" << ld.reg[r].second
        << " ^ tc)] = *(" << vtype(smem_wvec) << "*)&e[" << r << "];\n";
    });
    o << "  __syncthreads();\n";
    if (!st_part) thread_part(o, st, "ur", "uc");
    o << "  __align__(16) E f[" << st.nreg << "];\n";
    groups(st, smem_rvec, [&](int r) {
      o << "  *(" << vtype(smem_rvec) << "*)&f[" << r << "] = *(" << vtype(smem_rvec) << "*)&smem[(" << st.reg[r].first
        << " ^ ur) * " << T1 << " + (" << st.reg[r].second << " ^ uc)];\n";
    });
    src = "f";
  }
  if (!same && (reg_only || xchg) && !st_part) thread_part(o, st, "ur", "uc");
  if (p.triton) {
    // threads that hold a broadcast copy do not store (Triton's mask)
    int lmask = zero_bits(out_tile->lane), wmask = zero_bits(out_tile->warp);
    std::string pred = lmask || wmask ? "((lane & " + std::to_string(lmask) + ") | (warp & " + std::to_string(wmask) + ")) == 0" : "";
    base_ptr("E* pout", "out", sout, orow, ocol);
    std::vector<std::string> a;
    if (per_access) a = addresses("ao", "oo", st_regs.size(), "gout");
    else
      for (int r : st_regs) a.push_back(out_addr(*out_tile, r, orow, ocol));
    for (size_t i = 0; i < st_regs.size(); ++i)
      global_asm(o, spelled(*gl_st, k.store_vec), k.store_vec, bits, src, st_regs[i], a[i], true,
                 (pred.empty() ? "" : "(" + pred + ") && ") + in_bounds(*out_tile, st_regs[i], orow, ocol));
  } else {
    groups(*out_tile, k.store_vec, [&](int r) {
      o << "  *(" << vtype(k.store_vec) << "*)(" << out_addr(*out_tile, r, orow, ocol) << ") = *(" << vtype(k.store_vec)
        << "*)&" << src << "[" << r << "];\n";
    });
  }
  o << "}\n";
  k.source = o.str();
  return k;
}

std::string support_source(int elem_bytes) {
  std::ostringstream o;
  o << "typedef " << elem_type(elem_bytes) << " E;\n"
    << "__device__ unsigned long long mix(unsigned long long x) {\n"
    << "  x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53ULL; return x ^ (x >> 33);\n}\n"
    << "extern \"C\" __global__ void ls_fill(E* p, long long n, unsigned long long seed) {\n"
    << "  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x)\n"
    << "    p[i] = (E)(mix(i ^ seed) | 1);\n}\n"
    << "extern \"C\" __global__ void ls_check(const E* in, const E* out, long long s0, long long s1,\n"
    << "    long long si0, long long si1, long long so0, long long so1, unsigned long long* bad) {\n"
    << "  unsigned long long count = 0;\n"
    << "  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < s0 * s1; i += (long long)gridDim.x * blockDim.x) {\n"
    << "    long long r = i / s1, c = i % s1;\n"
    << "    count += in[r * si0 + c * si1] != out[r * so0 + c * so1];\n  }\n"
    << "  if (count) atomicAdd(bad, count);\n}\n";
  return o.str();
}

}  // namespace ls::gpu
