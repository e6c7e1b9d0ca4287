// Exports (core/export): json, mlir and gluon round-trip on every preset; the
// code exports say what the model says; the pictures decode and show the
// model's colours cell by cell; files are written atomically. Compiling the
// code exports is tests/export's job.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "error.h"
#include "export/export.h"
#include "export/picture.h"
#include "export/png.h"
#include "io/text.h"
#include "views.h"

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wsign-compare"
#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#include <stb/stb_image.h>
#pragma GCC diagnostic pop

using namespace ls;
namespace fs = std::filesystem;

namespace {

std::vector<std::pair<std::string, std::string>> presets() {
  std::vector<std::pair<std::string, std::string>> r;
  for (auto& e : fs::directory_iterator(fs::path(LAYOUTSCOPE_SOURCE_DIR) / "assets/presets")) {
    std::ifstream f(e.path());
    std::ostringstream s;
    s << f.rdbuf();
    r.push_back({e.path().filename().string(), s.str()});
  }
  std::sort(r.begin(), r.end());
  return r;
}

const char* kBlocked =
    "tensor<64x16xf32, #ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [16, 2], warpsPerCTA = [2, 2], "
    "order = [1, 0]}>>";
const char* kNvmma =
    "!ttg.memdesc<64x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>, "
    "#ttg.shared_memory, mutable>";
// Register bit 1 XORs dim0 and dim1 together: F2, but no stride layout.
const char* kXor =
    "tensor<32x32xf32, #ttg.linear<{register = [[0, 1], [1, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [2, 0]], "
    "warp = [[4, 0], [8, 0]], block = []}>>";

}  // namespace

TEST_CASE("json, mlir and gluon exports round-trip on every preset") {
  auto all = presets();
  REQUIRE(all.size() >= 20);
  for (auto& [name, text] : all) {
    INFO(name);
    TensorLayout t = parse_layout(text);
    auto table = make_map(t)->table();
    TensorLayout j = parse_layout(export_layout(t, ExportFormat::json));
    CHECK(j.shape == t.shape);
    CHECK(j.elem_bits == t.elem_bits);
    CHECK(make_map(j)->table() == table);
    if (t.foreign) {
      // tilus and CuTe layouts have MLIR and Gluon text only as a Triton
      // linear layout: not every one has it (not F2, or not a whole warp).
      try {
        make_map(to_triton_linear(t));
      } catch (const Error& e) {
        CHECK_THROWS_AS(export_layout(t, ExportFormat::mlir), Error);
        CHECK(j.foreign->text() == t.foreign->text());
        continue;
      }
    }
    TensorLayout m = parse_layout(export_layout(t, ExportFormat::mlir));
    CHECK(m.shape == make_map(t)->shape());
    CHECK(m.elem == t.elem);
    CHECK(make_map(m)->table() == table);
    TensorLayout g = parse_layout(export_layout(t, ExportFormat::gluon));
    g.shape = m.shape;  // Gluon text carries no shape
    CHECK(make_map(g)->table() == table);
    if (t.spec) {  // a Triton layout comes back as the same spec
      CHECK(*j.spec == *t.spec);
      CHECK(*m.spec == *t.spec);
      CHECK(*g.spec == *t.spec);
    } else {  // tilus and CuTe keep their kind in JSON
      REQUIRE(j.foreign);
      CHECK(j.foreign->text() == t.foreign->text());
    }
  }
}

TEST_CASE("tilus and CuTe layouts export through their F2 form") {
  TensorLayout t = parse_layout("local(2,1).spatial(8,4).local(1,2)");
  auto table = make_map(t)->table();
  TensorLayout m = parse_layout(export_layout(t, ExportFormat::mlir));
  REQUIRE(m.spec);
  CHECK(kind_name(*m.spec) == "linear");
  CHECK(make_map(m)->table() == table);
  CHECK(export_layout(t, ExportFormat::cuda).find("tilus layout") != std::string::npos);
  // Not linear over F2: code from tables, text formats refuse.
  TensorLayout c = parse_layout("(3,4):(4,1)");
  CHECK(export_layout(c, ExportFormat::cuda).find("kTable[12][kRank]") != std::string::npos);
  CHECK_THROWS_AS(export_layout(c, ExportFormat::mlir), Error);
  CHECK_THROWS_WITH(export_layout(c, ExportFormat::triton_cpp), Catch::Contains("not linear over F2"));
  CHECK(export_layout(c, ExportFormat::svg).find("data-rows=\"3\" data-cols=\"4\"") != std::string::npos);
}

