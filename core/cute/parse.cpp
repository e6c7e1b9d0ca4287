// The CuTe / Mojo layout reader: shape:stride literals, Swizzle<B,M,S> o L,
// BASE + L, and calls of the layout algebra and the LayoutTensor views.
#include <set>

#include "../error.h"
#include "../io/scanner.h"
#include "../io/text.h"
#include "cute_layout.h"

namespace ls::cute {
namespace {

using io::id_char;
using io::id_start;

const std::set<std::string>& functions() {
  static const std::set<std::string> f = {
      "row_major", "col_major", "make_layout", "Layout", "coalesce", "composition", "complement", "logical_divide",
      "logical_product", "blocked_product", "raked_product", "tile", "vectorize", "distribute", "tv"};
  return f;
}

struct PV {
  enum Kind { Tuple, Val, List } kind = Tuple;
  IntTuple tuple;
  Value v;
  std::vector<PV> list;
};

class Parser : io::Scanner {
public:
  explicit Parser(const std::string& t) : Scanner(t, Comments::none) {}

  Value parse() {
    PV v = value();
    ws();
    if (p_ != s_.size()) err("unexpected " + found() + " after the layout");
    if (v.kind == PV::Tuple) return Memory{make_compact(v.tuple, false)};  // a bare shape: compact, col-major
    if (v.kind != PV::Val) fail("cute: the expression must be a layout");
    return v.v;
  }

private:
  bool next_is(char c) {
    ws();
    return peek() == c;
  }
  std::string ident() {
    ws();
    return take(id_char);
  }
  int64_t number() {
    ws();
    size_t s = p_;
    bool neg = eat('-');
    size_t d = p_;
    while (p_ < s_.size() && s_[p_] >= '0' && s_[p_] <= '9') ++p_;
    if (p_ == d) io::syntax_error(s_, s, "expected a number, found " + io::found_at(s_, d));
    if (p_ - d > 12) io::syntax_error(s_, d, "number " + s_.substr(d, p_ - d) + " is too large");
    int64_t v = std::stoll(s_.substr(d, p_ - d));
    return neg ? -v : v;
  }
  IntTuple int_tuple() {
    if (!eat('(')) return IntTuple::of(number());
    Depth depth(*this);
    IntTuple t = IntTuple::tuple({});
    do t.kids.push_back(int_tuple());
    while (eat(','));
    expect(')');
    return t.kids.size() == 1 ? t.kids[0] : t;
  }

  static Layout as_layout(const PV& v, const std::string& what) {
    if (v.kind == PV::Tuple) return make_compact(v.tuple, false);
    auto* m = v.kind == PV::Val ? std::get_if<Memory>(&v.v) : nullptr;
    if (!m || !m->plain()) fail(what + " must be a plain shape:stride layout");
    return m->layout;
  }
  static Memory as_memory(const PV& v, const std::string& what) {
    if (v.kind == PV::Tuple) return Memory{make_compact(v.tuple, false)};
    auto* m = v.kind == PV::Val ? std::get_if<Memory>(&v.v) : nullptr;
    if (!m) fail(what + " must be a memory layout");
    return *m;
  }
  static std::vector<int64_t> as_ints(const PV& v, const std::string& what) {
    if (v.kind != PV::Tuple) fail(what + " must be a tuple of integers");
    if (v.tuple.leaf) return {v.tuple.value};
    std::vector<int64_t> r;
    for (auto& k : v.tuple.kids) {
      if (!k.leaf) fail(what + " must be a flat tuple of integers");
      r.push_back(k.value);
    }
    return r;
  }
  // A tiler: a shape (each size s is s:1) or a list of layouts.
  static std::vector<Layout> as_tiler(const PV& v, const std::string& what) {
    std::vector<Layout> r;
    if (v.kind == PV::List) {
      for (auto& x : v.list) r.push_back(as_layout(x, what));
    } else if (v.kind == PV::Tuple && !v.tuple.leaf) {
      for (auto& k : v.tuple.kids) r.push_back(make_compact(k, false));
    }
    return r;
  }
  static PV val(Value v) {
    validate(v);
    PV r;
    r.kind = PV::Val;
    r.v = std::move(v);
    return r;
  }

