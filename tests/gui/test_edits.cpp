// Robustness of the explorer's edits: thousands of random edits, valid and
// invalid, through the functions the widgets call (app/gui/model.h). After
// each one the document must hold a valid layout; a refused edit must keep
// the previous one (same grid) and say why; an accepted one must show it.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <filesystem>
#include <random>

#include "error.h"
#include "files.h"
#include "io/text.h"
#include "model.h"

namespace {

std::mt19937 rng(12345);
int pick(int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); }

int32_t value() {
  static const int32_t vals[] = {-3, -1, 0, 1, 1, 2, 2, 4, 4, 8, 16, 32, 3, 5, 64, 128, 1 << 20, INT32_MAX};
  return vals[pick(sizeof vals / sizeof vals[0])];
}

// Doubles a field value, saturating instead of overflowing int32.
int32_t twice(int32_t x) { return static_cast<int32_t>(std::clamp<int64_t>(int64_t{x} * 2, INT32_MIN, INT32_MAX)); }

// Pointers to the fields of a spec, as the editor's widgets reach them.
struct Fields {
  std::vector<ls::Ints*> lists;
  std::vector<int32_t*> ints;
  std::vector<bool*> flags;
  std::vector<ls::Bases*> bases;
  std::vector<ls::SpecPtr*> parents;
};

Fields fields_of(ls::Spec& s) {
  Fields f;
  std::visit(
      [&](auto& k) {
        using K = std::decay_t<decltype(k)>;
        if constexpr (std::is_same_v<K, ls::Blocked>)
          f.lists = {&k.size_per_thread, &k.threads_per_warp, &k.warps_per_cta, &k.order}, f.bases = {&k.cga.bases};
        if constexpr (std::is_same_v<K, ls::Slice>) f.ints = {&k.dim}, f.parents = {&k.parent};
        if constexpr (std::is_same_v<K, ls::DistributedLinear>) f.bases = {&k.reg, &k.lane, &k.warp, &k.block};
        if constexpr (std::is_same_v<K, ls::NvidiaMma>)
          f.ints = {&k.version_major, &k.version_minor}, f.lists = {&k.warps_per_cta, &k.instr_shape},
          f.bases = {&k.cga.bases};
        if constexpr (std::is_same_v<K, ls::DotOperand>) f.ints = {&k.op_idx, &k.k_width}, f.parents = {&k.parent};
        if constexpr (std::is_same_v<K, ls::AmdMfma>)
          f.ints = {&k.version, &k.element_bitwidth}, f.lists = {&k.instr_shape, &k.warps_per_cta, &k.tiles_per_warp},
          f.flags = {&k.transposed}, f.bases = {&k.cga.bases};
        if constexpr (std::is_same_v<K, ls::AmdWmma>)
          f.ints = {&k.version}, f.lists = {&k.warps_per_cta, &k.instr_shape, &k.tiles_per_warp},
          f.flags = {&k.transposed}, f.bases = {&k.cga.bases};
        if constexpr (std::is_same_v<K, ls::SwizzledShared> || std::is_same_v<K, ls::AmdRotatingShared>)
          f.ints = {&k.vec, &k.per_phase, &k.max_phase}, f.lists = {&k.order}, f.bases = {&k.cga.bases};
        if constexpr (std::is_same_v<K, ls::NvmmaShared>)
          f.ints = {&k.swizzle_bytes, &k.element_bitwidth, &k.rank}, f.flags = {&k.transposed, &k.fp4_padded},
          f.bases = {&k.cga.bases};
        if constexpr (std::is_same_v<K, ls::SharedLinear>) f.ints = {&k.alignment}, f.bases = {&k.offset, &k.block};
        if constexpr (std::is_same_v<K, ls::PaddedShared>) f.bases = {&k.offset, &k.block};
      },
      s.v);
  return f;
}

