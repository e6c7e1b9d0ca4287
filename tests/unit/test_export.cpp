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
#include "export/svg.h"
#include "export/tikz.h"
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

namespace {

struct Decoded {
  int w = 0, h = 0;
  std::vector<unsigned char> px;
  Rgb at(int64_t x, int64_t y) const {
    const unsigned char* p = &px[3 * (static_cast<size_t>(y) * w + x)];
    return Rgb{p[0], p[1], p[2]};
  }
};

Decoded decode(const std::string& png) {
  Decoded d;
  int ch = 0;
  unsigned char* px = stbi_load_from_memory(reinterpret_cast<const unsigned char*>(png.data()),
                                            static_cast<int>(png.size()), &d.w, &d.h, &ch, 3);
  REQUIRE(px != nullptr);
  d.px.assign(px, px + 3 * static_cast<size_t>(d.w) * d.h);
  stbi_image_free(px);
  return d;
}

// Pixels in [x0, x1) x [y0, y1) that are not the background.
int64_t ink(const Decoded& d, int64_t x0, int64_t y0, int64_t x1, int64_t y1) {
  int64_t n = 0;
  for (int64_t y = std::max<int64_t>(y0, 0); y < std::min<int64_t>(y1, d.h); ++y)
    for (int64_t x = std::max<int64_t>(x0, 0); x < std::min<int64_t>(x1, d.w); ++x) n += !(d.at(x, y) == kBackground);
  return n;
}

std::vector<std::string> texts_in_group(const std::string& svg, const std::string& id) {
  size_t a = svg.find("<g id=\"" + id + "\"");
  REQUIRE(a != std::string::npos);
  size_t b = svg.find("</g>", a);
  std::string g = svg.substr(a, b - a);
  std::vector<std::string> r;
  std::regex text_re("<text[^>]*>([^<]*)</text>");
  for (std::sregex_iterator it(g.begin(), g.end(), text_re), end; it != end; ++it) r.push_back((*it)[1]);
  return r;
}

}  // namespace

TEST_CASE("png decodes and shows the model's colour in every cell, with indices, title and legend") {
  TensorLayout t = parse_layout(kBlocked);
  auto map = make_map(t);
  auto colors = element_colors(*map, owners_by_element(*map), ColorBy::warp);
  ExportOptions o;
  o.color_by = ColorBy::warp;
  o.cell_px = 12;
  Decoded d = decode(export_layout(t, ExportFormat::png, o));
  Picture p = export_picture(t, o);
  Image im = rasterise(p, 12, false);  // the geometry the export drew with
  REQUIRE(d.w == im.width);
  REQUIRE(d.h == im.height);
  const Frame& f = im.frame;
  CHECK(f.left >= 1);
  CHECK(f.top >= 1);
  auto cell_x = [&](int64_t c) { return im.grid_x + (f.x(0) + c) * 12; };
  auto cell_y = [&](int64_t r) { return im.grid_y + (f.y(0) + r) * 12; };
  int wrong = 0;
  for (int r = 0; r < 64; ++r)
    for (int c = 0; c < 16; ++c) wrong += !(d.at(cell_x(c) + 6, cell_y(r) + 6) == colors[r * 16 + c]);  // centres
  CHECK(wrong == 0);
  // Column indices above the grid, row indices left of it: ink where an
  // index is, none in the corner left of the column indices.
  int64_t col_step = 0;
  for (int64_t c = 0; c < 16 && !col_step; ++c)
    if (c > 0 && ink(d, cell_x(c) + 4, cell_y(0) - 24, cell_x(c) + 8, cell_y(0)) > 0) col_step = c;
  CHECK(col_step == 4);  // "15" at 2x is 24 pixels with its spacing 32: every 4th index in 12-pixel cells
  for (int64_t c = 0; c < 16; c += col_step) CHECK(ink(d, cell_x(c), cell_y(0) - 24, cell_x(c) + 12, cell_y(0)) > 0);
  int64_t rows_inked = 0;
  for (int64_t r = 0; r < 64; ++r) rows_inked += ink(d, im.grid_x, cell_y(r), cell_x(0), cell_y(r) + 12) > 0;
  CHECK(rows_inked >= 32);
  CHECK(ink(d, im.grid_x, cell_y(0) - 24, cell_x(0) - 2, cell_y(0) - 2) == 0);
  // The title above: the layout's text, several lines of it.
  int64_t title_rows = 0;
  for (int64_t y = 0; y < cell_y(0) - 24; ++y) title_rows += ink(d, 0, y, d.w, y + 1) > 0;
  CHECK(title_rows >= 4 * 14);  // 3 lines of layout text and the caption, 14 or 21 pixels each
  // The legend right of the grid: every warp's colour.
  for (int64_t wv = 0; wv < 4; ++wv) {
    Rgb want = id_color(wv);
    bool found = false;
    for (int64_t y = cell_y(0); y < cell_y(8) && !found; ++y)
      for (int64_t x = cell_x(16) + 1; x < d.w && !found; ++x) found = d.at(x, y) == want;
    CHECK(found);
  }

  o.color_by = ColorBy::offset;
  CHECK_THROWS_WITH(export_layout(t, ExportFormat::png, o), Catch::Contains("--color-by offset does not apply"));
  o.color_by.reset();
  o.cell_px = 300;
  CHECK_THROWS_WITH(export_layout(t, ExportFormat::png, o), Catch::Contains("--cell"));
}

