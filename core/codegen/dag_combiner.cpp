#include "dag_combiner.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace ls::codegen {
namespace {

enum class Kind : uint8_t { entry, store, token, other };  // other: the loads before, the barrier after

struct Node {
  Kind kind = Kind::entry;
  int32_t chain = -1;         // a store's or another node's chain
  std::vector<int32_t> ops;   // a TokenFactor's operands
  int32_t base = 0;
  int64_t offset = 0;
  int32_t bytes = 0;
  int32_t align = 1;
  int32_t elem = 0;    // BlockStore::elem
  int32_t value = -1;  // a store: its index in the block (from count on: a joined one, joined_)
  int32_t slot = -1;   // on the stack: its place; -1 not on it, -2 combined
  bool dead = false;
};

constexpr int32_t kNone = -1, kCombined = -2;
constexpr int kMaxDepth = 18;         // TargetLoweringBase's GatherAllAliasesMaxDepth
constexpr size_t kMaxTokenOps = 16;   // GatherAllAliases takes a larger TokenFactor as an alias
constexpr size_t kPruneSteps = 1024;  // visitTokenFactor's search

class Combiner {
 public:
  explicit Combiner(std::span<const BlockStore> s) {
    entry_ = make(Node{});
    Node loads;  // the global loads before the stores (their TokenFactor): an alias to every store
    loads.kind = Kind::other;
    loads.chain = entry_;
    int32_t prev = make(std::move(loads));
    for (size_t i = 0; i < s.size(); ++i) {
      Node st;
      st.kind = Kind::store;
      st.chain = prev;
      st.base = s[i].base;
      st.offset = s[i].offset;
      st.bytes = s[i].bytes;
      st.align = s[i].align;
      st.elem = s[i].elem;
      st.value = static_cast<int32_t>(i);
      prev = make(std::move(st));
    }
    Node barrier;
    barrier.kind = Kind::other;
    barrier.chain = prev;
    root_ = make(std::move(barrier));
    count_ = static_cast<int32_t>(s.size());
  }

  std::vector<int32_t> creation_order() const {
    std::vector<int32_t> o(n_.size());
    for (size_t i = 0; i < o.size(); ++i) o[i] = static_cast<int32_t>(i);
    return o;
  }

  // LLVM's AssignTopologicalOrder, approximated by sweeps in creation order,
  // each placing the nodes whose operands are placed: a node goes in the
  // sweep of its last operand, or the one after where that operand comes
  // later in creation order
  std::vector<int32_t> topological() const {
    std::vector<int32_t> sweep(n_.size(), 0), waiting(n_.size(), 0), ready, order;
    for (size_t i = 0; i < n_.size(); ++i)
      if (!n_[i].dead) {
        const auto span = operands(static_cast<int32_t>(i));
        std::vector<int32_t> ops(span.begin(), span.end());
        std::sort(ops.begin(), ops.end());
        waiting[i] = static_cast<int32_t>(std::unique(ops.begin(), ops.end()) - ops.begin());
        if (waiting[i] == 0) ready.push_back(static_cast<int32_t>(i));
        order.push_back(static_cast<int32_t>(i));
      }
    while (!ready.empty()) {
      const int32_t x = ready.back();
      ready.pop_back();
      int32_t& mine = sweep[static_cast<size_t>(x)];
      for (int32_t o : operands(x)) mine = std::max(mine, sweep[static_cast<size_t>(o)] + (o > x));
      for (int32_t u : users(x))
        if (--waiting[static_cast<size_t>(u)] == 0) ready.push_back(u);
    }
    std::stable_sort(order.begin(), order.end(), [&](int32_t a, int32_t b) {
      return sweep[static_cast<size_t>(a)] < sweep[static_cast<size_t>(b)];
    });
    return order;
  }

