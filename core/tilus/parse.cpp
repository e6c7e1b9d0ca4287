// The tilus expression reader: a small recursive-descent parser over Python
// call syntax. Values are integers, booleans, lists/tuples and layouts.
#include <map>
#include <set>

#include "../error.h"
#include "../io/scanner.h"
#include "../io/text.h"
#include "tilus_layout.h"

namespace ls::tilus {
namespace {

using io::id_char;
using io::id_start;

const std::set<std::string>& functions() {
  static const std::set<std::string> f = {
      "spatial", "local", "repeat", "column_spatial", "column_local", "register_layout", "RegisterLayout",
      "replicated", "squeeze", "unsqueeze", "permute", "reshape", "flatten", "reduce", "concat", "compose", "divide",
      "visualize_layout", "print"};
  return f;
}

struct Value {
  enum Kind { Int, Bool, List, Layout } kind = Int;
  int64_t i = 0;
  std::vector<Value> list;
  RegisterLayout layout;
};

struct Args {
  std::vector<Value> pos;
  std::map<std::string, Value> named;
};

class Parser : io::Scanner {
public:
  explicit Parser(const std::string& t) : Scanner(t, Comments::none) {}

  RegisterLayout parse() {
    Value v = expr();
    ws();
    if (p_ != s_.size()) err("unexpected " + found() + " after the layout");
    return as_layout(v, "the expression");
  }

private:
  std::string ident() {
    ws();
    return take(id_char);
  }

  RegisterLayout as_layout(const Value& v, const std::string& what) {
    if (v.kind != Value::Layout) fail("tilus: " + what + " must be a layout");
    return v.layout;
  }
  static int64_t as_int(const Value& v, const std::string& what) {
    if (v.kind != Value::Int) fail("tilus: " + what + " must be an integer");
    return v.i;
  }
  static Vec as_ints(const Value& v, const std::string& what) {
    if (v.kind == Value::Int) return {v.i};
    if (v.kind != Value::List) fail("tilus: " + what + " must be a list of integers");
    Vec r;
    for (auto& x : v.list) r.push_back(as_int(x, what));
    return r;
  }

  Value expr() {
    Value v = chain();
    for (;;) {
      ws();
      char op = p_ < s_.size() ? s_[p_] : 0;
      if (op != '*' && op != '/') return v;
      ++p_;
      Value r = chain();
      RegisterLayout a = as_layout(v, std::string("the left side of '") + op + "'");
      RegisterLayout b = as_layout(r, std::string("the right side of '") + op + "'");
      v.kind = Value::Layout;
      v.layout = op == '*' ? compose(a, b) : divide(a, b);
    }
  }

  Value chain() {
    Value v = primary();
    while (eat('.')) {
      size_t at = p_;
      std::string m = ident();
      static const std::set<std::string> methods = {"local", "spatial", "repeat", "column_local", "column_spatial"};
      if (!methods.count(m)) io::syntax_error(s_, at, "unknown layout method '" + io::shown(m) + "'");
      RegisterLayout base = as_layout(v, "the object of ." + m + "()");
      Args a = args();
      v.layout = compose(base, create(m, a));
    }
    return v;
  }