TEST_CASE("format and label names") {
  for (ExportFormat f : export_formats()) CHECK(parse_export_format(format_name(f)) == f);
  CHECK(export_formats().size() == 9);
  CHECK(!parse_export_format("jpeg"));
  CHECK(parse_labels("auto") == Labels::automatic);
  CHECK(parse_labels("none") == Labels::none);
  CHECK(!parse_labels("all"));
  CHECK(is_binary(ExportFormat::png));
  CHECK(!is_binary(ExportFormat::svg));
}

TEST_CASE("cuda header: constants, functions, namespace") {
  TensorLayout t = parse_layout(kBlocked);
  ExportOptions o;
  o.ns = "my::tiles";
  std::string h = export_layout(t, ExportFormat::cuda, o);
  CHECK(h.find("namespace my {\nnamespace tiles {") != std::string::npos);
  CHECK(h.find("constexpr int kShape[kRank] = {64, 16};") != std::string::npos);
  CHECK(h.find("constexpr int kNumRegisters = 8;") != std::string::npos);
  CHECK(h.find("constexpr int kNumWarps = 4;") != std::string::npos);
  CHECK(h.find("__host__ __device__ inline void hw_to_coords(int reg, int lane, int warp, int block, int coords[kRank])") !=
        std::string::npos);
  CHECK(h.find("{32, 0},  // warp bit 1") != std::string::npos);  // the model's warp basis

  std::string s = export_layout(parse_layout(kNvmma), ExportFormat::cuda);
  CHECK(s.find("constexpr int kNumOffsets = 4096;") != std::string::npos);
  CHECK(s.find("coords_to_offset(const int coords[kRank])") != std::string::npos);
  CHECK(s.find("kInverse") != std::string::npos);  // a bijection: inverse bases, no table

  for (const char* bad : {"", "1x", "a::", "my-ns", "class", "a::int"}) {
    o.ns = bad;
    CHECK_THROWS_AS(export_layout(t, ExportFormat::cuda, o), Error);
  }
}

TEST_CASE("triton-cpp writes the model's bases") {
  std::string c = export_layout(parse_layout(kBlocked), ExportFormat::triton_cpp);
  CHECK(c.find("{S(\"register\"), {{0, 1}, {0, 2}, {1, 0}}},") != std::string::npos);
  CHECK(c.find("{S(\"warp\"), {{0, 8}, {32, 0}}},") != std::string::npos);
  CHECK(c.find("{S(\"dim0\"), S(\"dim1\")})") != std::string::npos);
  // A layout that leaves elements unowned (odd ones here) names its sizes.
  std::string ns = export_layout(
      parse_layout("tensor<8xf32, #ttg.linear<{register = [[2]], lane = [[0], [0], [0], [0], [0]], warp = [], "
                   "block = []}>>"),
      ExportFormat::triton_cpp);
  CHECK(ns.find("{{S(\"dim0\"), 8}},\n    /*requireSurjective=*/false)") != std::string::npos);
}

TEST_CASE("cute: stride layouts, swizzles, and a clear refusal") {
  std::string tv = export_layout(parse_layout(kBlocked), ExportFormat::cute);
  // thread modes: lane bit 0 -> dim1 4 (index 256), lanes 1-4 -> dim0 2..16 (2), warps -> (512), (32)
  CHECK(tv.find("cute::Stride<cute::Stride<cute::Int<256>, cute::Int<2>, cute::Int<512>, cute::Int<32>>, "
                "cute::Stride<cute::Int<64>, cute::Int<1>>>") != std::string::npos);
  std::string sm = export_layout(parse_layout(kNvmma), ExportFormat::cute);
  CHECK(sm.find("cute::Swizzle<3, 3, 3>") != std::string::npos);
  try {
    export_layout(parse_layout(kXor), ExportFormat::cute);
    FAIL("expected a refusal");
  } catch (const Error& e) {
    CHECK(std::string(e.what()).find("cute: the layout XORs register bit 0 and register bit 1") == 0);
  }
}