  void run_pass(const std::vector<int32_t>& order) {
    stack_.clear();
    for (Node& x : n_)
      if (!x.dead) x.slot = kNone;
    for (int32_t x : order)
      if (!n_[static_cast<size_t>(x)].dead) push(x);
    for (int32_t x = pop(); x != kNone; x = pop()) {
      if (x != root_ && x != entry_ && uses(x) == 0) {
        delete_unused(x);
        continue;
      }
      for (int32_t o : operands(x)) push(o, true);
      const Node& nx = n_[static_cast<size_t>(x)];
      fired_ = false;
      const int32_t rv = nx.kind == Kind::store ? visit_store(x) : nx.kind == Kind::token ? visit_token(x) : kNone;
      if (fired_ || rv != kNone) no_join_.clear();
      if (rv == kNone || rv == x) continue;
      replace_uses(x, rv);
      for (int32_t u : users(rv)) push(u);
      push(rv);
      if (uses(x) == 0 && !n_[static_cast<size_t>(x)].dead) delete_unused(x);
    }
  }

  // dag_stores: for the stores the barrier still reaches, the lowest store
  // of their instruction
  std::vector<int32_t> kept() const {
    std::vector<int32_t> k(static_cast<size_t>(count_), -1);
    std::vector<bool> seen(n_.size());
    for (std::vector<int32_t> work{root_}; !work.empty();) {
      const int32_t x = work.back();
      work.pop_back();
      if (seen[static_cast<size_t>(x)]) continue;
      seen[static_cast<size_t>(x)] = true;
      const Node& nx = n_[static_cast<size_t>(x)];
      if (nx.kind == Kind::store && nx.value < count_) k[static_cast<size_t>(nx.value)] = nx.value;
      if (nx.kind == Kind::store && nx.value >= count_)
        for (const auto& j = joined_[static_cast<size_t>(nx.value - count_)]; int32_t v : j)
          k[static_cast<size_t>(v)] = j.front();
      for (int32_t o : operands(x)) work.push_back(o);
    }
    return k;
  }

 private:
  std::vector<Node> n_;
  std::vector<std::vector<int32_t>> by_;  // the live nodes referring to each, once per reference
  // visited marks (a node is marked when its entry equals the stamp)
  mutable std::vector<uint32_t> seen_, chained_;
  mutable uint32_t stamp_ = 0;
  std::unordered_map<uint64_t, std::vector<int32_t>> cse_;  // stores and TokenFactors by a hash of what they are
  std::vector<int32_t> stack_;
  int32_t entry_ = 0, root_ = 0;
  int32_t count_ = 0;                          // the block's stores
  std::vector<std::vector<int32_t>> joined_;   // a joined store's stores, lowest first
  std::unordered_set<int32_t> no_join_;        // chains where nothing joined (ChainsWithoutMergeableStores)
  bool fired_ = false;                         // the visit combined something
  std::vector<int32_t> candidates_;            // join's (kept for its storage)

  Node& at(int32_t x) { return n_[static_cast<size_t>(x)]; }
  const Node& at(int32_t x) const { return n_[static_cast<size_t>(x)]; }

