#include "views.h"

#include <algorithm>
#include <sstream>

#include "error.h"
#include "interrupt.h"

namespace ls {
namespace {

int64_t hw_size_of(const LayoutMap& m, const std::string& name) {
  for (auto& d : m.hw_dims())
    if (d.name == name) return d.size;
  return 1;
}

std::string coord_text(const Shape& shape, int64_t e) {
  std::vector<int64_t> c(shape.size());
  for (size_t i = shape.size(); i-- > 0;) c[i] = e % shape[i], e /= shape[i];
  std::string s = "(";
  for (size_t i = 0; i < c.size(); ++i) s += (i ? "," : "") + std::to_string(c[i]);
  return s + ")";
}

// Rows of the last dim; higher dims become stacked 2D slices.
std::string grid(const Shape& shape, const std::vector<std::string>& cells) {
  size_t width = 0;
  for (auto& c : cells) width = std::max(width, c.size());
  int64_t cols = shape.back();
  int64_t rows = shape.size() >= 2 ? shape[shape.size() - 2] : 1;
  int64_t slices = static_cast<int64_t>(cells.size()) / (rows * cols);
  std::ostringstream s;
  for (int64_t k = 0; k < slices; ++k) {
    if (slices > 1) {
      s << "slice " << coord_text(Shape(shape.begin(), shape.end() - 2), k) << "\n";
    }
    for (int64_t r = 0; r < rows; ++r) {
      s << (r == 0 ? (shape.size() >= 2 ? "[[" : "[") : " [");
      for (int64_t c = 0; c < cols; ++c) {
        const std::string& v = cells[(k * rows + r) * cols + c];
        s << std::string(width - v.size(), ' ') << v << (c + 1 < cols ? ", " : "");
      }
      s << "]" << (r + 1 < rows ? ",\n" : (shape.size() >= 2 ? "]\n" : "\n"));
    }
  }
  return s.str();
}

}  // namespace

std::vector<std::vector<int64_t>> owners_by_element(const LayoutMap& m) {
  // Ascending flat index is thread-major, register-minor: registers are the
  // fastest hw dim.
  std::vector<std::vector<int64_t>> owners(m.num_elements());
  auto t = m.table();
  for (size_t x = 0; x < t.size(); ++x)
    if (t[x] >= 0) owners[t[x]].push_back(static_cast<int64_t>(x));
  return owners;
}

std::vector<int64_t> hw_coords(const LayoutMap& m, int64_t flat) {
  std::vector<int64_t> c;
  for (auto& d : m.hw_dims()) c.push_back(flat % d.size), flat /= d.size;
  return c;
}

TmemGrid tmem_grid(const LayoutMap& m, int32_t elem_bits) {
  require(m.is_tensor_memory(), "the TMEM grid needs a tensor-memory layout");
  require(elem_bits >= 1 && elem_bits <= 32 && 32 % elem_bits == 0,
          "element bits must divide 32 for the TMEM grid, not " + std::to_string(elem_bits));
  auto dims = m.hw_dims();
  size_t row_d = dims.size(), col_d = dims.size(), block_d = dims.size();
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i].name == "row") row_d = i;
    if (dims[i].name == "col") col_d = i;
    if (dims[i].name == "block") block_d = i;
  }
  require(col_d < dims.size(), "a tensor-memory layout without a col dim");
  require(dims[row_d].size <= TmemGrid::kLanes, "a tensor-memory layout with more than 128 lanes");
  TmemGrid g;
  g.blocks = block_d < dims.size() ? dims[block_d].size : 1;
  const std::vector<int64_t> table = m.table();
  int64_t per_column = 32 / elem_bits;
  for (int64_t flat = 0; flat < static_cast<int64_t>(table.size()); ++flat)
    if (table[flat] >= 0) g.used_columns = std::max(g.used_columns, hw_coords(m, flat)[col_d] / per_column + 1);
  g.columns = std::max(TmemGrid::kColumns, g.used_columns);
  g.cells.resize(static_cast<size_t>(g.blocks * TmemGrid::kLanes * g.columns));
  for (int64_t flat = 0; flat < static_cast<int64_t>(table.size()); ++flat) {
    if (table[flat] < 0) continue;
    auto c = hw_coords(m, flat);
    int64_t block = block_d < dims.size() ? c[block_d] : 0;
    auto& cell = g.cells[static_cast<size_t>((block * TmemGrid::kLanes + c[row_d]) * g.columns + c[col_d] / per_column)];
    if (std::find(cell.begin(), cell.end(), table[flat]) == cell.end()) cell.push_back(table[flat]);
  }
  for (auto& cell : g.cells) std::sort(cell.begin(), cell.end());
  return g;
}