TEST_CASE("png decodes and shows the model's colour in every cell") {
  TensorLayout t = parse_layout(kBlocked);
  auto map = make_map(t);
  auto colors = element_colors(*map, owners_by_element(*map), ColorBy::warp);
  ExportOptions o;
  o.color_by = ColorBy::warp;
  o.cell_px = 12;
  std::string png = export_layout(t, ExportFormat::png, o);
  int w = 0, h = 0, ch = 0;
  unsigned char* px = stbi_load_from_memory(reinterpret_cast<const unsigned char*>(png.data()),
                                            static_cast<int>(png.size()), &w, &h, &ch, 3);
  REQUIRE(px != nullptr);
  int margin = 6;  // max(4, cell / 2)
  CHECK(w == 16 * 12 + 2 * margin);
  CHECK(h == 64 * 12 + 2 * margin);
  int wrong = 0;
  for (int r = 0; r < 64; ++r)
    for (int c = 0; c < 16; ++c) {
      const unsigned char* p = px + 3 * ((margin + r * 12 + 1) * w + margin + c * 12 + 1);  // a cell's corner
      Rgb want = colors[r * 16 + c];
      wrong += p[0] != want.r || p[1] != want.g || p[2] != want.b;
    }
  stbi_image_free(px);
  CHECK(wrong == 0);

  o.color_by = ColorBy::offset;
  CHECK_THROWS_WITH(export_layout(t, ExportFormat::png, o), Catch::Contains("--color-by offset does not apply"));
  o.color_by.reset();
  o.cell_px = 300;
  CHECK_THROWS_WITH(export_layout(t, ExportFormat::png, o), Catch::Contains("--cell"));
}

TEST_CASE("png labels are drawn where they fit") {
  TensorLayout t = parse_layout(kBlocked);
  auto map = make_map(t);
  Picture p = make_picture(*map, ColorBy::thread, true, 32, "blocked");
  REQUIRE(p.max_label == 6);  // "T127:7"
  Image plain = rasterise(p, 48, false), labelled = rasterise(p, 48, true);
  CHECK(plain.rgb != labelled.rgb);
  CHECK(label_fits(6, 48));
  CHECK(!label_fits(6, 16));
}

TEST_CASE("svg covers every cell once with the model's colour") {
  TensorLayout t = parse_layout(
      "tensor<4x16x8xf32, #ttg.blocked<{sizePerThread = [1, 2, 2], threadsPerWarp = [1, 8, 4], warpsPerCTA = [2, 1, 1], "
      "order = [2, 1, 0]}>>");
  auto map = make_map(t);
  auto colors = element_colors(*map, owners_by_element(*map), ColorBy::thread);
  std::string svg = export_layout(t, ExportFormat::svg);
  Picture p = make_picture(*map, ColorBy::thread, false, 32, "blocked");
  REQUIRE(p.panels == 4);
  // cell (x, y) of the picture -> the colour its path gives it
  std::map<std::pair<int64_t, int64_t>, std::string> cell;
  int64_t covered = 0;
  std::regex path_re("<path fill=\"(#[0-9a-f]{6})\" d=\"([^\"]*)\"/>"), rect_re("M(\\d+) (\\d+)h(\\d+)v(\\d+)h-\\d+z");
  std::string cells = svg.substr(svg.find("<g id=\"cells\""), svg.find("</g>") - svg.find("<g id=\"cells\""));
  for (std::sregex_iterator it(cells.begin(), cells.end(), path_re), end; it != end; ++it) {
    std::string d = (*it)[2];
    for (std::sregex_iterator r(d.begin(), d.end(), rect_re); r != end; ++r) {
      int64_t x = std::stoll((*r)[1]), y = std::stoll((*r)[2]), w = std::stoll((*r)[3]), h = std::stoll((*r)[4]);
      for (int64_t j = 0; j < h; ++j)
        for (int64_t i = 0; i < w; ++i) cell[{x + i, y + j}] = (*it)[1], ++covered;
    }
  }
  CHECK(covered == 4 * 16 * 8);
  CHECK(cell.size() == 4 * 16 * 8);
  int wrong = 0;
  for (int64_t k = 0; k < 4; ++k)
    for (int64_t r = 0; r < 16; ++r)
      for (int64_t c = 0; c < 8; ++c) {
        Rgb want = colors[(k * 16 + r) * 8 + c];
        char hex[8];
        std::snprintf(hex, sizeof hex, "#%02x%02x%02x", want.r, want.g, want.b);
        wrong += cell[{p.panel_x(k) + c, p.panel_y(k) + r}] != hex;
      }
  CHECK(wrong == 0);
  CHECK(svg.find("dim0=3") != std::string::npos);  // panel titles
  CHECK(svg.find(">T0</text>") != std::string::npos);  // legend
}