  PV value() {
    ws();
    Depth depth(*this);
    if (p_ >= s_.size()) err("expected a layout, found end of text");
    char c = s_[p_];
    if (c == '[') {
      ++p_;
      PV r;
      r.kind = PV::List;
      do r.list.push_back(value());
      while (eat(','));
      expect(']');
      return r;
    }
    if (c == '(' || c == '-' || (c >= '0' && c <= '9')) {
      size_t at = p_;
      IntTuple shape = int_tuple();
      if (eat('+')) {
        if (!shape.leaf) io::syntax_error(s_, at, "a base offset must be a single integer");
        Memory m = as_memory(value(), "the layout after '+'");
        require(m.base == 0 && !m.swizzle && m.vector.empty(), "cute: write the base offset next to shape:stride");
        m.base = shape.value;
        return val(m);
      }
      if (!eat(':')) {
        PV r;
        r.tuple = shape;
        return r;
      }
      IntTuple stride = int_tuple();
      return val(Memory{Layout{shape, stride}});
    }
    if (!id_start(c)) err("expected a layout, found " + found());
    size_t at = p_;
    std::string name = ident();
    if ((name == "Swizzle" || name == "Sw") && next_is('<')) return swizzled();
    if (name == "Layout" && next_is('.')) {
      ++p_;
      at = p_;
      name = ident();
      if (name != "row_major" && name != "col_major")
        io::syntax_error(s_, at, "unknown Layout method '" + io::shown(name) + "'");
    }
    if (!functions().count(name)) io::syntax_error(s_, at, "unknown CuTe function '" + io::shown(name) + "'");
    expect('(');
    std::vector<PV> a;
    while (!eat(')')) {
      a.push_back(value());
      if (!eat(',') && !next_is(')')) err("expected ',' or ')', found " + found());
    }
    return call(name, a);
  }

  PV swizzled() {
    expect('<');
    Swizzle s;
    s.bits = static_cast<int32_t>(number());
    expect(',');
    s.base = static_cast<int32_t>(number());
    expect(',');
    s.shift = static_cast<int32_t>(number());
    expect('>');
    if (ident() != "o") err("expected 'o' (composition) after " + s.str());
    // CuTe prints an offset between the two: Sw<3,4,3> o _0 o (8,64):(64,1).
    size_t save = p_;
    ws();
    if (p_ < s_.size() && s_[p_] == '_') {
      ++p_;
      int64_t off = number();
      if (ident() != "o") err("expected 'o' after the offset");
      Memory m = as_memory(value(), "the layout after " + s.str());
      require(!m.swizzle && m.vector.empty(), "cute: " + s.str() + " must be composed with a shape:stride layout");
      m.base += off, m.swizzle = s;
      return val(m);
    }
    p_ = save;
    Memory m = as_memory(value(), "the layout after " + s.str());
    require(!m.swizzle && m.vector.empty(), "cute: " + s.str() + " must be composed with a shape:stride layout");
    m.swizzle = s;
    return val(m);
  }

  static void arity(const std::string& fn, const std::vector<PV>& a, size_t lo, size_t hi) {
    if (a.size() < lo || a.size() > hi)
      fail(fn + ": takes " + (lo == hi ? std::to_string(lo) : std::to_string(lo) + " to " + std::to_string(hi)) +
           " arguments, got " + std::to_string(a.size()));
  }