TEST_CASE("png: warp and CTA boundaries are light lines between cells") {
  TensorLayout t = parse_layout(kBlocked);  // warps of 32x8 elements
  Picture p = export_picture(t);
  Frame f = p.frame(2, 1);
  auto bs = boundaries(p, f);
  REQUIRE(bs.size() == 2);
  CHECK((bs[0].x0 == 2 + 8 && bs[0].y0 == 1 && bs[0].x1 == 2 + 8 && bs[0].y1 == 1 + 64 && !bs[0].cta));
  CHECK((bs[1].x0 == 2 && bs[1].y0 == 1 + 32 && bs[1].x1 == 2 + 16 && bs[1].y1 == 1 + 32 && !bs[1].cta));
  Image im = rasterise(p, 16, false);
  auto at = [&](int64_t x, int64_t y) {
    const uint8_t* q = &im.rgb[3 * (static_cast<size_t>(y) * im.width + x)];
    return Rgb{q[0], q[1], q[2]};
  };
  int64_t x = im.grid_x + (im.frame.x(0) + 8) * 16, y = im.grid_y + (im.frame.y(0) + 3) * 16 + 8;
  CHECK(at(x - 1, y) == Rgb{245, 245, 245});  // on the warp boundary
  CHECK(!(at(x - 1 - 4 * 16, y) == Rgb{245, 245, 245}));  // on a boundary between threads of one warp
  // A shared layout has no warps: no lines.
  CHECK(export_picture(parse_layout(kNvmma)).warp_of.empty());
  // Between CTAs the line is a CTA boundary.
  Picture two = export_picture(parse_layout(
      "tensor<16x16xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], "
      "order = [1, 0], CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0]}>>"));
  auto two_map = make_map(parse_layout(
      "tensor<16x16xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], "
      "order = [1, 0], CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0]}>>"));
  auto two_owners = owners_by_element(*two_map);
  int differ = 0;
  for (size_t e = 0; e < two_owners.size(); ++e)
    differ += two.warp_of[e] != color_key(*two_map, two_owners[e][0], ColorBy::warp) ||
              two.cta_of[e] != color_key(*two_map, two_owners[e][0], ColorBy::block);
  CHECK(differ == 0);  // as the GUI counts warps and CTAs
  auto b2 = boundaries(two, two.frame(0, 0));
  REQUIRE(b2.size() == 1);
  CHECK((b2[0].cta && b2[0].y0 == 8 && b2[0].x1 == 16));
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

TEST_CASE("legends list every key up to kMaxLegend, then a count") {
  Picture p = export_picture(parse_layout(kBlocked));  // 128 threads
  REQUIRE(p.legend.size() == 128);
  for (size_t i = 0; i < 128; ++i) CHECK(p.legend[i].text == "T" + std::to_string(i));
  ExportOptions by_offset;
  Picture big = export_picture(
      parse_layout("!ttg.memdesc<2x2048xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, "
                   "#ttg.shared_memory, mutable>"),
      by_offset);
  REQUIRE(big.legend.size() == kMaxLegend);
  CHECK(big.legend.back().text == "... 2048 in all");
  CHECK(big.legend[kMaxLegend - 2].text == "offset mod 2048 = 1022");
  // The PNG legend wraps into columns: 128 entries beside a 64-row grid.
  Image im = rasterise(p, 8, false);
  CHECK(im.width > im.grid_x + im.frame.width() * 8 + 2 * 60);  // at least two columns of entries
}

TEST_CASE("wrap_text breaks long layout text into lines") {
  std::string mlir = print_mlir(parse_layout(kBlocked));
  auto lines = wrap_text(mlir, 48);
  CHECK(lines.size() == 3);
  std::string joined;
  for (auto& l : lines) {
    CHECK(l.size() <= 48);
    joined += (joined.empty() ? "" : " ") + l.substr(l.compare(0, 2, "  ") == 0 ? 2 : 0);
  }
  CHECK(joined == mlir);
  CHECK(lines[0].back() == '=');  // "sizePerThread =" : breaks at the last space in reach when no ", " is
  auto cut = wrap_text(std::string(500, 'x'), 50, 3);
  REQUIRE(cut.size() == 3);
  CHECK(cut[2].size() <= 50);
  CHECK(cut[2].substr(cut[2].size() - 3) == "...");
}

TEST_CASE("svg covers every cell once with the model's colour, with indices, title and legend") {
  TensorLayout t = parse_layout(
      "tensor<4x16x8xf32, #ttg.blocked<{sizePerThread = [1, 2, 2], threadsPerWarp = [1, 8, 4], warpsPerCTA = [2, 1, 1], "
      "order = [2, 1, 0]}>>");
  auto map = make_map(t);
  auto colors = element_colors(*map, owners_by_element(*map), ColorBy::thread);
  std::string svg = export_layout(t, ExportFormat::svg);
  Picture p = make_picture(*map, ColorBy::thread, false, 32, "blocked");
  REQUIRE(p.panels == 4);
  Frame f = svg_frame(p);
  CHECK(f.left >= 1);
  CHECK(f.top >= 1);
  // cell (x, y) of the picture -> the colour its path gives it
  std::map<std::pair<int64_t, int64_t>, std::string> cell;
  int64_t covered = 0;
  std::regex path_re("<path fill=\"(#[0-9a-f]{6})\" d=\"([^\"]*)\"/>"), rect_re("M(\\d+) (\\d+)h(\\d+)v(\\d+)h-\\d+z");
  size_t g0 = svg.find("<g id=\"cells\"");
  std::string cells = svg.substr(g0, svg.find("</g>", g0) - g0);
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
        wrong += cell[{f.x(k) + c, f.y(k) + r}] != hex;
      }
  CHECK(wrong == 0);
  CHECK(svg.find("dim0=3") != std::string::npos);  // panel titles
  // Every index on every panel: 0..7 above, 0..15 left.
  std::vector<std::string> cols = texts_in_group(svg, "col-indices"), rows = texts_in_group(svg, "row-indices");
  REQUIRE(cols.size() == 4 * 8);
  REQUIRE(rows.size() == 4 * 16);
  for (int64_t i = 0; i < 32; ++i) CHECK(cols[i] == std::to_string(i % 8));
  for (int64_t i = 0; i < 64; ++i) CHECK(rows[i] == std::to_string(i % 16));
  // The title: the layout's MLIR text, as an SVG <title> and as visible lines.
  std::string mlir = print_mlir(t), escaped = std::regex_replace(std::regex_replace(mlir, std::regex("<"), "&lt;"), std::regex(">"), "&gt;");
  CHECK(svg.find("<title>" + escaped) != std::string::npos);
  std::string shown;
  for (auto& l : texts_in_group(svg, "title")) shown += l + " ";
  CHECK(shown.find("#ttg.blocked&lt;{sizePerThread") != std::string::npos);
  CHECK(shown.find("blocked 4x16x8, colour by thread") != std::string::npos);
  // The legend: all 64 threads.
  auto legend = texts_in_group(svg, "legend");
  REQUIRE(legend.size() == 64);
  CHECK(legend[63] == "T63");
}

