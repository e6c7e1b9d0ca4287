// export_gen MODE SOURCE_DIR OUT_DIR: writes, for every layout of
// tests/export/layouts.txt (Triton layouts of every kind, tilus and CuTe
// layouts) and every preset, an exported file and a driver
// program that prints what the export computes for every input, next to
// expected.txt, what the core model says. The test then compiles the driver
// (g++ or nvcc), runs it and compares.
//   MODE cuda: the `cuda` headers; every hw index, and for shared layouts
//              every element back to its offset and block.
//   MODE cute: the `cute` exports CuTe can express (a count of those it
//              cannot is printed); every (thread, value[, block]) or element.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <vector>

#include "error.h"
#include "export/cute.h"
#include "export/cuda_header.h"
#include "io/text.h"
#include "layout_map.h"

namespace fs = std::filesystem;

namespace {

std::string read(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

std::vector<std::string> layouts(const fs::path& src) {
  std::vector<std::string> r;
  std::ifstream f(src / "tests/export/layouts.txt");
  for (std::string line; std::getline(f, line);)
    if (!line.empty() && line[0] != '#') r.push_back(line);
  std::vector<fs::path> presets;
  for (auto& e : fs::directory_iterator(src / "assets/presets"))
    if (e.path().extension() == ".json") presets.push_back(e.path());
  std::sort(presets.begin(), presets.end());
  for (auto& p : presets) r.push_back(read(p));
  return r;
}

std::vector<int64_t> coords_of(const ls::Shape& shape, int64_t e) {
  std::vector<int64_t> c(shape.size(), -1);
  for (size_t d = shape.size(); e >= 0 && d-- > 0;) c[d] = e % shape[d], e /= shape[d];
  return c;
}

// Triton 3.6's answers (layouts.txt was written for it), except for the
// layouts only Triton 3.9 has (its WMMA form, the WMMA scale and the
// partitioned shared layouts).
ls::TritonVersion triton_for(const ls::TensorLayout& t) {
  if (!t.spec) return ls::TritonVersion::v3_6;
  auto* w = std::get_if<ls::AmdWmma>(&t.spec->v);
  bool only39 = (w && w->cta_bases) || std::holds_alternative<ls::AmdWmmaScale>(t.spec->v) ||
                std::holds_alternative<ls::PartitionedShared>(t.spec->v);
  return only39 ? ls::TritonVersion::v3_9 : ls::TritonVersion::v3_6;
}

std::string title(const ls::TensorLayout& t) { return t.foreign ? t.foreign->text() : ls::print_mlir(t); }

void put(std::ostream& o, const std::vector<int64_t>& v) {
  for (size_t i = 0; i < v.size(); ++i) o << (i ? " " : "") << v[i];
  o << "\n";
}

int cuda(const std::vector<std::string>& texts, const fs::path& out) {
  std::ofstream drv(out / "driver.cpp"), exp(out / "expected.txt");
  drv << "#include <cstdio>\n";
  std::string body, kernels;
  for (size_t i = 0; i < texts.size(); ++i) {
    auto t = ls::parse_layout(texts[i]);
    if (t.spec && ls::is_tensor_memory(*t.spec)) continue;  // no thread ownership: cuda/cute refuse TMEM layouts
    t.triton = triton_for(t);
    auto m = ls::make_map(t);
    std::string ns = "l" + std::to_string(i), hdr = "cuda_" + std::to_string(i) + ".h";
    std::ofstream(out / hdr) << ls::cuda_header(*m, ns, title(t));
    drv << "#include \"" << hdr << "\"\n";
    ls::Shape shape = m->shape();
    auto table = m->table();
    exp << "layout " << i << "\n";
    body += "  std::printf(\"layout " + std::to_string(i) + "\\n\");\n";
    if (m->is_shared()) {
      for (int64_t e : table) put(exp, coords_of(shape, e));
      std::vector<int64_t> first(m->num_elements(), -1);
      for (size_t x = table.size(); x-- > 0;)
        if (table[x] >= 0) first[table[x]] = static_cast<int64_t>(x);
      auto dims = m->hw_dims();
      const int64_t noff = dims[0].size, nblk = dims.size() > 1 ? dims[1].size : 1;
      const bool partitioned = dims.size() > 2;  // offset, block, partition
      for (int64_t x : first) {
        std::vector<int64_t> where{x < 0 ? -1 : x % noff, x < 0 ? -1 : x / noff % nblk};
        if (partitioned) where.push_back(x < 0 ? -1 : x / (noff * nblk));
        put(exp, where);
      }
      body += std::string(partitioned ? "  DUMP_PARTITIONED(" : "  DUMP_SHARED(") + ns + ");\n";
      kernels += std::string(partitioned ? "KERNEL_PARTITIONED(" : "KERNEL_SHARED(") + ns + ")\n";
    } else {
      for (int64_t e : table) put(exp, coords_of(shape, e));
      body += "  DUMP_DISTRIBUTED(" + ns + ");\n";
      kernels += "KERNEL_DISTRIBUTED(" + ns + ")\n";
    }
  }
  drv << R"(
static void print(const int* c, int n) {
  for (int d = 0; d < n; ++d) std::printf(d ? " %d" : "%d", c[d]);
  std::printf("\n");
}
#define DUMP_DISTRIBUTED(L)                                              \
  {                                                                      \
    int c[L::kRank];                                                     \
    for (int b = 0; b < L::kNumBlocks; ++b)                              \
      for (int w = 0; w < L::kNumWarps; ++w)                             \
        for (int ln = 0; ln < L::kNumLanes; ++ln)                        \
          for (int r = 0; r < L::kNumRegisters; ++r) {                   \
            L::hw_to_coords(r, ln, w, b, c);                             \
            print(c, L::kRank);                                          \
          }                                                              \
  }
#define DUMP_SHARED(L)                                                   \
  {                                                                      \
    int c[L::kRank];                                                     \
    for (int b = 0; b < L::kNumBlocks; ++b)                              \
      for (int o = 0; o < L::kNumOffsets; ++o) {                         \
        if (b == 0) L::offset_to_coords(o, c);                           \
        else L::offset_to_coords(o, b, c);                               \
        print(c, L::kRank);                                              \
      }                                                                  \
    int n = 1;                                                           \
    for (int d = 0; d < L::kRank; ++d) n *= L::kShape[d];                \
    for (int e = 0; e < n; ++e) {                                        \
      for (int d = L::kRank, rest = e; d-- > 0;)                         \
        c[d] = rest % L::kShape[d], rest /= L::kShape[d];                \
      int x[2] = {L::coords_to_offset(c), L::coords_to_block(c)};        \
      print(x, 2);                                                       \
    }                                                                    \
  }
#define DUMP_PARTITIONED(L)                                              \
  {                                                                      \
    int c[L::kRank];                                                     \
    for (int p = 0; p < L::kNumPartitions; ++p)                          \
      for (int b = 0; b < L::kNumBlocks; ++b)                            \
        for (int o = 0; o < L::kNumOffsets; ++o) {                       \
          L::offset_to_coords(o, b, p, c);                               \
          print(c, L::kRank);                                            \
        }                                                                \
    int n = 1;                                                           \
    for (int d = 0; d < L::kRank; ++d) n *= L::kShape[d];                \
    for (int e = 0; e < n; ++e) {                                        \
      for (int d = L::kRank, rest = e; d-- > 0;)                         \
        c[d] = rest % L::kShape[d], rest /= L::kShape[d];                \
      int x[3] = {L::coords_to_offset(c), L::coords_to_block(c), L::coords_to_partition(c)}; \
      print(x, 3);                                                       \
    }                                                                    \
  }
#ifdef __CUDACC__
// Device code must compile too: one kernel per layout calls its functions.
#define KERNEL_DISTRIBUTED(L)                                            \
  __global__ void kernel_##L(int* out) {                                 \
    int c[L::kRank];                                                     \
    L::hw_to_coords(threadIdx.x % L::kNumRegisters, threadIdx.x % L::kNumLanes, \
                    blockIdx.x % L::kNumWarps, blockIdx.y % L::kNumBlocks, c);   \
    out[threadIdx.x] = c[L::kRank - 1];                                  \
  }
#define KERNEL_PARTITIONED(L)                                            \
  __global__ void kernel_##L(int* out) {                                 \
    int c[L::kRank];                                                     \
    L::offset_to_coords(threadIdx.x % L::kNumOffsets, 0, blockIdx.x % L::kNumPartitions, c); \
    out[threadIdx.x] = L::coords_to_offset(c) + L::coords_to_partition(c); \
  }
#define KERNEL_SHARED(L)                                                 \
  __global__ void kernel_##L(int* out) {                                 \
    int c[L::kRank];                                                     \
    L::offset_to_coords(threadIdx.x % L::kNumOffsets, c);                \
    out[threadIdx.x] = L::coords_to_offset(c) + L::coords_to_block(c);   \
  }
)" << kernels << "#endif\n\nint main() {\n" << body << "  return 0;\n}\n";
  std::cout << "export_gen: " << texts.size() << " cuda headers\n";
  return 0;
}