  Value primary() {
    ws();
    Depth depth(*this);
    Value v;
    if (p_ >= s_.size()) err("expected a value, found end of text");
    char c = s_[p_];
    if (c == '(' || c == '[') {
      ++p_;
      char close = c == '(' ? ')' : ']';
      v.kind = Value::List;
      bool comma = false;
      while (!eat(close)) {
        v.list.push_back(expr());
        comma = eat(',');
        ws();
        if (!comma && (p_ >= s_.size() || s_[p_] != close))
          err(std::string("expected ',' or '") + close + "', found " + found());
      }
      // (layout) is a parenthesised layout, not a tuple.
      if (c == '(' && v.list.size() == 1 && !comma && v.list[0].kind == Value::Layout) {
        Value inner = std::move(v.list[0]);  // not v = v.list[0]: that frees the source while copying it
        v = std::move(inner);
      }
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      size_t s = p_;
      if (c == '-') ++p_;
      while (p_ < s_.size() && s_[p_] >= '0' && s_[p_] <= '9') ++p_;
      if (p_ == s + (c == '-' ? 1 : 0)) io::syntax_error(s_, s, "expected a number after '-'");
      if (p_ - s > 12) io::syntax_error(s_, s, "number " + s_.substr(s, p_ - s) + " is too large");
      v.i = std::stoll(s_.substr(s, p_ - s));
    } else if (id_start(c)) {
      size_t at = p_;
      std::string name = ident();
      if (name == "True" || name == "False") {
        v.kind = Value::Bool;
        v.i = name == "True";
      } else {
        // A module path (tilus.ir.layout.spatial) ends at a known function.
        while (!functions().count(name) && p_ < s_.size() && s_[p_] == '.') {
          ++p_;
          name = ident();
        }
        if (!functions().count(name)) io::syntax_error(s_, at, "unknown tilus function '" + io::shown(name) + "'");
        v.kind = Value::Layout;
        v.layout = call(name, args());
      }
    } else {
      err("expected a value, found " + found());
    }
    return v;
  }

  Args args() {
    expect('(');
    Args a;
    while (!eat(')')) {
      ws();
      size_t save = p_;
      std::string key = ident();
      if (!key.empty() && eat('=')) {
        if (a.named.count(key)) io::syntax_error(s_, save, "argument '" + key + "' given twice");
        a.named[key] = expr();
      } else {
        p_ = save;
        if (!a.named.empty()) err("positional argument after a keyword argument");
        a.pos.push_back(expr());
      }
      if (!eat(',')) {
        ws();
        if (p_ >= s_.size() || s_[p_] != ')') err("expected ',' or ')', found " + found());
      }
    }
    return a;
  }

  // Positional argument i or keyword `key`.
  static const Value* arg(const Args& a, size_t i, const std::string& key) {
    if (a.named.count(key)) return &a.named.at(key);
    return i < a.pos.size() ? &a.pos[i] : nullptr;
  }
  static const Value& need(const std::string& fn, const Args& a, size_t i, const std::string& key) {
    const Value* v = arg(a, i, key);
    if (!v) fail(fn + ": missing argument '" + key + "'");
    return *v;
  }
  static void only(const std::string& fn, const Args& a, size_t max_pos, const std::set<std::string>& keys) {
    if (a.pos.size() > max_pos) fail(fn + ": takes at most " + std::to_string(max_pos) + " positional arguments");
    for (auto& [k, v] : a.named)
      if (!keys.count(k)) fail(fn + ": unknown argument '" + io::shown(k) + "'");
  }

  RegisterLayout create(const std::string& fn, const Args& a) {
    bool column = fn.rfind("column_", 0) == 0;
    only(fn, a, 64, column ? std::set<std::string>{} : std::set<std::string>{"ranks"});
    Vec shape;
    for (auto& v : a.pos) shape.push_back(as_int(v, fn + " sizes"));
    bool is_spatial = fn == "spatial" || fn == "column_spatial";
    if (!a.named.count("ranks"))
      return column ? (is_spatial ? column_spatial(shape) : column_local(shape))
                    : (is_spatial ? spatial(shape) : local(shape));
    Vec ranks = as_ints(a.named.at("ranks"), fn + " ranks");
    require(ranks.size() == shape.size(), fn + ": ranks must have one entry per size");
    Vec modes(shape.size(), -1);
    for (size_t i = 0; i < ranks.size(); ++i) {
      require(ranks[i] >= 0 && ranks[i] < static_cast<int64_t>(shape.size()) && modes[ranks[i]] < 0,
              fn + ": ranks " + "must be a permutation of 0.." + std::to_string(shape.size() - 1));
      modes[ranks[i]] = static_cast<int64_t>(i);
    }
    return is_spatial ? register_layout(shape, shape, modes, {}) : register_layout(shape, shape, {}, modes);
  }

