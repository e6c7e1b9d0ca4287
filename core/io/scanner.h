// Private to the layout readers (MLIR, Gluon, tilus, CuTe): the read position
// in the text, white space and comments, one-character tokens, syntax errors
// that name the position, and the nesting limit.
#pragma once

#include <string>

#include "fields.h"

namespace ls::io {

inline bool id_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
inline bool id_char(char c) { return id_start(c) || (c >= '0' && c <= '9'); }
inline bool digit(char c) { return c >= '0' && c <= '9'; }

class Scanner {
protected:
  // What ws() skips besides white space: Python's `#` comments and backslash
  // line joins, MLIR's `//` comments, or nothing.
  enum class Comments { python, mlir, none };

  Scanner(const std::string& s, Comments comments) : s_(s), comments_(comments) {}

  // One more level of nesting while it lives; refuses more than kMaxDepth.
  struct Depth {
    Scanner& s;
    explicit Depth(Scanner& scanner) : s(scanner) {
      if (++s.depth_ > kMaxDepth) s.err("nesting deeper than " + std::to_string(kMaxDepth) + " levels");
    }
    ~Depth() { --s.depth_; }
  };

  [[noreturn]] void err(const std::string& msg) const { syntax_error(s_, p_, msg); }
  std::string found() const { return found_at(s_, p_); }
  char peek() const { return p_ < s_.size() ? s_[p_] : '\0'; }

  void ws() {
    while (p_ < s_.size()) {
      char c = s_[p_], next = p_ + 1 < s_.size() ? s_[p_ + 1] : '\0';
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        ++p_;
      } else if (comments_ == Comments::python && c == '\\' && (next == '\n' || next == '\r')) {
        p_ += 2;
      } else if ((comments_ == Comments::python && c == '#') ||
                 (comments_ == Comments::mlir && c == '/' && next == '/')) {
        while (p_ < s_.size() && s_[p_] != '\n') ++p_;
      } else {
        break;
      }
    }
  }
  bool eat(char c) {
    ws();
    if (peek() != c) return false;
    ++p_;
    return true;
  }
  // `where` (e.g. "after #ttg.blocked") goes into the message when given.
  void expect(char c, const std::string& where = "") {
    if (!eat(c)) err(std::string("expected '") + c + "'" + (where.empty() ? "" : " " + where) + ", found " + found());
  }
  // The run of characters from the position on that `more` accepts.
  std::string take(bool (*more)(char)) {
    size_t b = p_;
    while (p_ < s_.size() && more(s_[p_])) ++p_;
    return s_.substr(b, p_ - b);
  }

  const std::string& s_;
  size_t p_ = 0;

private:
  Comments comments_;
  int depth_ = 0;
};

}  // namespace ls::io