// One random change of one field, like one click or keystroke in the editor.
void mutate(ls::Spec& s, int depth = 0) {
  Fields f = fields_of(s);
  int n = static_cast<int>(f.lists.size() + f.ints.size() + f.flags.size() + f.bases.size() + f.parents.size());
  if (n == 0) return;
  int i = pick(n);
  if (i < static_cast<int>(f.lists.size())) {
    ls::Ints& v = *f.lists[i];
    int op = pick(6);
    if (op == 0) v.push_back(value());
    else if (op == 1 && !v.empty()) v.pop_back();
    else if (op == 2 && v.size() > 1) std::swap(v[0], v[v.size() - 1]);
    else if (!v.empty()) v[pick(static_cast<int>(v.size()))] = op == 3 ? twice(v[0]) : value();
    return;
  }
  i -= static_cast<int>(f.lists.size());
  if (i < static_cast<int>(f.ints.size())) {
    *f.ints[i] = pick(2) ? value() : twice(*f.ints[i]);
    return;
  }
  i -= static_cast<int>(f.ints.size());
  if (i < static_cast<int>(f.flags.size())) {
    *f.flags[i] = !*f.flags[i];
    return;
  }
  i -= static_cast<int>(f.flags.size());
  if (i < static_cast<int>(f.bases.size())) {
    ls::Bases& b = *f.bases[i];
    int op = pick(4);
    if (op == 0) b.push_back(ls::Ints(b.empty() ? 2 : b.back().size(), 0)), b.back()[0] = value();
    else if (op == 1 && !b.empty()) b.erase(b.begin() + pick(static_cast<int>(b.size())));
    else if (op == 2 && b.size() > 1) std::swap(b[0], b[b.size() - 1]);
    else if (!b.empty() && !b[0].empty()) b[pick(static_cast<int>(b.size()))][0] = value();
    return;
  }
  i -= static_cast<int>(f.bases.size());
  ls::SpecPtr& p = *f.parents[i];
  ls::Spec copy = *p;
  if (depth < 4 && pick(3)) mutate(copy, depth + 1);
  else copy = *lsgui::default_layout(lsgui::kind_names()[pick(static_cast<int>(lsgui::kind_names().size()))]).spec;
  p = std::make_shared<const ls::Spec>(std::move(copy));
}

std::string garble(std::string t) {
  int edits = 1 + pick(3);
  for (int k = 0; k < edits && !t.empty(); ++k) {
    size_t at = rng() % t.size();
    int op = pick(3);
    if (op == 0) t.erase(at, 1 + pick(4));
    else if (op == 1) {
      static const char kChars[] = "[]{}<>,=0123456789x#\"\xC3";
      t.insert(at, 1, kChars[pick(sizeof kChars - 1)]);
    }
    else t[at] = "0123456789"[pick(10)];
  }
  return t;
}

}  // namespace

TEST_CASE("random edits never lose the last valid layout") {
  auto presets = lsgui::load_presets(LAYOUTSCOPE_SOURCE_DIR "/assets/presets");
  REQUIRE(presets.size() >= 20);
  std::vector<std::string> texts;
  for (const auto& p : presets) texts.push_back(lsgui::read_file(p.path));

  lsgui::Doc d;
  REQUIRE(lsgui::set_text(d, texts[0]));
  int accepted = 0, refused = 0;
  for (int step = 0; step < 4000; ++step) {
    auto before = d.grid;
    bool ok = false;
    int op = pick(10);
    if (op <= 3 && d.draft.foreign) {  // the expression box of a tilus or CuTe layout
      ok = lsgui::set_text(d, garble(d.draft.foreign->text()));
    } else if (op <= 3) {  // an editor widget
      ls::TensorLayout t = d.draft;
      ls::Spec s = *t.spec;
      mutate(s);
      t.spec = std::make_shared<const ls::Spec>(std::move(s));
      ok = lsgui::set_draft(d, t);
    } else if (op == 4) {
      ok = lsgui::set_text(d, pick(2) ? texts[pick(static_cast<int>(texts.size()))]
                                      : garble(texts[pick(static_cast<int>(texts.size()))]));
    } else if (op == 5) {
      static const char* shapes[] = {"64x16", "32", "16x16x4", "0x4", "3x8", "abc", "", "4096x4096", "2x2x2x2", "8,8"};
      ok = lsgui::set_shape_text(d, shapes[pick(10)]);
    } else if (op == 6) {
      ok = lsgui::switch_kind(d, lsgui::kind_names()[pick(static_cast<int>(lsgui::kind_names().size()))]);
    } else if (op == 7) {
      ok = lsgui::set_elem(d, pick(2) ? "f16" : "f8E4M3FN", pick(2) ? 16 : 8);
    } else if (op == 8) {
      ok = lsgui::undo(d);
    } else {
      ok = lsgui::redo(d);
    }
    REQUIRE(d.grid != nullptr);
    REQUIRE(d.grid->owners.size() == static_cast<size_t>(d.grid->map->num_elements()));
    if (ok) {
      ++accepted;
      REQUIRE(d.error.empty());
      if (d.draft.spec) REQUIRE(*d.grid->layout.spec == *d.draft.spec);
      else REQUIRE(d.grid->layout.foreign->text() == d.draft.foreign->text());
      REQUIRE(d.grid->layout.shape == d.draft.shape);
    } else if (op <= 7) {
      ++refused;
      INFO("step " << step << " op " << op);
      REQUIRE(d.grid == before);  // the last valid layout stays
      REQUIRE(!d.error.empty());
      REQUIRE(d.error.find('\n') == std::string::npos);
    } else {
      REQUIRE(d.grid == before);  // nothing to undo or redo
    }
  }
  INFO(accepted << " accepted, " << refused << " refused");
  CHECK(accepted > 200);
  CHECK(refused > 200);
}

