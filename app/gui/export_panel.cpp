#include "export_panel.h"

#include <algorithm>
#include <cfloat>
#include <filesystem>
#include <optional>

#include "editor.h"
#include "export/picture.h"
#include "imgui_stdlib.h"

namespace lsgui {
namespace {

constexpr ls::ColorBy kColorBys[] = {ls::ColorBy::thread, ls::ColorBy::warp,   ls::ColorBy::reg, ls::ColorBy::lane,
                                     ls::ColorBy::block,  ls::ColorBy::offset, ls::ColorBy::bank};

bool is_picture(ls::ExportFormat f) {
  return f == ls::ExportFormat::png || f == ls::ExportFormat::svg || f == ls::ExportFormat::tikz;
}
bool uses_namespace(ls::ExportFormat f) { return f == ls::ExportFormat::cuda || f == ls::ExportFormat::cute; }

// The path with the format's extension in place of its own.
std::string with_extension(const std::string& path, ls::ExportFormat f) {
  std::filesystem::path p(path.empty() ? "layout" : path);
  p.replace_extension(ls::file_extension(f));
  return p.string();
}

// The preview of one picture: core's rasteriser on the picture the export
// draws, at the export's cell size or less, within 4096 pixels a side.
ls::Image preview_of(const ls::TensorLayout& t, ls::ExportFormat f, const ls::ExportOptions& o, int cell) {
  ls::Picture p = ls::export_picture(t, o);
  bool labels = o.labels != ls::Labels::none;
  if (cell <= 0) cell = f == ls::ExportFormat::png && o.cell_px ? o.cell_px : ls::default_cell_px(p);
  for (;; --cell) {
    ls::Image img = ls::rasterise(p, cell, labels && (o.labels == ls::Labels::owner || ls::label_fits(p.max_label, cell)));
    if (cell <= 1 || std::max(img.width, img.height) <= 4096) return img;
  }
}

// One layout, or both panes side by side (`b` set).
ExportResult run_export(const ls::TensorLayout& a, const std::optional<ls::TensorLayout>& b, ls::ExportFormat f,
                        const ls::ExportOptions& o) {
  ExportResult r{b ? ls::export_pair(a, *b, f, o) : ls::export_layout(a, f, o), {}};
  if (!is_picture(f)) return r;
  if (!b) {
    r.image = preview_of(a, f, o, 0);
    return r;
  }
  // Both at one cell size: the smaller of their defaults, as the export.
  int cell = o.cell_px ? o.cell_px
                       : std::min(ls::default_cell_px(ls::export_picture(a, o)), ls::default_cell_px(ls::export_picture(*b, o)));
  ls::Image ia = preview_of(a, f, o, cell), ib = preview_of(*b, f, o, cell);
  r.image = ls::side_by_side(ia, ib);
  return r;
}

}  // namespace

void set_export_format(ExportState& ex, ls::ExportFormat f) {
  ex.format = f;
  ex.path = with_extension(ex.path, f);
}

void draw_export(ExportState& ex, const Doc& d, const Doc& second, ls::ColorBy grid_by, std::string& status) {
  auto held = d.grid, held_b = second.grid;  // an edit this frame may replace them
  const Grid& g = *held;
  // Format and options, one line each.
  ImGui::TextUnformatted("format");
  for (ls::ExportFormat f : ls::export_formats()) {
    ImGui::SameLine();
    if (ImGui::RadioButton(ls::format_name(f), ex.format == f)) set_export_format(ex, f);
  }
  if (uses_namespace(ex.format)) {
    ImGui::SetNextItemWidth(200);
    ImGui::InputText("namespace", &ex.ns);
  }
  if (is_picture(ex.format)) {
    ls::ColorBy by = ex.color_by < 0 ? grid_by : static_cast<ls::ColorBy>(ex.color_by);
    if (!ls::color_by_available(*g.map, by)) by = ls::default_color_by(*g.map), ex.color_by = -1;
    std::string now = ex.color_by < 0 ? std::string("as the grid (") + ls::color_by_name(by) + ")" : ls::color_by_name(by);
    ImGui::SetNextItemWidth(200);
    if (ImGui::BeginCombo("colour by", now.c_str())) {
      if (ImGui::Selectable("as the grid", ex.color_by < 0)) ex.color_by = -1;
      for (ls::ColorBy c : kColorBys)
        if (ls::color_by_available(*g.map, c) && ImGui::Selectable(ls::color_by_name(c), ex.color_by == static_cast<int>(c)))
          ex.color_by = static_cast<int>(c);
      ImGui::EndCombo();
    }
    ImGui::SameLine();
    ImGui::TextUnformatted("labels");
    for (ls::Labels l : {ls::Labels::automatic, ls::Labels::owner, ls::Labels::none}) {
      ImGui::SameLine();
      if (ImGui::RadioButton(ls::labels_name(l), ex.labels == l)) ex.labels = l;
    }
    if (ex.format == ls::ExportFormat::png) {
      ImGui::SameLine();
      ImGui::SetNextItemWidth(140);
      ImGui::SliderInt("px per cell", &ex.cell_px, 0, 64, ex.cell_px ? "%d" : "auto", ImGuiSliderFlags_AlwaysClamp);
    }
    ImGui::BeginDisabled(!held_b);
    ImGui::Checkbox("both panes of the side-by-side view", &ex.pair);
    ImGui::EndDisabled();
  }
  bool pair = ex.pair && held_b && is_picture(ex.format);
  ImGui::TextDisabled("as Triton %s lowers it (the Triton menu)",
                      ls::triton_version_name(g.layout.triton).c_str());

  // The export of the current layout and options.
  ls::ExportOptions o;
  o.ns = ex.ns;
  ls::ColorBy by = ex.color_by < 0 ? grid_by : static_cast<ls::ColorBy>(ex.color_by);
  if (is_picture(ex.format)) o.color_by = ls::color_by_available(*g.map, by) ? by : ls::default_color_by(*g.map);
  o.labels = ex.labels;
  o.cell_px = ex.cell_px;
  std::string key = std::to_string(d.version) + "|" + (pair ? std::to_string(second.version) : "-") + "|" +
                    ls::format_name(ex.format) + "|" + o.ns + "|" +
                    (o.color_by ? ls::color_by_name(*o.color_by) : "-") + "|" + ls::labels_name(o.labels) + "|" +
                    std::to_string(o.cell_px);
  auto layout = g.layout;
  std::optional<ls::TensorLayout> other;
  if (pair) other = held_b->layout;
  if (pair && o.color_by && !ls::color_by_available(*held_b->map, *o.color_by)) o.color_by.reset();  // each its default
  auto f = ex.format;
  ex.job.request(key, [layout, other, f, o] { return run_export(layout, other, f, o); });
  if (ex.job.poll()) ++ex.results, ex.saved.clear(), ex.save_error.clear();

  // Copy and save.
  bool ready = ex.job.result != nullptr;
  bool text = !ls::is_binary(ex.format);
  ImGui::BeginDisabled(!ready || !text);
  if (ImGui::Button("Copy")) {
    ImGui::SetClipboardText(ex.job.result->bytes.c_str());
    status = std::string("copied the ") + ls::format_name(ex.format) + " export";
  }
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::SetNextItemWidth(std::max(200.f, ImGui::GetContentRegionAvail().x - 200));
  ImGui::InputText("##path", &ex.path);
  ImGui::SameLine();
  ImGui::BeginDisabled(!ready);
  if (ImGui::Button("Save")) {
    try {
      ls::write_file_atomic(ex.path, ex.job.result->bytes);
      ex.saved = "saved " + ex.path + " (" + std::to_string(ex.job.result->bytes.size()) + " bytes)";
      ex.save_error.clear();
      status = ex.saved;
    } catch (const std::exception& e) {
      ex.save_error = e.what(), ex.saved.clear();
    }
  }
  ImGui::EndDisabled();
  if (!ex.save_error.empty()) error_text(ex.save_error);
  if (!ex.saved.empty()) ImGui::TextDisabled("%s", ex.saved.c_str());

  // The preview.
  if (ex.job.running()) {
    ImGui::TextDisabled("exporting...");
    return;
  }
  if (!ex.job.error.empty()) {
    error_text(ex.job.error);
    return;
  }
  const ExportResult& r = *ex.job.result;
  if (is_picture(ex.format)) {
    if (ex.uploaded != ex.results) {
      upload(ex.preview, r.image.width, r.image.height, r.image.rgb.data(), false);
      ex.uploaded = ex.results;
    }
    ImGui::TextDisabled("%s: %zu bytes; preview %dx%d px", ls::format_name(ex.format), r.bytes.size(), r.image.width,
                        r.image.height);
    if (ex.format != ls::ExportFormat::png) ImGui::SameLine(), ImGui::Checkbox("show the source", &ex.show_source);
    ImVec2 avail = ImGui::GetContentRegionAvail();
    if (ex.show_source && text) {
      ImGui::InputTextMultiline("##source", const_cast<char*>(r.bytes.c_str()), r.bytes.size() + 1,
                                ImVec2(-FLT_MIN, -FLT_MIN), ImGuiInputTextFlags_ReadOnly);
      return;
    }
    float scale = std::min({1.f, avail.x / r.image.width, avail.y / r.image.height});
    ImGui::Image(ex.preview.im(), ImVec2(r.image.width * scale, r.image.height * scale));
  } else {
    ImGui::TextDisabled("%s: %zu bytes", ls::format_name(ex.format), r.bytes.size());
    ImGui::InputTextMultiline("##preview", const_cast<char*>(r.bytes.c_str()), r.bytes.size() + 1,
                              ImVec2(-FLT_MIN, -FLT_MIN), ImGuiInputTextFlags_ReadOnly);
  }
}

}  // namespace lsgui
