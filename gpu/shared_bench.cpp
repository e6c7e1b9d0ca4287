#include "shared_bench.h"

#include <sstream>

#include "counters.h"
#include "error.h"
#include "layout_map.h"
#include "runtime.h"

namespace ls::gpu {
namespace {

struct Plan {
  SharedOpReport store, load;
  std::string store_mn, load_mn;  // PTX mnemonics (triton), empty: own
  std::vector<codegen::Instr::Part> store_seq, load_seq;  // triton, several widths: each instruction's
  int threads = 0;
  int smem_bytes = 0;
  int elem_bytes = 2;
  std::vector<int32_t> st_off, ld_off;  // [instruction * threads + thread], element offsets (-1 idle)
  int nst = 0, nld = 0;                 // instructions per thread
  std::string source;
};

const LayoutMap& require_one_cta(const LayoutMap& m, const char* what) {
  for (auto& d : m.hw_dims())
    require(d.name != "block" || d.size == 1, std::string("gpu shared: the ") + what + " layout spans several CTAs");
  return m;
}

int64_t hw_size(const LayoutMap& m, const char* name) {
  for (auto& d : m.hw_dims())
    if (d.name == name) return d.size;
  return 1;
}

void fill_table(const SharedOpReport& r, int threads, std::vector<int32_t>& table, int& n) {
  n = 0;
  for (auto& a : r.accesses) n = std::max(n, a.index + 1);
  table.assign(size_t(n) * threads, -1);
  for (auto& a : r.accesses)
    for (int l = 0; l < 32; ++l) table[size_t(a.index) * threads + a.warp * 32 + l] = static_cast<int32_t>(a.lane_offset[l]);
}

std::string vec_type(int bytes) {
  switch (bytes) {
    case 1: return "unsigned char";
    case 2: return "unsigned short";
    case 4: return "unsigned int";
    case 8: return "uint2_";
    case 16: return "uint4_";
  }
  fail("gpu shared: access of " + std::to_string(bytes) + " bytes");
}

std::string matrix_op(const char* op, const SharedOpOptions& o) {
  return std::string(op) + ".sync.aligned.m8n8.x" + std::to_string(o.matrices) + (o.trans ? ".trans" : "") + ".shared.b16";
}

// x1 / x2 / x4 of an ldmatrix / stmatrix mnemonic.
int matrices_of(const std::string& mn) {
  size_t x = mn.find(".x");
  require(x != std::string::npos, "gpu shared: no matrix count in " + mn);
  return mn[x + 2] - '0';
}

// A plain ld/st.shared spelled `mn` (e.g. st.shared.v4.b32, ld.shared.v2.b16)
// at element offset `off` (skipped when negative) as inline PTX; a store
// writes values made from `seed`, a load folds what it reads into acc.
void plain_asm(std::ostringstream& o, const std::string& mn, const std::string& off, int elem_bytes,
               const std::string& seed) {
  const bool store = mn.rfind("st.", 0) == 0;
  size_t v = mn.find(".v");
  const int n = v == std::string::npos ? 1 : mn[v + 2] - '0';
  const int kbits = std::stoi(mn.substr(mn.rfind(".b") + 2));
  const char* c = kbits <= 16 ? "h" : "r";
  const char* ty = kbits <= 16 ? "unsigned short" : "unsigned";
  o << "  if (" << off << " >= 0) { unsigned a = base + " << off << " * " << elem_bytes << "; " << ty << " x[" << n << "];\n";
  auto ops = [&](int first) {
    std::string s = n > 1 ? "{" : "";
    for (int j = 0; j < n; ++j) s += (j ? ", %" : "%") + std::to_string(first + j);
    return s + (n > 1 ? "}" : "");
  };
  if (store) {
    for (int j = 0; j < n; ++j) o << "    x[" << j << "] = (" << ty << ")((" << seed << ") * 2654435761u + " << j << "u);\n";
    o << "    asm volatile(\"" << mn << " [%0], " << ops(1) << ";\" :: \"r\"(a)";
    for (int j = 0; j < n; ++j) o << ", \"" << c << "\"(x[" << j << "])";
    o << " : \"memory\"); }\n";
  } else {
    o << "    asm volatile(\"" << mn << " " << ops(0) << ", [%" << n << "];\" : ";
    for (int j = 0; j < n; ++j) o << (j ? ", " : "") << "\"=" << c << "\"(x[" << j << "])";
    o << " : \"r\"(a) : \"memory\");\n   ";
    for (int j = 0; j < n; ++j) o << " acc ^= x[" << j << "];";
    o << " }\n";
  }
}

Plan make_plan(const SharedRequest& r) {
  require(r.store_reg.spec && r.shared.spec, "gpu shared: a Triton register layout and a Triton shared layout are needed");
  check_element_bits(r.bits);
  auto on_shape = [&](TensorLayout t) {
    t.shape = r.shape;
    return make_map(t);
  };
  auto reg = on_shape(r.store_reg);
  auto lreg = on_shape(r.load_reg.spec ? r.load_reg : r.store_reg);
  auto sh = on_shape(r.shared);
  require_one_cta(*reg, "register");
  require_one_cta(*lreg, "load register");
  require_one_cta(*sh, "shared");
  require(hw_size(*reg, "lane") == 32, "gpu shared: NVIDIA warps have 32 lanes");
  require(hw_size(*reg, "warp") == hw_size(*lreg, "warp"), "gpu shared: the store and load layouts need as many warps");
  require(hw_size(*reg, "warp") <= 32, "gpu shared: the register layout has " + std::to_string(hw_size(*reg, "warp")) +
                                           " warps; a CTA runs at most 32 (1,024 threads)");
  PhysicalOffset phys = physical_offset_of(*r.shared.spec);
  Plan p;
  if (r.triton) {
    auto shaped = [&](TensorLayout t) {
      t.shape = r.shape;
      return t;
    };
    const TritonVersion v = r.target.version;
    TensorLayout shl = shaped(r.shared);
    LinearLayout rl = codegen::lowered(shaped(r.store_reg), v);
    LinearLayout ll = codegen::lowered(shaped(r.load_reg.spec ? r.load_reg : r.store_reg), v);
    LinearLayout sl = codegen::lowered(shl, v);
    auto gvec = [&](const LinearLayout& l, bool store) {
      return std::max(1, codegen::global_access(l, r.bits, store, v).bytes_per_lane * 8 / r.bits);
    };
    codegen::Instr st = codegen::shared_access(rl, *shl.spec, sl, r.bits, true, r.target, gvec(rl, false), true);
    codegen::Instr ld = codegen::shared_access(ll, *shl.spec, sl, r.bits, false, r.target, gvec(ll, true), true);
    p.store = codegen::as_report(st, r.bits);
    p.load = codegen::as_report(ld, r.bits);
    p.store_mn = st.mnemonic;
    p.load_mn = ld.mnemonic;
    p.store_seq = st.sequence;
    p.load_seq = ld.sequence;
    // an access the hardware would fault on (Triton's own kernel faults too)
    for (const codegen::Instr* in : {&st, &ld}) {
      require(in->hardware_fault.empty(), "gpu shared: " + in->hardware_fault + ": the hardware faults, as Triton's own kernel does");
      require(in->wrong_addresses.empty(), "gpu shared: " + in->wrong_addresses + "; not run");
    }
  } else {
    p.store = analyze_shared_access(*reg, *sh, r.bits, true, r.store_opt, phys);
    p.load = analyze_shared_access(*lreg, *sh, r.bits, false, r.load_opt, phys);
  }
  p.threads = static_cast<int>(32 * hw_size(*reg, "warp"));
  p.elem_bytes = r.bits / 8;
  int64_t top = 0;
  for (const SharedOpReport* rep : {&p.store, &p.load})
    for (auto& a : rep->accesses)
      for (int64_t o : a.lane_offset) top = std::max(top, o);
  p.smem_bytes = static_cast<int>((top + 16) * p.elem_bytes + 16);
  require(p.smem_bytes <= 227 * 1024, "gpu shared: the shared layout needs more than 227 KiB");
  fill_table(p.store, p.threads, p.st_off, p.nst);
  fill_table(p.load, p.threads, p.ld_off, p.nld);
  int sb = p.store.access_bits / 8, lb = p.load.access_bits / 8;
  bool st_matrix = r.triton ? p.store_mn.rfind("stmatrix", 0) == 0 : r.store_opt.instr == SharedInstr::matrix;
  bool ld_matrix = r.triton ? p.load_mn.rfind("ldmatrix", 0) == 0 : r.load_opt.instr == SharedInstr::matrix;
  // the matrix instruction as written: Triton's mnemonic, or the option's
  SharedOpOptions st_o = r.store_opt, ld_o = r.load_opt;
  std::string st_mx = st_matrix ? (r.triton ? p.store_mn : matrix_op("stmatrix", st_o)) : "";
  std::string ld_mx = ld_matrix ? (r.triton ? p.load_mn : matrix_op("ldmatrix", ld_o)) : "";
  if (r.triton) {
    st_o.matrices = st_matrix ? matrices_of(p.store_mn) : 0;
    ld_o.matrices = ld_matrix ? matrices_of(p.load_mn) : 0;
  }
  std::ostringstream o;
  o << "// generated by layoutscope: " << p.store.instruction << " x" << p.nst << " then " << p.load.instruction << " x"
    << p.nld << " per thread, " << p.threads << " threads\n"
    << "struct __align__(8) uint2_ { unsigned int x, y; };\nstruct __align__(16) uint4_ { unsigned int x, y, z, w; };\n"
    << "__device__ unsigned fold(unsigned char v) { return v; }\n__device__ unsigned fold(unsigned short v) { return v; }\n"
    << "__device__ unsigned fold(unsigned v) { return v; }\n__device__ unsigned fold(uint2_ v) { return v.x ^ v.y; }\n"
    << "__device__ unsigned fold(uint4_ v) { return v.x ^ v.y ^ v.z ^ v.w; }\n"
    << "template <class V> __device__ V make(unsigned s) { return (V)(s * 2654435761u); }\n"
    << "template <> __device__ uint2_ make<uint2_>(unsigned s) { return {s * 2654435761u, s}; }\n"
    << "template <> __device__ uint4_ make<uint4_>(unsigned s) { return {s * 2654435761u, s, ~s, s ^ 0x5bd1e995u}; }\n"
    << "extern \"C\" __global__ void __launch_bounds__(" << p.threads
    << ") ls_shared(const int* __restrict__ so, const int* __restrict__ lo, unsigned* out,"
    << " long long* cycles) {\n"
    << "  extern __shared__ __align__(16) unsigned char smem[];\n"
    << "  const int t = threadIdx.x;\n"
    << "  const unsigned base = (unsigned)__cvta_generic_to_shared(smem);\n"
    << "  int s[" << std::max(p.nst, 1) << "], l[" << std::max(p.nld, 1) << "];\n"
    << "#pragma unroll\n  for (int i = 0; i < " << p.nst << "; ++i) s[i] = so[i * " << p.threads << " + t];\n"
    << "#pragma unroll\n  for (int i = 0; i < " << p.nld << "; ++i) l[i] = lo[i * " << p.threads << " + t];\n"
    << "  unsigned acc = 0;\n  __syncthreads();\n  long long c0 = clock64();\n";
  // ldmatrix/stmatrix go one warp at a time (see the header); plain accesses
  // all warps at once.
  auto open_phase = [&](bool matrix) {
    // not unrolled: the PTX holds each instruction once, as Triton's does
    if (matrix) o << "#pragma unroll 1\n  for (int w = 0; w < " << p.threads / 32 << "; ++w) {\n  if ((t >> 5) == w) {\n";
  };
  auto close_phase = [&](bool matrix) { o << (matrix ? "  }\n  __syncthreads();\n  }\n" : "  __syncthreads();\n"); };
  open_phase(st_matrix);
  for (int i = 0; i < p.nst; ++i) {
    if (st_matrix) {
      o << "  { unsigned a = base + (s[" << i << "] < 0 ? 0 : s[" << i << "]) * " << p.elem_bytes << ";\n"
        << "    unsigned v0 = t * 4 + " << i << ", v1 = v0 + 1, v2 = v0 + 2, v3 = v0 + 3;\n"
        << "    asm volatile(\"" << st_mx << " [%0], {";
      for (int m = 0; m < st_o.matrices; ++m) o << (m ? ", " : "") << "%" << m + 1;
      o << "};\" :: \"r\"(a)";
      for (int m = 0; m < st_o.matrices; ++m) o << ", \"r\"(v" << m << ")";
      o << " : \"memory\"); }\n";
    } else if (r.triton) {
      plain_asm(o, p.store_seq.empty() ? p.store_mn : p.store_seq[i].mnemonic, "s[" + std::to_string(i) + "]", p.elem_bytes, "t * " + std::to_string(p.nst) + " + " + std::to_string(i));
    } else {
      o << "  if (s[" << i << "] >= 0) *(" << vec_type(sb) << "*)(smem + s[" << i << "] * " << p.elem_bytes << ") = make<"
        << vec_type(sb) << ">(t * " << p.nst << " + " << i << ");\n";
    }
  }
  close_phase(st_matrix);
  o << "  long long c1 = clock64();\n";
  open_phase(ld_matrix);
  for (int i = 0; i < p.nld; ++i) {
    if (ld_matrix) {
      o << "  { unsigned a = base + (l[" << i << "] < 0 ? 0 : l[" << i << "]) * " << p.elem_bytes
        << ", v0 = 0, v1 = 0, v2 = 0, v3 = 0;\n    asm volatile(\"" << ld_mx << " {";
      for (int m = 0; m < ld_o.matrices; ++m) o << (m ? ", " : "") << "%" << m;
      o << "}, [%" << ld_o.matrices << "];\" : ";
      for (int m = 0; m < ld_o.matrices; ++m) o << (m ? ", " : "") << "\"=r\"(v" << m << ")";
      o << " : \"r\"(a) : \"memory\");\n    acc ^= v0 ^ v1 ^ v2 ^ v3; }\n";
    } else if (r.triton) {
      plain_asm(o, p.load_seq.empty() ? p.load_mn : p.load_seq[i].mnemonic, "l[" + std::to_string(i) + "]", p.elem_bytes, "");
    } else {
      o << "  if (l[" << i << "] >= 0) acc ^= fold(*(" << vec_type(lb) << "*)(smem + l[" << i << "] * "
        << p.elem_bytes << "));\n";
    }
  }
  close_phase(ld_matrix);
  o << "  long long c2 = clock64();\n  out[t] = acc;\n"
    << "  if (t == 0) { cycles[0] = c1 - c0; cycles[1] = c2 - c1; }\n}\n";
  p.source = o.str();
  return p;
}

}  // namespace

std::string shared_source(const SharedRequest& r) { return make_plan(r).source; }

double SharedMeasurement::measured(const std::string& what) const {
  auto get = [&](const char* m) {
    auto it = counters.find(m);
    return it == counters.end() ? -1.0 : it->second;
  };
  bool st_m = store.instruction.rfind("stmatrix", 0) == 0, ld_m = load.instruction.rfind("ldmatrix", 0) == 0;
  if (what == "store_wavefronts") return get("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum");
  if (what == "load_wavefronts") return get("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum");
  if (what == "store_conflicts")
    return get(st_m ? "sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_stsm.sum"
                    : "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum");
  if (what == "load_conflicts")
    return get(ld_m ? "sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ldsm.sum"
                    : "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum");
  if (what == "store_instructions")
    return get(st_m ? "smsp__sass_inst_executed_op_stsm.sum" : "smsp__sass_inst_executed_op_shared_st.sum");
  if (what == "load_instructions")
    return get(ld_m ? "smsp__sass_inst_executed_op_ldsm.sum" : "smsp__sass_inst_executed_op_shared_ld.sum");
  return -1;
}

bool SharedMeasurement::agrees() const {
  if (!counter_error.empty()) return false;
  struct Pair { const char* what; double predicted; };
  for (Pair p : {Pair{"store_wavefronts", double(store.wavefronts)}, Pair{"load_wavefronts", double(load.wavefronts)},
                 Pair{"store_conflicts", double(store.conflicts())}, Pair{"load_conflicts", double(load.conflicts())},
                 Pair{"store_instructions", double(store.instructions)},
                 Pair{"load_instructions", double(load.instructions)}}) {
    double m = measured(p.what);
    if (m >= 0 && m != p.predicted) return false;
  }
  return true;
}

SharedMeasurement run_shared(const SharedRequest& r) {
  Plan p = make_plan(r);
  SharedMeasurement m;
  m.store = p.store;
  m.load = p.load;
  m.source = p.source;
  Kernel k = compile(p.source, "ls_shared");
  Buffer so(std::max<size_t>(4, p.st_off.size() * 4)), lo(std::max<size_t>(4, p.ld_off.size() * 4));
  Buffer out(size_t(p.threads) * 4), cycles(16);
  if (!p.st_off.empty()) so.upload(p.st_off.data(), p.st_off.size() * 4);
  if (!p.ld_off.empty()) lo.upload(p.ld_off.data(), p.ld_off.size() * 4);
  void *ps = so.get(), *pl = lo.get(), *po = out.get(), *pc = cycles.get();
  std::vector<void*> args = {&ps, &pl, &po, &pc};
  launch(k, 1, p.threads, p.smem_bytes, args);  // warm-up: module load, caches
  synchronize();
  long long c[2] = {0, 0};
  cycles.download(c, 16);
  m.store_cycles = c[0];
  m.load_cycles = c[1];
  CounterValues cv = measure(
      {"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
       "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
       "smsp__sass_inst_executed_op_shared_st.sum", "smsp__sass_inst_executed_op_shared_ld.sum",
       "smsp__sass_inst_executed_op_ldsm.sum", "smsp__sass_inst_executed_op_stsm.sum",
       "sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ldsm.sum",
       "sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_stsm.sum"},
      [&] { launch(k, 1, p.threads, p.smem_bytes, args); });
  m.counters = cv.values;
  m.unsupported = cv.unsupported;
  m.counter_error = cv.error;
  return m;
}

}  // namespace ls::gpu
