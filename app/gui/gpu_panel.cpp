#include "gpu_panel.h"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <cstdio>
#include <utility>

#include "device.h"
#include "error.h"
#include "imgui.h"
#include "imgui_stdlib.h"
#include "io/text.h"

namespace lsgui {
namespace {

const char* kViews[] = {"contiguous", "transposed", "every-other-row"};
const char* kLoadInstr[] = {"Triton's (codegen)", "ld.shared", "ldmatrix.x4", "ldmatrix.x4.trans"};

// Runs `job` on the worker thread; its result lands in `r` under the mutex.
template <class F>
void start(GpuPanel& p, const std::string& name, F job) {
  if (p.worker.joinable()) p.worker.join();
  auto r = p.results;
  {
    std::lock_guard<std::mutex> lock(r->mutex);
    r->running = name;
    r->error.clear();
  }
  r->cancel = false;
  r->done = 0;
  r->total = 0;
  p.worker = std::thread([r, job] {
    std::string error;
    try {
      job(*r);
    } catch (const std::exception& e) {
      error = e.what();
    }
    {
      std::lock_guard<std::mutex> lock(r->mutex);
      r->running.clear();
      r->error = error;
    }
    glfwPostEmptyEvent();  // wake the UI loop to show the result
  });
}

bool distributed(const Doc& d) { return d.grid && !d.grid->map->is_shared(); }

ls::LinearLayout linear_of(const Doc& d) {
  const auto* l = d.grid->map->linear();
  ls::require(l != nullptr, "gpu: the layout is not linear over F2");
  return *l;
}

void copy_job(GpuPanel& p, const Doc& a, const Doc& b) {
  ls::gpu::CopyRequest req;
  req.load = linear_of(a);
  req.tile = a.grid->shape;
  req.store = distributed(b) && b.grid->shape == a.grid->shape ? linear_of(b) : req.load;
  req.shape = parse_shape(p.tensor_shape);
  req.in_view = kViews[p.in_view];
  req.out_view = kViews[p.out_view];
  req.elem_bytes = std::max(1, a.grid->layout.elem_bits / 8);
  req.triton = !p.own_instructions;
  req.triton_kernel = p.triton_kernel;
  if (p.triton_kernel) {
    ls::require(a.grid->layout.spec && !a.grid->layout.foreign, "gpu copy: Triton's kernel needs a Triton layout");
    req.triton_load = ls::print_gluon(*a.grid->layout.spec);
    req.triton_store = req.store == req.load || !b.grid->layout.spec ? req.triton_load : ls::print_gluon(*b.grid->layout.spec);
  }
  ls::gpu::plan_copy(req);  // refuse bad plans here, with the reason, before the worker
  start(p, "copy", [req](GpuResults& r) {
    auto c = ls::gpu::run_copy(req);
    std::lock_guard<std::mutex> lock(r.mutex);
    r.copy = c;
  });
}

void shared_job(GpuPanel& p, const Doc& a, const Doc& b) {
  ls::require(distributed(a) && b.grid && b.grid->map->is_shared(),
              "gpu shared: put a register layout on the left and a shared layout on the right (side by side)");
  ls::gpu::SharedRequest req;
  req.store_reg = a.grid->layout;
  req.shared = b.grid->layout;
  req.shape = a.grid->shape;
  req.bits = b.grid->layout.elem_bits;
  req.triton = p.load_instr == 0;
  if (p.load_instr > 1) {
    req.load_opt.instr = ls::SharedInstr::matrix;
    req.load_opt.trans = p.load_instr == 3;
  }
  ls::gpu::shared_source(req);  // the analysis refuses what it cannot model
  start(p, "shared", [req](GpuResults& r) {
    auto m = ls::gpu::run_shared(req);
    std::lock_guard<std::mutex> lock(r.mutex);
    r.shared = m;
  });
}

// TB/s of every sweep row as bars, with cudaMemcpy as a line.
void sweep_plot(const std::vector<ls::gpu::SweepRow>& rows) {
  if (rows.empty()) return;
  double top = rows[0].result.memcpy_tbps;
  for (auto& r : rows) top = std::max(top, r.result.tbps);
  ImVec2 size(ImGui::GetContentRegionAvail().x, 160);
  ImVec2 o = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(o, ImVec2(o.x + size.x, o.y + size.y), IM_COL32(30, 30, 36, 255));
  float w = size.x / rows.size();
  for (auto& r : rows)
    if (r.result.triton) top = std::max(top, r.result.triton->tbps);
  for (size_t i = 0; i < rows.size(); ++i) {
    float h = static_cast<float>(rows[i].result.tbps / top) * (size.y - 10);
    ImU32 c = rows[i].experiment == "1d" ? IM_COL32(90, 160, 230, 255) : IM_COL32(230, 160, 90, 255);
    // with Triton's kernel: ours on the left half, Triton's (green) on the right
    float x1 = rows[i].result.triton ? o.x + (i + 0.5f) * w : o.x + (i + 1) * w - 1;
    dl->AddRectFilled(ImVec2(o.x + i * w + 1, o.y + size.y - h), ImVec2(x1, o.y + size.y), c);
    if (rows[i].result.triton) {
      float ht = static_cast<float>(rows[i].result.triton->tbps / top) * (size.y - 10);
      dl->AddRectFilled(ImVec2(x1, o.y + size.y - ht), ImVec2(o.x + (i + 1) * w - 1, o.y + size.y),
                        IM_COL32(110, 200, 110, 255));
    }
  }
  float my = o.y + size.y - static_cast<float>(rows[0].result.memcpy_tbps / top) * (size.y - 10);
  dl->AddLine(ImVec2(o.x, my), ImVec2(o.x + size.x, my), IM_COL32(240, 240, 240, 200));
  ImGui::Dummy(size);
  if (ImGui::IsItemHovered()) {
    int i = static_cast<int>((ImGui::GetIO().MousePos.x - o.x) / w);
    if (i >= 0 && i < static_cast<int>(rows.size()))
      ImGui::SetTooltip("%s: %s\n%.3f TB/s, Triton's kernel %.3f (cudaMemcpy %.3f)", rows[i].experiment.c_str(),
                        rows[i].label.c_str(), rows[i].result.tbps,
                        rows[i].result.triton ? rows[i].result.triton->tbps : 0.0, rows[i].result.memcpy_tbps);
  }
  ImGui::TextDisabled("bars: TB/s per experiment (blue 1D XBLOCK x R, orange 2D, green Triton's own kernel); "
                      "line: cudaMemcpy");
}

void shared_table(const ls::gpu::SharedMeasurement& m) {
  if (!m.counter_error.empty()) ImGui::TextColored(ImVec4(1, 0.6f, 0.3f, 1), "%s", m.counter_error.c_str());
  if (ImGui::BeginTable("shared", 7, ImGuiTableFlags_Borders)) {
    for (const char* h : {"", "instruction", "instructions", "wavefronts", "measured", "conflicts", "measured"})
      ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    auto row = [&](const char* name, const ls::SharedOpReport& r, const std::string& key) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(name);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(r.instruction.c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%lld / %.0f", static_cast<long long>(r.instructions), m.measured(key + "_instructions"));
      ImGui::TableNextColumn();
      ImGui::Text("%lld", static_cast<long long>(r.wavefronts));
      ImGui::TableNextColumn();
      ImGui::Text("%.0f", m.measured(key + "_wavefronts"));
      ImGui::TableNextColumn();
      ImGui::Text("%lld", static_cast<long long>(r.conflicts()));
      ImGui::TableNextColumn();
      ImGui::Text("%.0f", m.measured(key + "_conflicts"));
    };
    row("store", m.store, "store");
    row("load", m.load, "load");
    ImGui::EndTable();
  }
  ImGui::Text("%s; cycles: store %lld, load %lld", m.agrees() ? "counters equal the model" : "counters differ from the model",
              m.store_cycles, m.load_cycles);
}

}  // namespace

void draw_gpu_window(GpuPanel& p, const Doc& a, const Doc& b) {
  if (!p.open) return;
  if (p.device.empty()) {
    ls::gpu::Devices d;
    try {
      d = ls::gpu::list_devices();
    } catch (const std::exception& e) {  // a bad LAYOUTSCOPE_GPU_FAULT or LAYOUTSCOPE_GPU_TIMEOUT
      d.error = e.what();
    }
    p.available = !d.devices.empty();
    if (p.available) {
      auto& v = d.devices[0];
      char line[256];
      std::snprintf(line, sizeof line, "%s, compute capability %d.%d, %d SMs, %.0f GiB, %d KiB shared per CTA",
                    v.name.c_str(), v.major, v.minor, v.sm_count, v.global_mem_bytes / double(1 << 30),
                    v.shared_mem_per_block / 1024);
      p.device = line;
    } else {
      p.device = "no GPU: " + d.error;
    }
  }
  ImGui::SetNextWindowSize(ImVec2(620, 560), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowBgAlpha(1.0f);
  if (!ImGui::Begin("GPU", &p.open)) return ImGui::End();
  ImGui::TextWrapped("%s", p.device.c_str());
  auto& r = *p.results;
  std::string running, error;
  {
    std::lock_guard<std::mutex> lock(r.mutex);
    running = r.running;
    error = r.error;
  }
  bool busy = !running.empty();
  if (busy) {
    ImGui::Text("running %s ...", running.c_str());
    if (r.total > 0) {
      ImGui::ProgressBar(float(r.done) / float(r.total), ImVec2(-1, 0));
      if (ImGui::Button("cancel")) r.cancel = true;
    }
  }
  if (!error.empty()) {  // wrapped: the whole reason stays readable
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.4f, 0.4f, 1));
    ImGui::TextWrapped("%s", error.c_str());
    ImGui::PopStyleColor();
  }
  const bool enabled = !busy && p.available;
  const std::string click = std::exchange(p.click, "");
  if (!click.empty() && !enabled) p.click_error = busy ? "the GPU window is busy with " + running : p.device;
  ImGui::BeginDisabled(!enabled);
  auto guarded = [&](auto job) {
    try {
      job();
    } catch (const std::exception& e) {
      std::lock_guard<std::mutex> lock(r.mutex);
      r.error = e.what();
    }
  };
  auto run_copy = [&] {
    guarded([&] {
      ls::require(distributed(a), "gpu copy: the layout on the left must be a distributed layout");
      copy_job(p, a, b);
    });
  };
  auto run_sweep = [&] {
    start(p, "sweep", [own = p.own_instructions, tk = p.triton_kernel](GpuResults& res) {
      auto rows = ls::gpu::sweep_gluon_memcpy([&](int done, int total) { res.done = done, res.total = total; },
                                              &res.cancel, !own, tk);
      std::lock_guard<std::mutex> lock(res.mutex);
      res.sweep = rows;
    });
  };
  auto run_shared = [&] { guarded([&] { shared_job(p, a, b); }); };
  auto run_fragments = [&] {
    start(p, "fragments", [](GpuResults& res) {
      auto f = ls::gpu::verify_fragments();
      std::lock_guard<std::mutex> lock(res.mutex);
      res.fragments = f;
    });
  };
  if (ImGui::CollapsingHeader("copy a tensor with this layout", ImGuiTreeNodeFlags_DefaultOpen)) {
    ImGui::TextDisabled("loads with the layout on the left, stores with the right one when it is distributed");
    ImGui::InputText("tensor shape", &p.tensor_shape);
    ImGui::Combo("input", &p.in_view, kViews, 3);
    ImGui::Combo("output", &p.out_view, kViews, 3);
    ImGui::Checkbox("layoutscope's own instructions (not Triton's)", &p.own_instructions);
    ImGui::Checkbox("Triton's own kernel beside it (needs Python with Triton)", &p.triton_kernel);
    if (ImGui::Button("run copy")) run_copy();
  }
  if (ImGui::CollapsingHeader("Gluon memcpy sweep")) {
    if (ImGui::Button("run sweep")) run_sweep();
  }
  if (ImGui::CollapsingHeader("shared memory: counted vs predicted")) {
    ImGui::TextDisabled("stores the left layout's registers into the right (shared) layout and loads them back");
    ImGui::Combo("instructions", &p.load_instr, kLoadInstr, 4);
    if (ImGui::Button("run shared")) run_shared();
  }
  if (ImGui::CollapsingHeader("MMA fragments from the hardware")) {
    if (ImGui::Button("verify fragments")) run_fragments();
  }
  if (enabled && click == "copy") run_copy();
  if (enabled && click == "sweep") run_sweep();
  if (enabled && click == "shared") run_shared();
  if (enabled && click == "fragments") run_fragments();
  ImGui::EndDisabled();
  ImGui::Separator();
  std::lock_guard<std::mutex> lock(r.mutex);
  if (r.copy)
    ImGui::Text("copy: %.3f TB/s, cudaMemcpy %.3f TB/s (%.0f%%), %s, %d/%d elements per access; %llu mismatches",
                r.copy->tbps, r.copy->memcpy_tbps, 100 * r.copy->tbps / std::max(1e-9, r.copy->memcpy_tbps),
                r.copy->kernel.smem_bytes ? "through shared memory" : "direct", r.copy->kernel.load_vec,
                r.copy->kernel.store_vec, static_cast<unsigned long long>(r.copy->mismatches));
  if (r.copy && r.copy->triton)
    ImGui::Text("Triton %s's own kernel: %.3f TB/s (layoutscope's %.0f%% of it), %llu mismatches; PTX counts %s; "
                "registers %d (layoutscope's %d)",
                r.copy->triton->kernel.version.c_str(), r.copy->triton->tbps,
                100 * r.copy->tbps / std::max(1e-9, r.copy->triton->tbps),
                static_cast<unsigned long long>(r.copy->triton->mismatches),
                r.copy->triton->kernel.ptx_per_thread == r.copy->ptx_per_thread ? "equal" : "differ",
                r.copy->triton->registers, r.copy->registers);
  if (r.copy && !r.copy->kernel.note.empty()) ImGui::TextWrapped("not Triton's: %s", r.copy->kernel.note.c_str());
  if (!r.sweep.empty()) sweep_plot(r.sweep);
  if (r.shared) shared_table(*r.shared);
  for (auto& f : r.fragments) {
    ImGui::Text("%s: %d cells, %zu mismatches", f.instruction.c_str(), f.cells, f.mismatches.size());
    for (size_t i = 0; i < f.mismatches.size() && i < 4; ++i) {
      auto& m = f.mismatches[i];
      ImGui::TextColored(ImVec4(1, 0.5f, 0.5f, 1), "  %s thread %d reg %d: model (%d,%d), hardware (%d,%d)",
                         m.operand.c_str(), m.lane, m.reg, m.model_row, m.model_col, m.hw_row, m.hw_col);
    }
  }
  ImGui::End();
}

std::string gpu_running(const GpuPanel& p) {
  std::lock_guard<std::mutex> lock(p.results->mutex);
  return p.results->running;
}

std::string gpu_error(const GpuPanel& p) {
  std::lock_guard<std::mutex> lock(p.results->mutex);
  return p.results->error;
}

void stop_gpu(GpuPanel& p) {
  p.results->cancel = true;
  if (p.worker.joinable()) p.worker.join();
}

}  // namespace lsgui