  // (valid until the next node is made)
  std::span<const int32_t> operands(int32_t x) const {
    const Node& nx = at(x);
    if (nx.kind == Kind::token) return nx.ops;
    return nx.chain >= 0 ? std::span<const int32_t>(&nx.chain, 1) : std::span<const int32_t>();
  }
  // the live nodes using x, each once, in creation order
  std::vector<int32_t> users(int32_t x) const {
    std::vector<int32_t> u = by_[static_cast<size_t>(x)];
    std::sort(u.begin(), u.end());
    u.erase(std::unique(u.begin(), u.end()), u.end());
    return u;
  }
  size_t uses(int32_t x) const { return by_[static_cast<size_t>(x)].size(); }
  uint32_t next_stamp() const {
    seen_.resize(n_.size());
    chained_.resize(n_.size());
    return ++stamp_;
  }
  void link(int32_t x, int32_t from) {
    if (x < 0) return;
    by_[static_cast<size_t>(x)].push_back(from);
  }
  void unlink(int32_t x, int32_t from) {
    if (x < 0) return;
    auto& b = by_[static_cast<size_t>(x)];
    b.erase(std::find(b.begin(), b.end(), from));
  }
  void set_chain(int32_t x, int32_t c) {
    unlink(at(x).chain, x);
    at(x).chain = c;
    link(c, x);
    enlist(x);
  }
  static uint64_t key(const Node& nd) {
    uint64_t h = static_cast<uint64_t>(nd.kind);
    auto mix = [&](int64_t v) { h = (h ^ static_cast<uint64_t>(v)) * 0x100000001b3ULL + (h >> 29); };
    for (int64_t v : {int64_t{nd.chain}, int64_t{nd.base}, nd.offset, int64_t{nd.bytes}, int64_t{nd.value}}) mix(v);
    for (int32_t o : nd.ops) mix(o);
    return h;
  }
  static bool same(const Node& a, const Node& b) {
    return a.kind == b.kind && a.chain == b.chain && a.ops == b.ops && a.base == b.base && a.offset == b.offset &&
           a.bytes == b.bytes && a.value == b.value;
  }
  void enlist(int32_t x) {
    if (at(x).kind == Kind::store || at(x).kind == Kind::token) cse_[key(at(x))].push_back(x);
  }

  // a new node, or the first live one it equals (SelectionDAG's CSE)
  int32_t make(Node nd) {
    if (nd.kind == Kind::store || nd.kind == Kind::token)
      if (auto it = cse_.find(key(nd)); it != cse_.end()) {
        int32_t found = kNone;
        for (int32_t i : it->second)
          if (!at(i).dead && same(at(i), nd) && (found == kNone || i < found)) found = i;
        if (found != kNone) return found;
      }
    const auto id = static_cast<int32_t>(n_.size());
    n_.push_back(std::move(nd));
    by_.emplace_back();
    link(at(id).chain, id);
    for (int32_t o : at(id).ops) link(o, id);
    enlist(id);
    return id;
  }
  int32_t make_token(std::vector<int32_t> ops) {
    Node t;
    t.kind = Kind::token;
    t.ops = std::move(ops);
    return make(std::move(t));
  }

  void push(int32_t x, bool skip_combined = false) {
    Node& nx = at(x);
    if (nx.dead || (skip_combined && nx.slot == kCombined) || nx.slot >= 0) return;
    nx.slot = static_cast<int32_t>(stack_.size());
    stack_.push_back(x);
  }
  int32_t pop() {
    while (!stack_.empty()) {
      const int32_t x = stack_.back();
      stack_.pop_back();
      if (x == kNone || at(x).dead) continue;
      at(x).slot = kCombined;
      return x;
    }
    return kNone;
  }
  void kill(int32_t x) {
    Node& nx = at(x);
    if (nx.slot >= 0 && static_cast<size_t>(nx.slot) < stack_.size() && stack_[static_cast<size_t>(nx.slot)] == x)
      stack_[static_cast<size_t>(nx.slot)] = kNone;
    nx.slot = kNone;
    nx.dead = true;
    for (int32_t o : operands(x)) unlink(o, x);
  }
  void delete_unused(int32_t x) {
    for (std::vector<int32_t> work{x}; !work.empty();) {
      const int32_t y = work.back();
      work.pop_back();
      if (at(y).dead || uses(y) > 0 || y == root_ || y == entry_) continue;
      const auto ops = operands(y);
      kill(y);
      for (int32_t o : ops)
        if (!at(o).dead) {
          if (uses(o) == 0) work.push_back(o);
          else push(o);
        }
    }
  }
  void replace_uses(int32_t from, int32_t to) {
    for (int32_t u : users(from)) {
      if (at(u).chain == from) set_chain(u, to);
      bool changed = false;
      for (int32_t& o : at(u).ops)
        if (o == from) o = to, unlink(from, u), link(to, u), changed = true;
      if (changed) enlist(u);
    }
  }
  void combine_to(int32_t x, int32_t to, bool add_users = true) {
    replace_uses(x, to);
    if (add_users) {
      for (int32_t u : users(to)) push(u);
      push(to);
    }
    if (uses(x) == 0) {
      const auto ops = operands(x);
      kill(x);
      for (int32_t o : ops)
        if (!at(o).dead && uses(o) == 1) push(o);
    }
  }