  PV call(const std::string& fn, const std::vector<PV>& a) {
    if (fn == "row_major" || fn == "col_major") {
      arity(fn, a, 1, 8);
      IntTuple shape = a.size() == 1 && a[0].kind == PV::Tuple ? a[0].tuple : IntTuple::tuple({});
      if (a.size() > 1)
        for (size_t i = 0; i < a.size(); ++i) shape.kids.push_back(IntTuple::of(as_ints(a[i], fn + " size")[0]));
      return val(Memory{make_compact(shape, fn == "row_major")});
    }
    if (fn == "make_layout" || fn == "Layout") {
      arity(fn, a, 1, 8);
      if (a.size() == 2 && a[0].kind == PV::Tuple && a[1].kind == PV::Tuple)
        return val(Memory{Layout{a[0].tuple, a[1].tuple}});
      if (a.size() == 1 && a[0].kind == PV::Tuple) return val(Memory{make_compact(a[0].tuple, false)});
      std::vector<Layout> modes;
      for (auto& x : a) modes.push_back(as_layout(x, fn + " mode"));
      return val(Memory{make_layout(modes)});
    }
    if (fn == "coalesce") {
      arity(fn, a, 1, 1);
      return val(Memory{coalesce(as_layout(a[0], "coalesce: the layout"))});
    }
    if (fn == "complement") {
      arity(fn, a, 1, 2);
      Layout l = as_layout(a[0], "complement: the layout");
      int64_t n = a.size() == 2 ? as_ints(a[1], "complement: the size")[0] : l.cosize();
      require(n >= 1 && n <= (int64_t{1} << 30), "complement: the size must be in [1, 2^30]");
      return val(Memory{complement(l, n)});
    }
    if (fn == "composition" || fn == "logical_divide" || fn == "logical_product" || fn == "blocked_product" ||
        fn == "raked_product") {
      arity(fn, a, 2, 2);
      Layout x = as_layout(a[0], fn + ": the first layout");
      bool by_mode = fn != "logical_product" && fn != "blocked_product" && fn != "raked_product";
      std::vector<Layout> tiler = by_mode ? as_tiler(a[1], fn + ": the tiler") : std::vector<Layout>{};
      if (!tiler.empty())
        return val(Memory{fn == "composition" ? composition(x, tiler) : logical_divide(x, tiler)});
      Layout y = as_layout(a[1], fn + ": the second layout");
      Layout r = fn == "composition"       ? composition(x, y)
                 : fn == "logical_divide"  ? logical_divide(x, y)
                 : fn == "logical_product" ? logical_product(x, y)
                 : fn == "blocked_product" ? blocked_product(x, y)
                                           : raked_product(x, y);
      return val(Memory{r});
    }
    if (fn == "tile") {
      arity(fn, a, 3, 3);
      return val(tile(as_memory(a[0], "tile: the tensor"), as_ints(a[1], "tile: the tile sizes"),
                      as_ints(a[2], "tile: the tile coordinates")));
    }
    if (fn == "vectorize") {
      arity(fn, a, 2, 8);
      std::vector<int64_t> sizes;
      for (size_t i = 1; i < a.size(); ++i) {
        auto v = as_ints(a[i], "vectorize: the vector sizes");
        sizes.insert(sizes.end(), v.begin(), v.end());
      }
      return val(vectorize(as_memory(a[0], "vectorize: the tensor"), sizes));
    }
    if (fn == "distribute") {
      arity(fn, a, 2, 2);
      return val(distribute(as_memory(a[0], "distribute: the tensor"), as_layout(a[1], "distribute: the thread layout")));
    }
    arity(fn, a, 2, 2);  // tv
    return val(Tv{as_layout(a[0], "tv: the layout"), as_ints(a[1], "tv: the tile shape")});
  }
};

}  // namespace

bool looks_like_cute(const std::string& text) {
  size_t p = text.find_first_not_of(" \t\r\n");
  if (p == std::string::npos) return false;
  char c = text[p];
  if (c == '(' || (c >= '0' && c <= '9')) return true;
  size_t s = p;
  while (p < text.size() && (id_char(text[p]) || text[p] == '.')) ++p;
  std::string name = text.substr(s, p - s);
  if (name.rfind("Layout.", 0) == 0) name = name.substr(7);
  size_t q = text.find_first_not_of(" \t", p);
  if ((name == "Swizzle" || name == "Sw") && q != std::string::npos && text[q] == '<') return true;
  return functions().count(name) && q != std::string::npos && text[q] == '(';
}

Value parse_value(const std::string& text) { return Parser(text).parse(); }

}  // namespace ls::cute

namespace ls {
TensorLayout parse_cute(const std::string& text) {
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) fail("empty layout text");
  return cute::tensor_layout(cute::parse_value(text));
}
}  // namespace ls