TEST_CASE("svg of a 256x256 layout stays light and indexes every 2^k-th row and column") {
  TensorLayout t = parse_layout(
      "tensor<256x256xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], "
      "order = [1, 0]}>>");
  std::string svg = export_layout(t, ExportFormat::svg);
  CHECK(svg.size() < 2'000'000);
  CHECK(svg.find("<g id=\"labels\"") == std::string::npos);  // no unreadable labels
  auto cols = texts_in_group(svg, "col-indices");
  REQUIRE(cols.size() >= 2);
  int64_t step = std::stoll(cols[1]);
  CHECK(step > 1);
  CHECK((step & (step - 1)) == 0);
  CHECK(static_cast<int64_t>(cols.size()) == 256 / step);
  CHECK(svg.find("data-step=\"" + std::to_string(step) + "\"") != std::string::npos);
}

TEST_CASE("a long 1D tensor is folded into indexed rows") {
  TensorLayout t = parse_layout(
      "tensor<2048xf32, #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>");
  Picture p = export_picture(t);
  CHECK(p.rows == 32);
  CHECK(p.cols == 64);
  CHECK(p.row_stride == 64);
  CHECK(p.caption == "blocked 2048 in rows of 64, colour by thread");
  auto map = make_map(t);
  auto colors = element_colors(*map, owners_by_element(*map), ColorBy::thread);
  CHECK(p.fill == colors);  // element e is row e / 64, column e % 64
  std::string svg = export_layout(t, ExportFormat::svg);
  auto rows = texts_in_group(svg, "row-indices");
  REQUIRE(rows.size() == 32);
  CHECK(rows[1] == "64");
  CHECK(rows[31] == "1984");
  // Short ones stay one row.
  CHECK(export_picture(parse_layout("tensor<64xf32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], "
                                    "warpsPerCTA = [2], order = [0]}>>"))
            .rows == 1);
}

