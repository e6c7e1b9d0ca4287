#include "cuda_header.h"

#include <map>

#include "../error.h"
#include "cpp_text.h"

namespace ls {
namespace {

// Tables beyond this many entries are refused rather than written.
constexpr int64_t kMaxTableEntries = int64_t{1} << 22;

const char* param_of(const std::string& dim) {
  static const std::map<std::string, const char*> names = {
      {"register", "reg"}, {"lane", "lane"}, {"warp", "warp"}, {"block", "block"}, {"offset", "offset"},
      {"partition", "partition"}};
  auto it = names.find(dim);
  return it == names.end() ? nullptr : it->second;
}

std::string row(const std::vector<int64_t>& v) { return brace_list(v); }

// The body that sets coords[] from the hardware inputs.
std::string forward_body(const LayoutMap& m) {
  auto dims = m.hw_dims();
  size_t rank = m.shape().size();
  std::string s;
  if (const LinearLayout* l = m.linear()) {
    std::string rows, in;
    int bit = 0;
    for (auto& d : l->ins()) {
      if (!d.bases.empty()) in += std::string(in.empty() ? "" : " | ") + "unsigned(" + param_of(d.name) + ")" +
                                  (bit ? " << " + std::to_string(bit) : "");
      for (size_t i = 0; i < d.bases.size(); ++i, ++bit)
        rows += "      " + row(std::vector<int64_t>(d.bases[i].begin(), d.bases[i].end())) + ",  // " + d.name + " bit " +
                std::to_string(i) + "\n";
    }
    for (auto& d : l->ins())
      if (d.bases.empty()) s += "  (void)" + std::string(param_of(d.name)) + ";\n";
    s += "  for (int d = 0; d < kRank; ++d) coords[d] = 0;\n";
    if (bit == 0) return s;
    s += "  // The coordinates of each input bit.\n";
    s += "  static constexpr int kBases[" + std::to_string(bit) + "][kRank] = {\n" + rows + "  };\n";
    s += "  const unsigned in = " + in + ";\n";
    s += "  for (int b = 0; b < " + std::to_string(bit) + "; ++b)\n";
    s += "    if (in >> b & 1u)\n";
    s += "      for (int d = 0; d < kRank; ++d) coords[d] ^= kBases[b][d];\n";
    return s;
  }
  require(m.hw_size() <= kMaxTableEntries, "cuda: the layout has " + std::to_string(m.hw_size()) +
                                               " hardware indices; a table export takes at most " +
                                               std::to_string(kMaxTableEntries));
  Shape shape = m.shape();
  std::string rows;
  size_t n = 0;
  for (int64_t e : m.table()) {
    std::vector<int64_t> c(rank, -1);
    for (size_t d = rank; e >= 0 && d-- > 0;) c[d] = e % shape[d], e /= shape[d];
    rows += (n % 8 == 0 ? "      " : " ") + brace_list(c) + (n % 8 == 7 ? ",\n" : ",");
    ++n;
  }
  if (n % 8) rows += "\n";
  std::string idx;
  for (size_t i = dims.size(); i-- > 0;) {
    idx = idx.empty() ? std::string(param_of(dims[i].name))
                      : std::string(param_of(dims[i].name)) + " + " + std::to_string(dims[i].size) + " * (" + idx + ")";
  }
  s += "  // Per flat hardware index (" + dims[0].name + " fastest): the coordinates, -1 where nothing is owned.\n";
  s += "  static constexpr int kTable[" + std::to_string(m.hw_size()) + "][kRank] = {\n";
  s += rows + "  };\n";
  s += "  const int in = " + idx + ";\n";
  s += "  for (int d = 0; d < kRank; ++d) coords[d] = kTable[in][d];\n";
  return s;
}

// The body of first_owner(coords): the flat (offset, block) index of the
// element's first owner, or -1.
std::string inverse_body(const LayoutMap& m) {
  Shape shape = m.shape();
  std::string s = "  int e = coords[0];\n";
  for (size_t d = 1; d < shape.size(); ++d) s += "  e = e * " + std::to_string(shape[d]) + " + coords[" + std::to_string(d) + "];\n";
  const LinearLayout* l = m.linear();
  if (l && l->is_invertible()) {
    LinearLayout inv = l->invert();
    // inv: dims -> hw dims. Element bit j of the row-major index, low bits
    // in the last dim, maps to the flat hw index its basis names.
    std::vector<int64_t> cols;
    std::vector<std::string> notes;
    for (size_t d = shape.size(); d-- > 0;) {
      std::string name = "dim" + std::to_string(d);
      const auto& bases = inv.bases(name);
      for (size_t i = 0; i < bases.size(); ++i) {
        int64_t flat = 0;
        int shift = 0;
        for (auto& o : inv.outs()) {
          flat |= int64_t{bases[i][inv.out_index(o.name)]} << shift;
          shift += o.log2;
        }
        cols.push_back(flat);
      }
    }
    if (cols.empty()) return s + "  (void)e;\n  return 0;\n";
    s += "  // The flat (offset, block) index of each bit of e; the layout is a bijection.\n";
    s += "  static constexpr int kInverse[" + std::to_string(cols.size()) + "] = {\n" + wrapped_list(cols, 16, "      ") + "  };\n";
    s += "  int x = 0;\n";
    s += "  for (int b = 0; b < " + std::to_string(cols.size()) + "; ++b)\n";
    s += "    if (unsigned(e) >> b & 1u) x ^= kInverse[b];\n";
    s += "  return x;\n";
    return s;
  }
  require(m.num_elements() <= kMaxTableEntries, "cuda: the tensor has " + std::to_string(m.num_elements()) +
                                                    " elements; a table export takes at most " +
                                                    std::to_string(kMaxTableEntries));
  std::vector<int64_t> first(m.num_elements(), -1);
  auto t = m.table();
  for (size_t x = t.size(); x-- > 0;)
    if (t[x] >= 0) first[t[x]] = static_cast<int64_t>(x);
  s += "  // Per row-major element: the flat (offset, block) index of its first owner, -1 for none.\n";
  s += "  static constexpr int kOwner[" + std::to_string(first.size()) + "] = {\n" + wrapped_list(first, 16, "      ") + "  };\n";
  s += "  return kOwner[e];\n";
  return s;
}

}  // namespace

std::string cuda_header(const LayoutMap& m, const std::string& ns, const std::string& title) {
  check_cpp_namespace(ns);
  auto dims = m.hw_dims();
  Shape shape = m.shape();
  require(!shape.empty(), "cuda: the layout has no tensor dims");
  bool shared = m.is_shared();
  bool partitioned = false;  // an AMD CDNA5 partitioned layout: one buffer per partition
  for (auto& d : dims) {
    partitioned |= d.name == "partition";
    bool known = shared ? (d.name == "offset" || d.name == "block" || d.name == "partition")
                        : (d.name == "register" || d.name == "lane" || d.name == "warp" || d.name == "block");
    require(known, "cuda: hardware dim '" + d.name + "' has no parameter in the exported functions");
  }
  auto size = [&](const char* name) {
    for (auto& d : dims)
      if (d.name == name) return d.size;
    return int64_t{1};
  };

  std::string s = cpp_comment(title);
  s += "// Exported by layoutscope. Self-contained: CUDA (nvcc) or plain C++17.\n";
  if (shared)
    s += std::string("// offset_to_coords: the tensor coordinates stored at `offset` of CTA `block`") +
         (partitioned ? "\n// in the buffer of `partition`" : "") +
         ";\n// coords_to_offset / coords_to_block" + (partitioned ? " / coords_to_partition" : "") +
         ": where an element is stored (its first\n// owner when several offsets hold it, -1 when none does).\n";
  else
    s += "// hw_to_coords: the tensor coordinates held by register `reg` of lane `lane`\n"
         "// in warp `warp` of CTA `block`. Inputs must lie in [0, kNum*).\n";
  s += "#pragma once\n\n"
       "#if !defined(__CUDACC__)\n#ifndef __host__\n#define __host__\n#endif\n"
       "#ifndef __device__\n#define __device__\n#endif\n#endif\n\n";
  s += open_namespace(ns) + "\n";
  s += "constexpr int kRank = " + std::to_string(shape.size()) + ";\n";
  s += "constexpr int kShape[kRank] = " + brace_list(shape) + ";\n";
  if (shared) {
    s += "constexpr int kNumOffsets = " + std::to_string(size("offset")) + ";\n";
  } else {
    s += "constexpr int kNumRegisters = " + std::to_string(size("register")) + ";\n";
    s += "constexpr int kNumLanes = " + std::to_string(size("lane")) + ";\n";
    s += "constexpr int kNumWarps = " + std::to_string(size("warp")) + ";\n";
  }
  s += "constexpr int kNumBlocks = " + std::to_string(size("block")) + ";\n";
  if (partitioned) s += "constexpr int kNumPartitions = " + std::to_string(size("partition")) + ";\n";
  s += "\n";

  std::string params;
  std::vector<const char*> names = shared ? std::vector<const char*>{"offset", "block"}
                                          : std::vector<const char*>{"reg", "lane", "warp", "block"};
  if (partitioned) names.push_back("partition");
  for (const char* p : names) params += std::string("int ") + p + ", ";
  std::string body = forward_body(m);
  // Hardware dims the map lacks are parameters the body does not read.
  for (const char* dim : {"register", "lane", "warp", "block", "offset"}) {
    bool has = false;
    for (auto& d : dims) has |= d.name == dim;
    bool param = shared ? (std::string(dim) == "offset" || std::string(dim) == "block")
                        : std::string(dim) != "offset";
    if (param && !has) body = "  (void)" + std::string(param_of(dim)) + ";\n" + body;
  }
  if (shared) {
    s += "__host__ __device__ inline void offset_to_coords(" + params + "int coords[kRank]) {\n" + body + "}\n\n";
    if (!partitioned)
      s += "__host__ __device__ inline void offset_to_coords(int offset, int coords[kRank]) {\n"
           "  offset_to_coords(offset, 0, coords);\n}\n\n";
    s += std::string("// offset + kNumOffsets * block") + (partitioned ? " + kNumOffsets * kNumBlocks * partition" : "") +
         " of the element's first owner, or -1.\n";
    s += "__host__ __device__ inline int first_owner(const int coords[kRank]) {\n" + inverse_body(m) + "}\n\n";
    s += "__host__ __device__ inline int coords_to_offset(const int coords[kRank]) {\n"
         "  const int x = first_owner(coords);\n  return x < 0 ? -1 : x % kNumOffsets;\n}\n\n";
    s += "__host__ __device__ inline int coords_to_block(const int coords[kRank]) {\n"
         "  const int x = first_owner(coords);\n  return x < 0 ? -1 : x / kNumOffsets" +
         std::string(partitioned ? " % kNumBlocks" : "") + ";\n}\n\n";
    if (partitioned)
      s += "__host__ __device__ inline int coords_to_partition(const int coords[kRank]) {\n"
           "  const int x = first_owner(coords);\n  return x < 0 ? -1 : x / (kNumOffsets * kNumBlocks);\n}\n\n";
  } else {
    s += "__host__ __device__ inline void hw_to_coords(" + params + "int coords[kRank]) {\n" + body + "}\n\n";
  }
  return s + close_namespace(ns);
}

}  // namespace ls