TEST_CASE("undo and redo walk the accepted layouts") {
  lsgui::Doc d;
  REQUIRE(lsgui::load(d, lsgui::default_layout("blocked")));
  auto first = d.grid->layout;
  REQUIRE(lsgui::set_shape_text(d, "128x16"));
  REQUIRE_FALSE(lsgui::set_shape_text(d, "3x16"));
  REQUIRE(d.grid->shape == ls::Shape{128, 16});
  REQUIRE(lsgui::undo(d));
  REQUIRE(d.grid->shape == first.shape);
  REQUIRE_FALSE(lsgui::undo(d));
  REQUIRE(lsgui::redo(d));
  REQUIRE(d.grid->shape == ls::Shape{128, 16});
}

TEST_CASE("the session round-trips through its file format") {
  lsgui::Doc a, b, a2, b2;
  REQUIRE(lsgui::load(a, lsgui::default_layout("dot_op")));
  REQUIRE(lsgui::load(b, lsgui::default_layout("nvmma_shared")));
  b.format = lsgui::TextFormat::mlir;
  lsgui::restore_session(lsgui::session_text(a, b), a2, b2);
  REQUIRE(a2.grid);
  REQUIRE(b2.grid);
  CHECK(*a2.grid->layout.spec == *a.grid->layout.spec);
  CHECK(b2.grid->layout.shape == b.grid->layout.shape);
  CHECK(b2.format == lsgui::TextFormat::mlir);
  CHECK(lsgui::restore_session(lsgui::session_text(a, b), a2, b2).empty());
  lsgui::Doc c, d;
  CHECK(lsgui::restore_session("{not json", c, d) == "not a JSON object");  // reported, no throw
  CHECK(c.grid == nullptr);
}

TEST_CASE("the Triton version lowers both panes and is kept in the session") {
  // sizePerThread past the shape: 3.6 keeps the zeroed register bases, 3.9 drops them
  lsgui::Doc a, b, a2, b2;
  ls::TensorLayout blocked = ls::parse_layout("BlockedLayout([1, 8], [32, 1], [1, 1], [1, 0])");
  blocked.shape = {32, 4};
  REQUIRE(lsgui::load(a, blocked));
  REQUIRE(lsgui::load(b, lsgui::default_layout("nvmma_shared")));
  REQUIRE(a.triton == ls::TritonVersion::v3_9);
  const int64_t regs39 = a.grid->dims[0].size;
  REQUIRE(lsgui::set_triton(a, ls::TritonVersion::v3_6));
  REQUIRE(lsgui::set_triton(b, ls::TritonVersion::v3_6));
  CHECK(a.grid->layout.triton == ls::TritonVersion::v3_6);
  CHECK(a.grid->dims[0].name == "register");
  CHECK(a.grid->dims[0].size == 2 * regs39);
  CHECK(a.undo.empty());  // a version change is not an edit of the layout
  // edits after the switch keep the version
  REQUIRE(lsgui::set_shape_text(a, "32x8"));
  CHECK(a.grid->layout.triton == ls::TritonVersion::v3_6);
  const std::string s = lsgui::session_text(a, b);
  CHECK(s.find("\"triton\": \"3.6\"") != std::string::npos);
  CHECK(lsgui::restore_session(s, a2, b2).empty());
  CHECK(a2.triton == ls::TritonVersion::v3_6);
  CHECK(b2.triton == ls::TritonVersion::v3_6);
  CHECK(a2.grid->layout.triton == ls::TritonVersion::v3_6);
  lsgui::Doc c, d;
  CHECK(lsgui::restore_session("{\"version\": 1, \"triton\": \"3.7\"}", c, d) == "triton is not \"3.6\" or \"3.9\"");
  // the Target menu's GPU is saved and restored the same way; a layout edit keeps it
  lsgui::set_target(a, 80), lsgui::set_target(b, 80);
  REQUIRE(lsgui::set_shape_text(a, "32x4"));
  CHECK(a.sm == 80);
  CHECK_THROWS_AS(lsgui::set_target(a, 75), ls::Error);
  CHECK(a.sm == 80);
  const std::string s80 = lsgui::session_text(a, b);
  CHECK(s80.find("\"target\": \"sm_80\"") != std::string::npos);
  lsgui::Doc a3, b3;
  CHECK(lsgui::restore_session(s80, a3, b3).empty());
  CHECK(a3.sm == 80);
  CHECK(b3.sm == 80);
  CHECK(lsgui::restore_session("{\"version\": 1, \"target\": \"sm_75\"}", c, d) ==
        "target is not \"sm_80\", \"sm_90\" or \"sm_100\"");
  CHECK(c.sm == 90);
}

