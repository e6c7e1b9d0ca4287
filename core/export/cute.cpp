#include "cute.h"

#include "../error.h"
#include "cpp_text.h"

namespace ls {
namespace {

struct Mode {
  int64_t size, stride;
};

// Per-bit strides -> modes; a bit whose stride doubles the last mode's span
// (or stays 0 after a 0) extends that mode.
std::vector<Mode> modes_of(const std::vector<int64_t>& cols) {
  std::vector<Mode> r;
  for (int64_t c : cols) {
    if (!r.empty() && r.back().stride * r.back().size == c) r.back().size *= 2;
    else r.push_back({2, c});
  }
  if (r.empty()) r.push_back({1, 0});
  return r;
}

std::string cint(int64_t v) { return "cute::Int<" + std::to_string(v) + ">"; }

// "cute::Int<4>" or "cute::Shape<cute::Int<2>, cute::Int<4>>" (Stride likewise).
std::string tuple(const char* kind, const std::vector<Mode>& modes, bool shape) {
  if (modes.size() == 1) return cint(shape ? modes[0].size : modes[0].stride);
  std::string s = std::string("cute::") + kind + "<";
  for (size_t i = 0; i < modes.size(); ++i) {
    s += i ? ", " : "";
    s += cint(shape ? modes[i].size : modes[i].stride);
  }
  return s + ">";
}

std::string layout_type(const std::vector<std::vector<Mode>>& modes) {
  std::string sh = "cute::Shape<", st = "cute::Stride<";
  for (size_t i = 0; i < modes.size(); ++i) {
    {
    sh += i ? ", " : "";
    sh += tuple("Shape", modes[i], true);
  }
    {
    st += i ? ", " : "";
    st += tuple("Stride", modes[i], false);
  }
  }
  return "cute::Layout<" + sh + ">, " + st + ">>";
}

// The first two columns that share a bit, as "a and b", or "".
std::string overlap(const std::vector<int64_t>& cols, const std::vector<std::string>& names) {
  for (size_t i = 0; i < cols.size(); ++i)
    for (size_t j = i + 1; j < cols.size(); ++j)
      if (cols[i] & cols[j]) return names[i] + " and " + names[j];
  return "";
}

std::string distributed(const LinearLayout& l, const Shape& shape, std::string& what) {
  std::vector<int64_t> prefix(shape.size(), 1);
  for (size_t d = 1; d < shape.size(); ++d) prefix[d] = prefix[d - 1] * shape[d - 1];
  std::vector<int64_t> all;
  std::vector<std::string> names;
  auto cols_of = [&](const std::string& dim) {
    std::vector<int64_t> cols;
    const auto& bases = l.bases(dim);
    for (size_t i = 0; i < bases.size(); ++i) {
      int64_t v = 0;
      for (size_t d = 0; d < shape.size(); ++d) v += bases[i][l.out_index("dim" + std::to_string(d))] * prefix[d];
      cols.push_back(v);
      all.push_back(v);
      names.push_back(dim + " bit " + std::to_string(i));
    }
    return cols;
  };
  auto lane = cols_of("lane"), warp = cols_of("warp"), reg = cols_of("register"), block = cols_of("block");
  std::string clash = overlap(all, names);
  require(clash.empty(), "cute: the layout XORs " + clash +
                             " into the same element bits; a CuTe stride layout can only add them");
  std::vector<int64_t> thread = lane;
  thread.insert(thread.end(), warp.begin(), warp.end());
  std::vector<std::vector<Mode>> modes = {modes_of(thread), modes_of(reg)};
  if (!block.empty()) modes.push_back(modes_of(block));
  what = block.empty() ? "(thread, value)" : "(thread, value, block)";
  return "using TVLayout = " + layout_type(modes) + ";\n";
}

std::string shared(const LinearLayout& l, const Shape& shape) {
  require(l.in_size("block") == 1, "cute: the layout spans " + std::to_string(l.in_size("block")) +
                                       " CTAs; a CuTe shared-memory layout describes one CTA");
  require(l.in_size("partition") == 1, "cute: the layout spans " + std::to_string(l.in_size("partition")) +
                                           " LDS partitions (one buffer each); a CuTe shared-memory layout addresses one");
  require(l.is_invertible(), "cute: the offsets do not map one-to-one onto the elements, so no CuTe layout "
                             "maps each element to its offset");
  LinearLayout inv = l.invert();
  int off = inv.out_index("offset");
  std::vector<std::vector<int64_t>> cols(shape.size());
  std::vector<int64_t> flat;
  std::vector<std::string> names;
  for (size_t d = 0; d < shape.size(); ++d)
    for (auto& b : inv.bases("dim" + std::to_string(d))) {
      cols[d].push_back(b[off]);
      flat.push_back(b[off]);
      names.push_back("dim" + std::to_string(d) + " bit " + std::to_string(cols[d].size() - 1));
    }
  int n = l.in_log2("offset");
  auto swizzle = [](int64_t o, int b, int m, int s) { return o ^ ((o >> s) & (((int64_t{1} << b) - 1) << m)); };
  auto stride_layout = [&](const std::vector<int64_t>& p) {
    std::vector<std::vector<Mode>> modes;
    size_t at = 0;
    for (size_t d = 0; d < shape.size(); ++d) {
      modes.push_back(modes_of(std::vector<int64_t>(p.begin() + at, p.begin() + at + cols[d].size())));
      at += cols[d].size();
    }
    return layout_type(modes);
  };
  if (overlap(flat, names).empty()) return "using SmemLayout = " + stride_layout(flat) + ";\n";
  // Swizzle<B,M,S> XORs offset bits [M+S, M+S+B) into [M, M+B).
  for (int b = 1; b <= n; ++b)
    for (int m = 0; m + b <= n; ++m)
      for (int s = b; m + s + b <= n; ++s) {
        std::vector<int64_t> p;
        for (int64_t c : flat) p.push_back(swizzle(c, b, m, s));
        if (!overlap(p, names).empty()) continue;
        return "using SmemLayout = decltype(cute::composition(cute::Swizzle<" + std::to_string(b) + ", " +
               std::to_string(m) + ", " + std::to_string(s) + ">{}, " + stride_layout(p) + "{}));\n";
      }
  fail("cute: the layout is not one Swizzle<B,M,S> composed with a stride layout (its XORs go beyond one swizzle)");
}

}  // namespace

std::string cute_code(const LayoutMap& m, const std::string& ns, const std::string& title) {
  check_cpp_namespace(ns);
  const LinearLayout* l = m.linear();
  require(l != nullptr, "cute: only layouts linear over F2 are exported to CuTe, and this one is not");
  Shape shape = m.shape();
  require(!shape.empty(), "cute: the layout has no tensor dims");
  std::string tile = "cute::Shape<";
  for (size_t d = 0; d < shape.size(); ++d) {
    tile += d ? ", " : "";
    tile += cint(shape[d]);
  }
  tile += ">";
  std::string s = cpp_comment(title);
  std::string body, what;
  if (m.is_shared()) {
    body = shared(*l, shape);
    s += "// SmemLayout: element coordinates (dim0, dim1, ...) -> offset in elements.\n";
  } else {
    body = distributed(*l, shape, what);
    s += "// TVLayout: " + what + " -> colexicographic index of the element in TileShape\n"
         "// (dim0 fastest); thread = lane + " + std::to_string(l->in_size("lane")) + " * warp.\n";
  }
  s += "// Exported by layoutscope.\n#pragma once\n\n#include <cute/layout.hpp>\n";
  if (body.find("Swizzle") != std::string::npos) s += "#include <cute/swizzle_layout.hpp>\n";
  s += "\n";
  s += open_namespace(ns);
  s += "\nusing TileShape = " + tile + ";\n" + body + "\n";
  s += close_namespace(ns);
  return s;
}

}  // namespace ls