int cute(const std::vector<std::string>& texts, const fs::path& out) {
  std::ofstream drv(out / "cute_driver.cu"), exp(out / "cute_expected.txt");
  drv << "#include <cstdio>\n";
  std::string body;
  int written = 0, refused = 0;
  for (size_t i = 0; i < texts.size(); ++i) {
    auto t = ls::parse_layout(texts[i]);
    if (t.spec && ls::is_tensor_memory(*t.spec)) continue;  // no thread ownership: cuda/cute refuse TMEM layouts
    t.triton = triton_for(t);
    auto m = ls::make_map(t);
    std::string ns = "c" + std::to_string(i), hdr = "cute_" + std::to_string(i) + ".hpp", code;
    try {
      code = ls::cute_code(*m, ns, title(t));
    } catch (const ls::Error& e) {
      ++refused;
      continue;
    }
    ++written;
    std::ofstream(out / hdr) << code;
    drv << "#include \"" << hdr << "\"\n";
    ls::Shape shape = m->shape();
    auto table = m->table();
    exp << "layout " << i << "\n";
    body += "  {\n    std::printf(\"layout " + std::to_string(i) + "\\n\");\n";
    if (m->is_shared()) {
      std::vector<int64_t> first(m->num_elements(), -1);
      for (size_t x = table.size(); x-- > 0;) first[table[x]] = static_cast<int64_t>(x);
      for (int64_t x : first) exp << x << "\n";
      std::string args;
      for (size_t d = 0; d < shape.size(); ++d) args += (d ? ", c[" : "c[") + std::to_string(d) + "]";
      body += "    auto l = " + ns + "::SmemLayout{};\n    int c[" + std::to_string(shape.size()) + "];\n";
      body += "    for (int e = 0; e < " + std::to_string(m->num_elements()) + "; ++e) {\n";
      body += "      int rest = e;\n";
      for (size_t d = shape.size(); d-- > 0;)
        body += "      c[" + std::to_string(d) + "] = rest % " + std::to_string(shape[d]) + "; rest /= " +
                std::to_string(shape[d]) + ";\n";
      body += "      std::printf(\"%d\\n\", int(l(cute::make_coord(" + args + "))));\n    }\n";
    } else {
      // (thread, value[, block]) in loops, value fastest; expected: the
      // colexicographic index of the element, -1 never happens (F2 maps).
      auto size = [&](const char* name) {
        for (auto& d : m->hw_dims())
          if (d.name == name) return d.size;
        return int64_t{1};
      };
      int64_t reg = size("register"), lane = size("lane"), warp = size("warp"), block = size("block");
      for (int64_t b = 0; b < block; ++b)
        for (int64_t th = 0; th < lane * warp; ++th)
          for (int64_t v = 0; v < reg; ++v) {
            int64_t x = v + reg * (th + lane * warp * b);
            auto c = coords_of(shape, table[x]);
            int64_t idx = 0;
            for (size_t d = shape.size(); d-- > 0;) idx = idx * shape[d] + c[d];
            exp << idx << "\n";
          }
      bool blocks = !m->linear()->bases("block").empty();
      body += "    auto l = " + ns + "::TVLayout{};\n";
      body += "    for (int b = 0; b < " + std::to_string(block) + "; ++b)\n";
      body += "      for (int t = 0; t < " + std::to_string(lane * warp) + "; ++t)\n";
      body += "        for (int v = 0; v < " + std::to_string(reg) + "; ++v)\n";
      body += std::string("          std::printf(\"%d\\n\", int(l(cute::make_coord(t, v") + (blocks ? ", b" : "") + "))));\n";
    }
    body += "  }\n";
  }
  drv << "\nint main() {\n" << body << "  return 0;\n}\n";
  std::cout << "export_gen: " << written << " cute exports, " << refused << " layouts CuTe cannot express\n";
  return written > 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: export_gen cuda|cute SOURCE_DIR OUT_DIR\n";
    return 2;
  }
  try {
    std::string mode = argv[1];
    fs::path out = argv[3];
    fs::create_directories(out);
    auto texts = layouts(argv[2]);
    if (mode == "cuda") return cuda(texts, out);
    if (mode == "cute") return cute(texts, out);
    std::cerr << "export_gen: unknown mode " << mode << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "export_gen: " << e.what() << "\n";
    return 1;
  }
}