  bool may_alias(int32_t a, int32_t b) const {
    const Node &x = at(a), &y = at(b);
    if (x.kind != Kind::store || y.kind != Kind::store || x.base != y.base) return true;
    return x.offset < y.offset + y.bytes && y.offset < x.offset + x.bytes;
  }
  std::vector<int32_t> gather_aliases(int32_t x, int32_t from) const {
    std::vector<int32_t> chains{from}, aliases;
    const uint32_t stamp = next_stamp();
    int depth = 0;
    while (!chains.empty()) {
      const int32_t c = chains.back();
      chains.pop_back();
      if (seen_[static_cast<size_t>(c)] == stamp) continue;
      seen_[static_cast<size_t>(c)] = stamp;
      if (depth > kMaxDepth) return {from};
      const Node& nc = at(c);
      if (nc.kind == Kind::token) {
        if (nc.ops.size() > kMaxTokenOps) {
          aliases.push_back(c);
          continue;
        }
        chains.insert(chains.end(), nc.ops.rbegin(), nc.ops.rend());
        ++depth;
      } else if (nc.kind == Kind::entry) {
        ++depth;
      } else if (nc.kind == Kind::store && !may_alias(x, c)) {
        chains.push_back(nc.chain);
        ++depth;
      } else {
        aliases.push_back(c);
      }
    }
    return aliases;
  }
  int32_t better_chain(int32_t x, int32_t from) {
    std::vector<int32_t> a = gather_aliases(x, from);
    if (a.empty()) return entry_;
    if (a.size() == 1) return a[0];
    return make_token(std::move(a));
  }
  int32_t copy_store(int32_t st, int32_t chain) {
    Node c = at(st);
    c.chain = chain;
    c.slot = kNone;
    return make(std::move(c));
  }

  bool parallelize(int32_t st) {
    const Node s = at(st);
    int64_t lowest = s.offset;
    std::vector<int32_t> taken;
    int32_t last = st;
    for (int32_t c = at(last).chain; c >= 0 && at(c).kind == Kind::store; c = at(last).chain) {
      const Node& nc = at(c);
      if (uses(c) != 1 || nc.base != s.base || nc.offset + nc.bytes > lowest) break;
      lowest = nc.offset;
      taken.push_back(c);
      last = c;
    }
    if (taken.empty()) return false;
    fired_ = true;
    const int32_t from = at(last).chain;
    std::vector<int32_t> ops;
    for (auto it = taken.rbegin(); it != taken.rend(); ++it) {
      set_chain(*it, better_chain(*it, from));
      ops.push_back(*it);
    }
    ops.push_back(copy_store(st, better_chain(st, from)));
    if (std::none_of(ops.begin(), ops.end(), [&](int32_t o) { return at(o).chain == from; }))
      ops.insert(ops.begin(), from);
    const int32_t tf = make_token(ops);
    combine_to(st, tf);
    push(tf);
    for (int32_t o : at(tf).ops) push(o);
    push(last);
    return true;
  }

  int32_t visit_store(int32_t st) {
    if (parallelize(st)) return kNone;
    const int32_t old = at(st).chain;
    if (const int32_t better = better_chain(st, old); better != old) {
      fired_ = true;
      const int32_t tok = make_token({old, copy_store(st, better)});
      push(tok);
      combine_to(st, tok, false);
      return kNone;
    }
    const Node& c = at(old);
    const Node& s = at(st);
    if (c.kind == Kind::store && uses(old) == 1 && c.base == s.base && c.offset >= s.offset &&
        c.offset + c.bytes <= s.offset + s.bytes) {
      combine_to(old, c.chain);
      return st;
    }
    for (;;) {
      const auto [joined, self] = join(st);
      if (!joined) break;
      if (self) {
        fired_ = true;
        break;
      }
    }
    return kNone;
  }