std::string owner_label(const LayoutMap& m, int64_t flat) {
  auto dims = m.hw_dims();
  auto c = hw_coords(m, flat);
  int64_t reg = 0, lane = 0, warp = 0, block = 0, offset = 0, partition = 0, row = 0, col = 0;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i].name == "row") row = c[i];
    if (dims[i].name == "col") col = c[i];
    if (dims[i].name == "register") reg = c[i];
    if (dims[i].name == "lane") lane = c[i];
    if (dims[i].name == "warp") warp = c[i];
    if (dims[i].name == "block") block = c[i];
    if (dims[i].name == "offset") offset = c[i];
    if (dims[i].name == "partition") partition = c[i];
  }
  std::string prefix = hw_size_of(m, "block") > 1 ? "B" + std::to_string(block) + ":" : "";
  if (hw_size_of(m, "partition") > 1) prefix += "P" + std::to_string(partition) + ":";
  if (m.is_shared()) return prefix + std::to_string(offset);
  if (m.is_tensor_memory()) return prefix + "L" + std::to_string(row) + ":C" + std::to_string(col);
  return prefix + "T" + std::to_string(lane + hw_size_of(m, "lane") * warp) + ":" + std::to_string(reg);
}

std::string tensor_view(const LayoutMap& m) {
  auto owners = owners_by_element(m);
  std::vector<std::string> labels;
  size_t w = 0;
  for (auto& o : owners)
    for (int64_t x : o) w = std::max(w, owner_label(m, x).size());
  const int64_t n = static_cast<int64_t>(owners.size());
  for (auto& o : owners) {
    const int64_t i = static_cast<int64_t>(labels.size());
    if (i % 65536 == 0) work_point("show", i, n);
    std::string cell;
    for (size_t i = 0; i < o.size(); ++i) {
      std::string l = owner_label(m, o[i]);
      cell += (i ? "|" : "") + std::string(w - l.size(), ' ') + l;
    }
    if (o.empty()) cell = std::string(w ? w : 1, '-');
    labels.push_back(cell);
  }
  return grid(m.shape(), labels);
}

std::string hw_view(const LayoutMap& m) {
  auto dims = m.hw_dims();
  auto t = m.table();
  Shape shape = m.shape();
  // Rows: every hw index but the fastest dim; columns: the fastest dim.
  int64_t cols = dims.empty() ? 1 : dims[0].size;
  std::ostringstream s;
  size_t w = 0;
  for (int64_t e : t) w = std::max(w, e < 0 ? 1 : coord_text(shape, e).size());
  int64_t rows = static_cast<int64_t>(t.size()) / cols;
  int64_t per_group = dims.size() >= 2 ? dims[1].size : 1;  // lanes per warp, or offsets
  for (int64_t r = 0; r < rows; ++r) {
    if (r % 4096 == 0) work_point("show", r, rows);
    auto c = hw_coords(m, r * cols);
    if (r % per_group == 0) {
      std::string head;
      for (size_t i = 2; i < dims.size(); ++i)
        if (dims[i].size > 1 || i == 2) head += (head.empty() ? "" : " ") + dims[i].name + " " + std::to_string(c[i]);
      s << (head.empty() ? std::string("all") : head) << ":\n";
    }
    s << "  " << (dims.size() >= 2 ? dims[1].name + " " + std::to_string(c[1]) : std::string()) << ": ";
    for (int64_t k = 0; k < cols; ++k) {
      int64_t e = t[r * cols + k];
      std::string v = e < 0 ? "-" : coord_text(shape, e);
      s << std::string(w - v.size(), ' ') << v << (k + 1 < cols ? " " : "\n");
    }
  }
  return s.str();
}

}  // namespace ls
