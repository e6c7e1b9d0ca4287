// Private to core/io: the value model the three readers share, and the
// per-kind builders that turn named fields into a Spec. Field keys are the
// names of Triton's MLIR attributes (sizePerThread, CGALayout, ...); the
// Gluon reader maps its argument names onto them and passes its own names
// for messages.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "../spec.h"

namespace ls::io {

// Nesting of lists, parent layouts and alias references is refused past this.
constexpr int kMaxDepth = 64;

// A parsed value. Integers keep their source text so range errors can quote
// it; `overflow` is set when it does not fit in int64.
struct Val {
  enum Kind { Int, Bool, None, List, Layout, Cga } kind = None;
  int64_t i = 0;
  bool overflow = false;
  std::string text;
  bool b = false;
  std::vector<Val> list;
  TensorLayout layout;  // Layout (spec, and the shape a Gluon linear layout names)
  CgaLayout cga;        // Cga (#ttg.cta_layout)
};

Val int_val(const std::string& digits, bool negative);  // digits non-empty

// The fields of one layout, by key; each read consumes its key and done()
// rejects whatever is left.
class Fields {
public:
  explicit Fields(std::string context) : ctx_(std::move(context)) {}
  const std::string& context() const { return ctx_; }
  // `display` is the name used in messages (defaults to the key).
  void add(const std::string& key, Val v, const std::string& display = "");
  void label(const std::string& key, const std::string& display) { display_[key] = display; }
  bool has(const std::string& key) const {
    asked_.insert(key);
    return vals_.count(key) > 0;
  }
  Val take(const std::string& key);  // required

  int32_t int32(const std::string& key);
  int32_t int32(const std::string& key, int32_t def);
  bool boolean(const std::string& key);
  bool boolean(const std::string& key, bool def);
  Ints ints(const std::string& key);
  Ints ints(const std::string& key, const Ints& def);
  Bases bases(const std::string& key);
  Bases bases(const std::string& key, const Bases& def);
  SpecPtr layout(const std::string& key);
  // CGALayout, CTALayout = #ttg.cta_layout<...>, or CTAsPerCGA/CTASplitNum/CTAOrder.
  CgaLayout cga();
  void done();

  // Conversions for values that are not fields of this layout.
  int32_t to_int32(const Val& v, const std::string& what) const;
  Ints to_ints(const Val& v, const std::string& what) const;
  Bases to_bases(const Val& v, const std::string& what) const;
  [[noreturn]] void fail_field(const std::string& key, const std::string& msg) const;

private:
  std::string name(const std::string& key) const;
  std::string ctx_;
  std::map<std::string, Val> vals_;
  std::map<std::string, std::string> display_;
  mutable std::set<std::string> asked_;  // every key read or asked for: the valid ones, for "did you mean"
  // "; did you mean 'K'?" for the asked key nearest to `given` (a display name), or "".
  std::string did_you_mean(const std::string& given) const;
};

// Builds a spec of `kind` (an MLIR mnemonic, see kind_id) from its fields.
Spec build_spec(const std::string& kind, Fields& f);

// Whether `name` is a kind_name() (the MLIR mnemonics).
bool is_kind(const std::string& name);

// Explicit values of the fields whose empty value means a default.
Ints tiles_or_ones(const Ints& tiles, size_t rank);
Ints wmma_instr_or_default(const Ints& instr);
// Canonical forms the readers store: all-ones tilesPerWarp and the WMMA
// instrShape [16, 16, 16] become empty.
Ints canonical_tiles(Ints tiles);
Ints canonical_wmma_instr(Ints instr);
// Out sizes Triton infers from bases: per dim the smallest power of two above
// every value (padded_shared's shape in MLIR, a linear layout's Gluon shape).
Shape inferred_shape(const std::vector<const Bases*>& bases, size_t rank);
size_t bases_rank(const std::vector<const Bases*>& bases);  // 0 when all empty

// Bits of an MLIR element type (f16, bf16, i1, f8E4M3FN, !tt.ptr<...>);
// 0 when unknown.
int32_t elem_bits_of(const std::string& elem);

// Text helpers.
std::string list_str(const Ints& v);  // [1, 2]
std::string bases_str(const Bases& b);  // [[0, 1], [1, 0]]
std::string shown(const std::string& user_text);  // printable ASCII, at most 40 chars
std::string position(const std::string& text, size_t pos);  // line L, column C
std::string found_at(const std::string& text, size_t pos);  // 'x', byte 0xC3, end of text
[[noreturn]] void syntax_error(const std::string& text, size_t pos, const std::string& msg);

}  // namespace ls::io