  RegisterLayout call(const std::string& fn, const Args& a) {
    if (fn == "spatial" || fn == "local" || fn == "column_spatial" || fn == "column_local") return create(fn, a);
    if (fn == "repeat") return create("local", a);
    if (fn == "visualize_layout" || fn == "print") {
      only(fn, a, 1, fn == "print" ? std::set<std::string>{} : std::set<std::string>{"tablefmt"});
      return as_layout(need(fn, a, 0, "layout"), fn + " argument");
    }
    if (fn == "register_layout" || fn == "RegisterLayout") {
      only(fn, a, 4, {"shape", "mode_shape", "spatial_modes", "local_modes"});
      return register_layout(as_ints(need(fn, a, 0, "shape"), fn + " shape"),
                             as_ints(need(fn, a, 1, "mode_shape"), fn + " mode_shape"),
                             as_ints(need(fn, a, 2, "spatial_modes"), fn + " spatial_modes"),
                             as_ints(need(fn, a, 3, "local_modes"), fn + " local_modes"));
    }
    if (fn == "replicated") {
      only(fn, a, 64, {"num_workers"});
      Vec shape;
      for (auto& v : a.pos) shape.push_back(as_int(v, "replicated sizes"));
      return replicated(shape, as_int(need(fn, a, 99, "num_workers"), "replicated num_workers"));
    }
    if (fn == "concat" || fn == "compose" || fn == "divide") {
      static const std::map<std::string, std::pair<std::string, std::string>> names = {
          {"concat", {"lhs", "rhs"}}, {"compose", {"outer", "inner"}}, {"divide", {"lhs", "rhs"}}};
      auto [k0, k1] = names.at(fn);
      only(fn, a, 2, {k0, k1});
      RegisterLayout x = as_layout(need(fn, a, 0, k0), fn + " " + k0), y = as_layout(need(fn, a, 1, k1), fn + " " + k1);
      return fn == "concat" ? concat(x, y) : fn == "compose" ? compose(x, y) : divide(x, y);
    }
    RegisterLayout l = as_layout(need(fn, a, 0, "layout"), fn + " layout");
    if (fn == "flatten") {
      only(fn, a, 3, {"layout", "start_dim", "end_dim"});
      const Value* s = arg(a, 1, "start_dim");
      const Value* e = arg(a, 2, "end_dim");
      return flatten(l, s ? as_int(*s, "flatten start_dim") : 0, e ? as_int(*e, "flatten end_dim") : -1);
    }
    if (fn == "reduce") {
      only(fn, a, 2, {"layout", "dims", "keepdims"});
      const Value* k = arg(a, 99, "keepdims");
      if (k && k->kind != Value::Bool) fail("reduce: keepdims must be True or False");
      return reduce(l, as_ints(need(fn, a, 1, "dims"), "reduce dims"), k && k->i);
    }
    std::string key = fn == "reshape" ? "shape" : "dims";
    only(fn, a, 2, {"layout", key});
    Vec v = as_ints(need(fn, a, 1, key), fn + " " + key);
    if (fn == "squeeze") return squeeze(l, v);
    if (fn == "unsqueeze") return unsqueeze(l, v);
    if (fn == "permute") return permute(l, v);
    return reshape(l, v);
  }
};

}  // namespace

bool looks_like_tilus(const std::string& text) {
  size_t p = text.find_first_not_of(" \t\r\n");
  if (p == std::string::npos) return false;
  size_t s = p;
  while (p < text.size() && (id_char(text[p]) || text[p] == '.')) ++p;
  std::string name = text.substr(s, p - s);
  if (auto dot = name.rfind('.'); dot != std::string::npos) name = name.substr(dot + 1);
  p = text.find_first_not_of(" \t", p);
  return functions().count(name) && p != std::string::npos && text[p] == '(';
}

RegisterLayout parse_register_layout(const std::string& text) { return Parser(text).parse(); }

}  // namespace ls::tilus

namespace ls {
TensorLayout parse_tilus(const std::string& text) {
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) fail("empty layout text");
  return tilus::tensor_layout(tilus::parse_register_layout(text));
}
}  // namespace ls