TEST_CASE("svg of a 256x256 layout stays light") {
  TensorLayout t = parse_layout(
      "tensor<256x256xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], "
      "order = [1, 0]}>>");
  std::string svg = export_layout(t, ExportFormat::svg);
  CHECK(svg.size() < 2'000'000);
  CHECK(svg.find("<text x=\"0.5\"") == std::string::npos);  // no unreadable labels
}

TEST_CASE("tikz: colours, legend, labels where they fit, and compact") {
  std::string small = export_layout(
      parse_layout("tensor<16x16xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], "
                   "warpsPerCTA = [2, 1], order = [1, 0]}>>"),
      ExportFormat::tikz);
  CHECK(small.find("\\begin{tikzpicture}") != std::string::npos);
  CHECK(small.find("\\end{tikzpicture}") != std::string::npos);
  CHECK(small.find("{T0}") != std::string::npos);            // legend
  CHECK(small.find("{... 64 in all}") != std::string::npos);  // legend, capped
  CHECK(small.find("\\lsl{0}{0}{T0:0}") != std::string::npos);  // a label
  CHECK(std::count(small.begin(), small.end(), '{') == std::count(small.begin(), small.end(), '}'));
  std::string big = export_layout(
      parse_layout("tensor<128x32x32xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
                   "warpsPerCTA = [2, 2, 1], instrShape = [1, 16, 8]}>>"),
      ExportFormat::tikz);
  CHECK(big.size() < 1'500'000);  // 65536 rectangles at about 15 bytes each
  CHECK(big.find("\\lsl{") == std::string::npos);
}

TEST_CASE("files are written atomically") {
  fs::path dir = fs::temp_directory_path() / ("ls-export-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::path f = dir / "a.txt";
  write_file_atomic(f.string(), "first");
  write_file_atomic(f.string(), "second");
  std::ifstream in(f);
  std::string got((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(got == "second");
  CHECK_THROWS_AS(write_file_atomic((dir / "missing/b.txt").string(), "x"), Error);
  size_t files = 0;
  for (auto& e : fs::directory_iterator(dir)) files += e.is_regular_file();
  CHECK(files == 1);  // no temporary left behind
  // the mode is kept
  fs::permissions(f, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  write_file_atomic(f.string(), "third");
  CHECK((fs::status(f).permissions() & fs::perms::all) ==
        (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read));
  // a symlink given as the target: the link stays, the file it names changes
  fs::path link = dir / "link.txt";
  fs::create_symlink(f, link);
  write_file_atomic(link.string(), "fourth");
  CHECK(fs::is_symlink(link));
  std::ifstream in4(f);
  CHECK(std::string((std::istreambuf_iterator<char>(in4)), std::istreambuf_iterator<char>()) == "fourth");
  // a planted link where the old fixed temporary name was is not followed
  fs::path victim = dir / "victim.txt";
  { std::ofstream(victim) << "keep"; }
  fs::create_symlink(victim, dir / "out.txt.tmp");
  write_file_atomic((dir / "out.txt").string(), "new");
  std::ifstream inv(victim);
  CHECK(std::string((std::istreambuf_iterator<char>(inv)), std::istreambuf_iterator<char>()) == "keep");
  // a dangling link and a directory are refused, naming the path
  fs::create_symlink(dir / "nowhere", dir / "dangling");
  CHECK_THROWS_WITH(write_file_atomic((dir / "dangling").string(), "x"), Catch::Contains("symlink to a missing file"));
  CHECK_THROWS_WITH(write_file_atomic(dir.string(), "x"), Catch::Contains("not a regular file"));
  fs::remove_all(dir);
}
