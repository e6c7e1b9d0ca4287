#include "kernel_panel.h"

#include <algorithm>
#include <cstdio>

#include "error.h"
#include "imgui.h"

namespace lsgui {
namespace {

ImVec4 kind_color(const std::string& kind) {
  if (kind == "global") return {0.45f, 0.75f, 1.0f, 1.0f};
  if (kind == "shared") return {1.0f, 0.75f, 0.35f, 1.0f};
  if (kind == "convert") return {0.85f, 0.55f, 1.0f, 1.0f};
  if (kind == "reduce" || kind == "scan") return {0.5f, 0.9f, 0.6f, 1.0f};
  if (kind == "gather" || kind == "histogram") return {0.95f, 0.9f, 0.45f, 1.0f};
  if (kind == "mma" || kind == "tmem") return {1.0f, 0.5f, 0.6f, 1.0f};
  return {0.7f, 0.7f, 0.7f, 1.0f};
}

void sort_rows(KernelView& kv, const ImGuiTableSortSpecs* specs) {
  kv.order.resize(kv.report.ops.size());
  for (size_t i = 0; i < kv.order.size(); ++i) kv.order[i] = static_cast<int>(i);
  if (!specs || specs->SpecsCount == 0) return;
  const ImGuiTableColumnSortSpecs& s = specs->Specs[0];
  bool desc = s.SortDirection == ImGuiSortDirection_Descending;
  auto key_less = [&](int a, int b) {
    const auto& x = kv.report.ops[static_cast<size_t>(a)];
    const auto& y = kv.report.ops[static_cast<size_t>(b)];
    switch (s.ColumnIndex) {
      case 1: return x.op < y.op;
      case 2: return x.cost.kind < y.cost.kind;
      case 3: return x.cost.score < y.cost.score;
      default: return x.line < y.line;
    }
  };
  std::stable_sort(kv.order.begin(), kv.order.end(), [&](int a, int b) { return desc ? key_less(b, a) : key_less(a, b); });
}

}  // namespace

std::optional<OpenLayouts> request_for(const KernelView& kv, int i) {
  const ls::inspect::OpRecord& o = kv.report.ops[static_cast<size_t>(i)];
  std::vector<const ls::inspect::OpLayout*> read;
  for (const auto& l : o.layouts)
    if (l.read) read.push_back(&l);
  if (read.empty()) return std::nullopt;
  // register side first for shared accesses (the dump lists a load's memdesc first)
  std::stable_sort(read.begin(), read.end(), [](const auto* a, const auto* b) {
    return a->text.rfind("tensor<", 0) == 0 && b->text.rfind("tensor<", 0) != 0;
  });
  OpenLayouts r;
  r.op = o.op;
  r.line = o.line;
  r.banks = o.cost.kind == "shared";
  r.first = read[0]->text;
  if (read.size() > 1) r.second = read[1]->text;
  return r;
}

void KernelView::load(const std::string& dump, const std::string& path_shown, const std::string& triton_version) {
  path = path_shown;
  text = dump;
  triton = triton_version;
  lines.clear();
  for (size_t s = 0; s <= text.size();) {
    size_t n = text.find('\n', s);
    if (n == std::string::npos) n = text.size();
    lines.push_back(text.substr(s, n - s));
    s = n + 1;
  }
  report = {};
  error.clear();
  selected = -1;
  scroll_to_line = 0;
  op_at_line.clear();
  unread_at_line.clear();
  order.clear();
  start();
}

void KernelView::set_triton(const std::string& triton_version) {
  if (triton_version == triton) return;
  triton = triton_version;
  if (!lines.empty()) start();
}

void KernelView::start() {
  ls::inspect::Options opt;
  opt.triton = triton;
  job.request(std::to_string(++generation), [dump = text, opt] { return ls::inspect::inspect_dump(dump, opt); });
}

bool KernelView::poll() {
  if (!job.poll()) return false;
  const int selected_line = selected >= 0 ? report.ops[static_cast<size_t>(selected)].line : 0;
  report = job.result ? *job.result : ls::inspect::Report{};
  error = job.error;
  selected = -1;
  op_at_line.clear();
  unread_at_line.clear();
  order.clear();
  for (size_t i = 0; i < report.ops.size(); ++i) op_at_line[report.ops[i].line] = static_cast<int>(i);
  for (const auto& u : report.unread) unread_at_line[u.line] = u.why;
  if (auto it = op_at_line.find(selected_line); it != op_at_line.end()) selected = it->second;
  if (error.empty() && report.ops.empty())
    error = report.unread.empty() ? "no layout-bearing op found" : "no op could be read (" + report.unread[0].why + ")";
  for (size_t i = 0; i < report.ops.size(); ++i) order.push_back(static_cast<int>(i));
  return true;
}

std::optional<OpenLayouts> draw_kernel_view(KernelView& kv) {
  std::optional<OpenLayouts> request;
  if (kv.inspecting()) ImGui::TextColored({0.6f, 0.8f, 1, 1}, "inspecting under Triton %s's rules...", kv.triton.c_str());
  if (!kv.report.kernels.empty()) {
    const auto& k = kv.report.kernels.back();
    ImGui::Text("%s  kernel %s  target %s  Triton %s  %d warps  |  shared wavefronts %lld (ideal %lld)  scratch %lld B",
                kv.path.empty() ? "(pasted dump)" : kv.path.c_str(), k.name.c_str(),
                k.target.empty() ? "?" : k.target.c_str(), kv.triton.c_str(), k.num_warps, static_cast<long long>(k.shared_wavefronts),
                static_cast<long long>(k.shared_ideal), static_cast<long long>(k.scratch_bytes));
  }
  if (!kv.error.empty()) ImGui::TextColored({1, 0.4f, 0.4f, 1}, "%s", kv.error.c_str());
  if (!kv.report.unread.empty())
    ImGui::TextColored({1, 0.6f, 0.3f, 1}, "%zu op(s) not read (red badges)", kv.report.unread.size());

  float avail = ImGui::GetContentRegionAvail().x;
  // Left: the op table.
  ImGui::BeginChild("kernel_ops", ImVec2(avail * 0.5f, 0), true);
  if (kv.selected >= 0) {
    if (ImGui::Button("Open in explorer")) request = request_for(kv, kv.selected);
    ImGui::SameLine();
    const auto& o = kv.report.ops[static_cast<size_t>(kv.selected)];
    ImGui::TextWrapped("line %d %s%s%s", o.line, o.op.c_str(), o.source.empty() ? "" : "  at ", o.source.c_str());
    ImGui::TextWrapped("%s", o.cost.summary.c_str());
    for (const auto& f : o.cost.fields)
      if (f.key != "summary") ImGui::TextDisabled("%s: %s", f.key.c_str(), f.json.c_str());
    if (!o.cost.unread.empty()) ImGui::TextColored({1, 0.6f, 0.3f, 1}, "not read: %s", o.cost.unread.c_str());
    ImGui::Separator();
  }
  ImGuiTableFlags flags = ImGuiTableFlags_Sortable | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                          ImGuiTableFlags_Resizable | ImGuiTableFlags_BordersInnerV;
  if (ImGui::BeginTable("kernel_op_table", 5, flags)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("line", ImGuiTableColumnFlags_DefaultSort);
    ImGui::TableSetupColumn("op");
    ImGui::TableSetupColumn("kind");
    ImGui::TableSetupColumn("cost", ImGuiTableColumnFlags_PreferSortDescending);
    ImGui::TableSetupColumn("summary", ImGuiTableColumnFlags_NoSort);
    ImGui::TableHeadersRow();
    if (ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs())
      if (specs->SpecsDirty || kv.order.size() != kv.report.ops.size()) {
        sort_rows(kv, specs);
        specs->SpecsDirty = false;
      }
    for (int i : kv.order) {
      const auto& o = kv.report.ops[static_cast<size_t>(i)];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      char label[32];
      std::snprintf(label, sizeof label, "%d##op%d", o.line, i);
      if (ImGui::Selectable(label, kv.selected == i, ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowDoubleClick)) {
        kv.selected = i;
        kv.scroll_to_line = o.line;
        if (ImGui::IsMouseDoubleClicked(0)) request = request_for(kv, i);
      }
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(o.op.c_str());
      ImGui::TableNextColumn();
      ImGui::TextColored(kind_color(o.cost.kind), "%s", o.cost.kind.c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%.1f", o.cost.score);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(o.cost.summary.c_str());
    }
    ImGui::EndTable();
  }
  ImGui::EndChild();
  ImGui::SameLine();
  // Right: the dump text with badges.
  ImGui::BeginChild("kernel_text", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
  float line_h = ImGui::GetTextLineHeightWithSpacing();
  if (kv.scroll_to_line > 0) {
    ImGui::SetScrollY(std::max(0.0f, (kv.scroll_to_line - 5) * line_h));
    kv.scroll_to_line = 0;
  }
  ImGuiListClipper clip;
  clip.Begin(static_cast<int>(kv.lines.size()), line_h);
  while (clip.Step())
    for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
      int line = i + 1;
      auto op = kv.op_at_line.find(line);
      auto bad = kv.unread_at_line.find(line);
      if (op != kv.op_at_line.end()) {
        const auto& o = kv.report.ops[static_cast<size_t>(op->second)];
        char badge[48];
        std::snprintf(badge, sizeof badge, "%-7s %6.1f", o.cost.kind.c_str(), o.cost.score);
        ImGui::TextColored(kind_color(o.cost.kind), "%s", badge);
        if (ImGui::IsItemClicked()) kv.selected = op->second;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", o.cost.summary.c_str());
      } else if (bad != kv.unread_at_line.end()) {
        ImGui::TextColored({1, 0.3f, 0.3f, 1}, "%-14s", "not read");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", bad->second.c_str());
      } else {
        ImGui::TextDisabled("%-14s", "");
      }
      ImGui::SameLine();
      bool sel = op != kv.op_at_line.end() && op->second == kv.selected;
      if (sel)
        ImGui::TextColored({1, 1, 0.4f, 1}, "%5d  %s", line, kv.lines[static_cast<size_t>(i)].c_str());
      else
        ImGui::Text("%5d  %s", line, kv.lines[static_cast<size_t>(i)].c_str());
    }
  ImGui::EndChild();
  return request;
}

}  // namespace lsgui