TEST_CASE("tikz: colours, title, indices, legend, labels where they fit, and compact") {
  TensorLayout t = parse_layout(
      "tensor<16x16xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], "
      "warpsPerCTA = [2, 1], order = [1, 0]}>>");
  std::string small = export_layout(t, ExportFormat::tikz);
  CHECK(small.find("\\begin{tikzpicture}") != std::string::npos);
  CHECK(small.find("\\end{tikzpicture}") != std::string::npos);
  CHECK(small.find("{T0}") != std::string::npos);   // legend
  CHECK(small.find("{T63}") != std::string::npos);  // legend, every thread
  CHECK(small.find("in all") == std::string::npos);
  CHECK(small.find("\\char35 ttg.blocked<\\char123 sizePerThread = [1, 1],") != std::string::npos);  // title
  CHECK(small.find(" blocked 16x16, colour by thread}") != std::string::npos);            // caption
  Picture p = export_picture(t);
  Frame f = tikz_frame(p);
  CHECK(small.find("\\lsl{" + std::to_string(f.x(0)) + "}{" + std::to_string(f.y(0)) + "}{T0:0}") != std::string::npos);
  for (int i = 0; i < 16; ++i) CHECK(small.find("{" + std::to_string(i) + "};\n") != std::string::npos);  // indices
  CHECK(std::count(small.begin(), small.end(), '{') == std::count(small.begin(), small.end(), '}'));
  std::string big = export_layout(
      parse_layout("tensor<128x32x32xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
                   "warpsPerCTA = [2, 2, 1], instrShape = [1, 16, 8]}>>"),
      ExportFormat::tikz);
  CHECK(big.size() < 1'500'000);  // 65536 rectangles at about 15 bytes each
  CHECK(big.find("\\lsl{") == std::string::npos);
}

TEST_CASE("export_pair: two pictures side by side") {
  TensorLayout a = parse_layout(kBlocked), b = parse_layout(kNvmma);
  ExportOptions o;
  o.cell_px = 10;
  Decoded pair = decode(export_pair(a, b, ExportFormat::png, o));
  Decoded da = decode(export_layout(a, ExportFormat::png, o)), db = decode(export_layout(b, ExportFormat::png, o));
  CHECK(pair.w == da.w + db.w);
  CHECK(pair.h == std::max(da.h, db.h));
  int diff = 0;
  for (int y = 0; y < db.h; y += 7)
    for (int x = 0; x < db.w; x += 7) diff += !(pair.at(da.w + x, y) == db.at(x, y));
  CHECK(diff == 0);  // the right half is the second picture
  std::string svg = export_pair(a, b, ExportFormat::svg);
  CHECK(svg.find("<svg id=\"a\"") != std::string::npos);
  CHECK(svg.find("<svg id=\"b\"") != std::string::npos);
  CHECK(texts_in_group(svg, "a-col-indices").size() == 16 / std::stoll(texts_in_group(svg, "a-col-indices")[1]));
  CHECK(texts_in_group(svg, "b-legend").size() == 64);  // offset mod 64
  CHECK(svg.find("#ttg.nvmma_shared") != std::string::npos);
  std::string tikz = export_pair(a, b, ExportFormat::tikz);
  CHECK(tikz.find(" blocked 64x16, colour by thread}") != std::string::npos);
  CHECK(tikz.find(" nvmma\\_shared 64x64, colour by offset}") != std::string::npos);
  CHECK_THROWS_WITH(export_pair(a, b, ExportFormat::cuda), Catch::Contains("only as png, svg or tikz"));
  o.color_by = ColorBy::offset;
  CHECK_THROWS_WITH(export_pair(b, a, ExportFormat::svg, o), Catch::StartsWith("the second layout: --color-by offset"));
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