TEST_CASE("a session that cannot be restored is moved aside, reported, never overwritten") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("layoutscope-session-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::string path = (dir / "session.json").string();
  lsgui::Doc a, b;
  CHECK(lsgui::restore_session_file(path, a, b).empty());  // no session yet: nothing to say
  const std::string broken = "{\"version\": 1, \"a\": \"BlockedLayout(size_per_thread=[3\"}";
  lsgui::write_atomic(path, broken);
  std::string msg = lsgui::restore_session_file(path, a, b);
  INFO(msg);
  CHECK(msg.find("could not be restored") != std::string::npos);
  CHECK(!fs::exists(path));
  int aside = 0;
  for (auto& e : fs::directory_iterator(dir)) {
    CHECK(e.path().filename().string().rfind("session.json.broken-", 0) == 0);
    CHECK(lsgui::read_file(e.path().string()) == broken);
    ++aside;
  }
  CHECK(aside == 1);
  // a file that is not a session at all, and a directory in its place
  lsgui::write_atomic(path, "\x01\x02");
  CHECK(lsgui::restore_session_file(path, a, b).find("not a JSON object") != std::string::npos);
  fs::create_directory(path);
  CHECK(lsgui::restore_session_file(path, a, b).find("not a regular file") != std::string::npos);
  CHECK(!fs::exists(path));
  fs::remove_all(dir);
}

TEST_CASE("every kind has a default the editor can switch to") {
  for (const auto& k : lsgui::kind_names()) {
    lsgui::Doc d;
    INFO(k);
    REQUIRE(lsgui::load(d, lsgui::default_layout(k)));
    CHECK(d.grid->kind == k);
  }
}

TEST_CASE("tilus and CuTe layouts edit like the others") {
  lsgui::Doc d;
  REQUIRE(lsgui::set_text(d, "local(2, 1).spatial(8, 4).local(1, 2)"));
  CHECK(d.grid->kind == "tilus");
  CHECK(d.grid->shape == ls::Shape{16, 8});
  CHECK(lsgui::print_as(d.grid->layout, lsgui::TextFormat::gluon) == d.grid->layout.foreign->text());
  // Its F2 form is MMA v2's accumulator, so it copies as MLIR.
  CHECK(lsgui::export_text(d.grid->layout, lsgui::TextFormat::mlir).find("#ttg.linear") != std::string::npos);
  REQUIRE(lsgui::set_text(d, "(4,(4,2)):(4,(1,16))"));
  CHECK(d.grid->kind == "cute");
  CHECK(d.grid->shape == ls::Shape{4, 8});
  CHECK_FALSE(lsgui::set_shape_text(d, "64x16"));  // the expression carries the shape
  CHECK(d.grid->shape == ls::Shape{4, 8});
  REQUIRE(lsgui::undo(d));
  CHECK(d.grid->kind == "tilus");
  REQUIRE(lsgui::switch_kind(d, "cute"));
  CHECK(d.grid->kind == "cute");
  REQUIRE(lsgui::switch_kind(d, "blocked"));
  CHECK(d.grid->kind == "blocked");
  CHECK_FALSE(lsgui::set_text(d, "spatial(3, 4).local(2"));
  CHECK(d.grid->kind == "blocked");
}