  // NVPTX's legal vectors of `elems` elements of `elem` bytes: v4i8, v2i16/v2f16
  static bool legal_vector(int32_t elem, int32_t elems) { return elem * elems == 4 && elems > 1; }

  // mergeConsecutiveStores from store st: {whether it joined any, whether st was one of them}
  std::pair<bool, bool> join(int32_t st) {
    const Node s = at(st);
    const int32_t root = s.chain;
    if (s.elem == 0 || root < 0 || no_join_.count(root)) return {false, false};
    std::vector<int32_t>& c = candidates_;  // (a store refers to its chain once)
    c.clear();
    for (int32_t u : by_[static_cast<size_t>(root)]) {
      const Node& nu = at(u);
      if (nu.kind == Kind::store && nu.chain == root && nu.base == s.base && nu.bytes == s.bytes && nu.elem == s.elem)
        c.push_back(u);
    }
    if (c.size() < 2) return {false, false};
    std::sort(c.begin(), c.end(), [&](int32_t a, int32_t b) {
      return at(a).offset != at(b).offset ? at(a).offset < at(b).offset : a < b;
    });
    bool made = false, self = false;
    while (c.size() > 1) {
      // getConsecutiveStores: from the first two adjacent ones
      size_t from = 0;
      while (from + 1 < c.size() && at(c[from]).offset + s.bytes != at(c[from + 1]).offset) ++from;
      if (from + 1 >= c.size()) return {made, self};
      c.erase(c.begin(), c.begin() + static_cast<std::ptrdiff_t>(from));
      size_t n = 1;
      while (n < c.size() && at(c[n]).offset - at(c[0]).offset == s.bytes * static_cast<int64_t>(n)) ++n;
      // tryStoreMergeOfExtracts
      while (n >= 2) {
        const int32_t first_align = at(c[0]).align;
        size_t k = 1;
        for (size_t i = 0; i < n; ++i) {
          const auto elems = static_cast<int32_t>(i + 1) * (s.bytes / s.elem);
          if (elems * s.elem > 8) break;  // MaximumLegalStoreInBits: 64
          if (legal_vector(s.elem, elems) && first_align >= 4) k = i + 1;
        }
        if (k < 2) {
          size_t skip = 1;
          while (skip < n && at(c[skip]).align <= first_align) ++skip;
          c.erase(c.begin(), c.begin() + static_cast<std::ptrdiff_t>(skip));
          n -= skip;
          continue;
        }
        Node m = s;
        m.offset = at(c[0]).offset;
        m.bytes = s.bytes * static_cast<int32_t>(k);
        m.align = first_align;
        m.elem = 0;  // its value is no `extract`
        m.value = count_ + static_cast<int32_t>(joined_.size());
        m.slot = kNone;
        joined_.emplace_back();
        for (size_t i = 0; i < k; ++i) joined_.back().push_back(at(c[i]).value);
        const int32_t ns = make(std::move(m));
        for (size_t i = 0; i < k; ++i) {
          self |= c[i] == st;
          combine_to(c[i], ns);
        }
        push(root);
        made = true;
        c.erase(c.begin(), c.begin() + static_cast<std::ptrdiff_t>(k));
        n -= k;
      }
    }
    if (!made) no_join_.insert(root);
    return {made, self};
  }

  int32_t input_chain(int32_t x) const {
    const Node& nx = at(x);
    return nx.kind == Kind::store || nx.kind == Kind::other ? nx.chain : kNone;
  }
  int32_t visit_token(int32_t x) {
    if (at(x).ops.size() == 2) {
      const int32_t a = at(x).ops[0], b = at(x).ops[1];
      if (input_chain(a) == b) return a;
      if (input_chain(b) == a) return b;
    }
    if (const auto us = users(x); us.size() == 1 && at(us[0]).kind == Kind::token) push(us[0]);
    std::vector<int32_t> tfs{x}, ops;
    const uint32_t stamp = next_stamp();  // seen_: the operands kept, chained_: the chains searched
    bool changed = false;
    for (size_t i = 0; i < tfs.size(); ++i)
      for (int32_t o : std::vector<int32_t>(at(tfs[i]).ops)) {
        if (at(o).kind == Kind::entry) {
          changed = true;
        } else if (at(o).kind == Kind::token && uses(o) == 1 &&
                   std::find(tfs.begin(), tfs.end(), o) == tfs.end()) {
          tfs.push_back(o);
          changed = true;
        } else if (seen_[static_cast<size_t>(o)] == stamp) {
          changed = true;
        } else {
          seen_[static_cast<size_t>(o)] = stamp;
          ops.push_back(o);
        }
      }
    // operands reachable from another one go (the search of each operand's
    // chains, breadth first, stops when at most one is left to consider)
    std::vector<std::pair<int32_t, size_t>> work;
    std::vector<int32_t> count(ops.size(), 1);
    for (size_t k = 0; k < ops.size(); ++k) work.emplace_back(ops[k], k);
    size_t left = ops.size();
    bool pruned = false;
    for (size_t j = 0; j < work.size() && j < kPruneSteps && left > 1; ++j) {
      const auto [cur, num] = work[j];
      std::vector<int32_t> next;
      if (at(cur).kind == Kind::entry) ++left;
      else if (at(cur).kind == Kind::token) next = at(cur).ops;
      else if (at(cur).chain >= 0) next = {at(cur).chain};
      for (int32_t o : next) {
        if (seen_[static_cast<size_t>(o)] == stamp) {
          changed = pruned = true;
          const size_t orig = static_cast<size_t>(std::find(ops.begin(), ops.end(), o) - ops.begin());
          for (size_t t = j + 1; t < work.size(); ++t)
            if (work[t].second == orig) work[t].second = num;
          count[num] += count[orig];
          count[orig] = 0;
          --left;
        }
        if (chained_[static_cast<size_t>(o)] != stamp) {
          chained_[static_cast<size_t>(o)] = stamp;
          ++count[num];
          work.emplace_back(o, num);
        }
      }
      if (--count[num] == 0) --left;
    }
    if (!changed) return kNone;
    if (pruned) std::erase_if(ops, [&](int32_t o) { return chained_[static_cast<size_t>(o)] == stamp; });
    if (ops.empty()) return entry_;
    if (ops.size() == 1) return ops[0];
    return make_token(std::move(ops));
  }
};

}  // namespace

bool stores_meet(std::span<const BlockStore> stores) {
  std::vector<BlockStore> sorted(stores.begin(), stores.end());
  std::sort(sorted.begin(), sorted.end(), [](const BlockStore& a, const BlockStore& b) {
    return a.base != b.base ? a.base < b.base : a.offset < b.offset;
  });
  return std::adjacent_find(sorted.begin(), sorted.end(), [](const BlockStore& a, const BlockStore& b) {
           return a.base == b.base && b.offset < a.offset + a.bytes;
         }) != sorted.end();
}

bool stores_may_join(std::span<const BlockStore> stores) {
  std::vector<BlockStore> sorted;
  for (const BlockStore& b : stores)
    if (b.elem > 0) sorted.push_back(b);
  std::sort(sorted.begin(), sorted.end(), [](const BlockStore& a, const BlockStore& b) {
    return a.base != b.base ? a.base < b.base : a.offset < b.offset;
  });
  return std::adjacent_find(sorted.begin(), sorted.end(), [](const BlockStore& a, const BlockStore& b) {
           return a.base == b.base && a.align >= 4 && a.bytes == b.bytes && a.elem == b.elem &&
                  b.offset == a.offset + a.bytes;
         }) != sorted.end();
}

std::vector<int32_t> dag_stores(std::span<const BlockStore> stores) {
  Combiner c(stores);
  c.run_pass(c.creation_order());
  c.run_pass(c.topological());
  return c.kept();
}

}  // namespace ls::codegen
