#include "analysis_panel.h"

#include <algorithm>
#include <cmath>

#include "codegen/codegen.h"
#include "codegen/swizzle_choice.h"
#include "editor.h"
#include "io/text.h"
#include "imgui.h"

namespace lsgui {
namespace {

constexpr const char* kViews[] = {"contiguous (row-major)", "transposed (column-major)", "every other row"};
constexpr const char* kInstrs[] = {"", "ld/st.shared, widest vector", "ldmatrix/stmatrix .x1", "ldmatrix/stmatrix .x2",
                                   "ldmatrix/stmatrix .x4"};

// The Triton version and target the panels follow (the Triton and Target menus).
ls::codegen::Target target_of(const Doc& d) { return ls::codegen::Target{d.triton, d.sm}; }

constexpr int kBits[] = {8, 16, 32, 64};

std::string key_of(const char* what, std::initializer_list<long long> parts) {
  std::string k = what;
  for (long long p : parts) k += "|" + std::to_string(p);
  return k;
}

void working(const char* what) {
  static const char* dots[] = {"", ".", "..", "..."};
  ImGui::TextDisabled("%s: working%s", what, dots[static_cast<int>(ImGui::GetTime() * 3) % 4]);
}

bool distributed(const Doc& d) { return d.grid && !d.grid->map->is_shared() && !d.grid->map->is_tensor_memory(); }

// A shared layout for the tile of `g` (its shape and element type).
ls::TensorLayout for_tile(ls::SpecPtr spec, const Grid& g) {
  ls::TensorLayout t;
  t.spec = std::move(spec);
  t.shape = g.shape;
  t.elem = g.layout.elem, t.elem_bits = g.layout.elem_bits;
  return t;
}

// The figures of one direction as a table row.
void op_row(const char* dir, const ls::SharedOpReport& r) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(dir);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(r.instruction.c_str());
  ImGui::TableNextColumn();
  ImGui::Text("%lld", static_cast<long long>(r.instructions));
  ImGui::TableNextColumn();
  ImGui::Text("%lld", static_cast<long long>(r.wavefronts));
  ImGui::TableNextColumn();
  ImGui::Text("%lld", static_cast<long long>(r.ideal));
  ImGui::TableNextColumn();
  if (r.conflicts() > 0) ImGui::TextColored(ImVec4(1, 0.45f, 0.4f, 1), "%lld", static_cast<long long>(r.conflicts()));
  else ImGui::TextUnformatted("0");
  ImGui::TableNextColumn();
  ImGui::Text("%d", r.max_wavefronts);
}

// What the analyses' terms mean, shown when the pointer rests on them.
const char* explain(const std::string& term) {
  if (term == "wavefronts")
    return "A wavefront is one pass of the shared-memory pipeline: it serves at most one 32-bit word per bank\n"
           "(32 banks, 128 bytes). A warp's instruction takes as many wavefronts as its lanes need.";
  if (term == "ideal")
    return "The fewest wavefronts the bytes could take: 128 bytes per wavefront, and at least one per phase\n"
           "of the instruction. Anything above it is a bank conflict.";
  if (term == "conflicts") return "Wavefronts above the ideal: extra passes because lanes of one phase hit\ndifferent words of the same bank.";
  if (term == "worst") return "The most wavefronts any single instruction of the tile took.";
  if (term == "instructions") return "Warp instructions over the whole tile (every warp of every CTA).";
  if (term == "instruction")
    return "The instruction each thread issues: its width (vector) decides the phases. 128-bit accesses are\n"
           "served in 4 phases of 8 lanes, 64-bit in 2 of 16, narrower in one; banks only collide within a phase.";
  if (term == "phase")
    return "Lanes served together: 8 lanes per phase for 128-bit accesses, 16 for 64-bit, all 32 otherwise.";
  if (term == "vector")
    return "The bits one thread moves with one instruction, e.g. 128 for ld.global.v4.b32: wider vectors need\n"
           "fewer instructions for the same bytes.";
  if (term == "sector")
    return "Global memory moves 32-byte sectors. A warp's request costs one transaction per distinct sector;\n"
           "ideal is the bytes requested / 32 (4 sectors for 32 lanes x 4 bytes).";
  if (term == "efficiency") return "Ideal sectors / sectors actually touched per request (as Nsight Compute counts them).";
  return "";
}

// A term with its explanation on hover, as plain text.
void term_text(const char* text, const char* term) {
  ImGui::TextUnformatted(text);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", explain(term));
}

// Table headers whose names explain themselves on hover.
void explained_headers(std::initializer_list<const char*> names) {
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  int i = 0;
  for (const char* n : names) {
    ImGui::TableSetColumnIndex(i++);
    ImGui::TableHeader(n);
    if (*n && ImGui::IsItemHovered() && *explain(n)) ImGui::SetTooltip("%s", explain(n));
  }
}

std::string lanes_text(const std::vector<int32_t>& lanes) {
  std::string t;
  for (size_t i = 0; i < lanes.size(); ++i) t += (i ? " " : "") + std::to_string(lanes[i]);
  return t;
}

}  // namespace

std::vector<int64_t> view_strides(const ls::Shape& shape, int view) {
  size_t n = shape.size();
  std::vector<int64_t> s(n, 1);
  if (view == 1) {
    for (size_t d = 1; d < n; ++d) s[d] = s[d - 1] * shape[d - 1];
  } else {
    for (size_t d = n - 1; d-- > 0;) s[d] = s[d + 1] * shape[d + 1];
    if (view == 2)
      for (size_t d = 0; d + 1 < n; ++d) s[d] *= 2;
  }
  return s;
}

void draw_coalescing(Analyses& an, const Doc& d) {
  ImGui::TextUnformatted("Global memory: coalescing");
  if (d.grid->map->is_shared()) {
    ImGui::TextWrapped("A shared layout: its bank conflicts with a register layout are in the side-by-side view (F3).");
    return;
  }
  ImGui::SetNextItemWidth(-FLT_MIN);
  ImGui::Combo("##view", &an.view, kViews, IM_ARRAYSIZE(kViews));
  int bits = an.bits ? an.bits : d.grid->layout.elem_bits;
  std::string label = std::to_string(bits) + "-bit elements" + (an.bits ? "" : " (the element type's)");
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::BeginCombo("##bits", label.c_str())) {
    if (ImGui::Selectable("the element type's", an.bits == 0)) an.bits = 0;
    for (int b : kBits)
      if (ImGui::Selectable((std::to_string(b) + " bits").c_str(), an.bits == b)) an.bits = b;
    ImGui::EndCombo();
  }
  auto strides = view_strides(d.grid->shape, an.view);
  std::string st;
  for (size_t i = 0; i < strides.size(); ++i) st += (i ? ", " : "") + std::to_string(strides[i]);
  ImGui::TextDisabled("strides (%s) elements", st.c_str());
  auto grid = d.grid;
  const ls::codegen::Target target = target_of(d);
  const bool row_major = an.view == 0;
  an.coalescing.request(
      key_of("coalescing", {static_cast<long long>(d.version), an.view, bits, static_cast<long long>(target.version), target.sm}),
      [grid, strides, bits, target, row_major] {
        CoalescingResult r{ls::analyze_coalescing(*grid->map, strides, bits), {}, {}, {}};
        // Triton's gl.load / gl.store (codegen.h): Triton layouts, 8-32 bits, a contiguous row-major tensor
        if (!grid->layout.spec || bits > 32 || !row_major) return r;
        try {
          const ls::LinearLayout l = ls::codegen::lowered(grid->layout, target.version);
          r.load = ls::codegen::global_access(l, bits, false, target.version);
          r.store = ls::codegen::global_access(l, bits, true, target.version);
          r.triton = ls::analyze_coalescing(*grid->map, strides, bits, r.load->bytes_per_lane * 8 / bits);
        } catch (const std::exception&) {
          r.load.reset(), r.store.reset();
        }
        return r;
      });
  an.coalescing.poll();
  if (an.coalescing.running()) return working("coalescing");
  if (!an.coalescing.error.empty()) return error_text(an.coalescing.error);
  const auto& res = *an.coalescing.result;
  if (res.triton) {
    ImGui::TextWrapped("%s: gl.load %lld x %s, gl.store %lld x %s per thread",
                ls::codegen::target_name(target).c_str(), static_cast<long long>(res.load->per_thread),
                res.load->mnemonic.c_str(), static_cast<long long>(res.store->per_thread), res.store->mnemonic.c_str());
    if (res.triton->vector_bits != res.widest.vector_bits)
      ImGui::TextWrapped("alternative, layoutscope's widest vector: %d bits, efficiency %.1f%%", res.widest.vector_bits,
                         100 * res.widest.efficiency);
  } else {
    ImGui::TextWrapped("layoutscope's widest vector (Triton's accesses are modelled for Triton layouts on a contiguous "
                       "row-major tensor)");
  }
  const auto& r = res.triton ? *res.triton : res.widest;
  ImGui::Text("%s, %d-bit vectors", r.instruction.c_str(), r.vector_bits);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", explain("vector"));
  ImGui::Text("runs of %lld bits: %lld vector(s) each", static_cast<long long>(r.run_bits),
              static_cast<long long>(r.vectors_per_run));
  ImGui::Text("%lld instructions per thread, %lld requests", static_cast<long long>(r.instructions_per_thread),
              static_cast<long long>(r.requests));
  ImGui::Text("sectors per request: %.2f (ideal %.2f)", r.sectors_per_request, r.ideal_sectors_per_request);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", explain("sector"));
  ImVec4 c = r.efficiency >= 0.999 ? ImVec4(0.5f, 0.9f, 0.5f, 1) : ImVec4(1, 0.6f, 0.4f, 1);
  ImGui::TextColored(c, "efficiency %.1f%%", 100 * r.efficiency);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", explain("efficiency"));
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("over the tile: %lld sectors, %.1f%% of their bytes used",
                     static_cast<long long>(r.unique_sectors), 100 * r.tile_efficiency);
  ImGui::PopStyleColor();
}

void draw_bank_conflicts(Analyses& an, const Doc& a, const Doc& b, int warp, std::vector<uint8_t>& lit,
                         std::vector<uint8_t>& colliding) {
  lit.clear(), colliding.clear();
  auto held = b.grid;  // an edit this frame may replace b.grid
  const Grid& gb = *held;
  ImGui::SetNextItemWidth(230);
  const ls::codegen::Target target = target_of(a);
  const std::string own = "what Triton " + ls::triton_version_name(target.version) + " emits (sm_" + std::to_string(target.sm) + ")";
  const char* instrs[IM_ARRAYSIZE(kInstrs)];
  std::copy(std::begin(kInstrs), std::end(kInstrs), instrs);
  instrs[0] = own.c_str();
  ImGui::Combo("##instr", &an.instr, instrs, IM_ARRAYSIZE(kInstrs));
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("the instructions Triton emits for local_store / local_load of these layouts (default), or\n"
                      "another choice to compare: the widest plain vector, ldmatrix/stmatrix");
  if (an.instr > 1) ImGui::SameLine(), ImGui::Checkbox(".trans", &an.trans);
  ImGui::SameLine();
  ImGui::TextDisabled("%d-bit elements (the second layout's)", gb.layout.elem_bits);
  auto ga = a.grid, gbp = b.grid;
  ls::SharedOpOptions opt;
  opt.instr = an.instr > 1 ? ls::SharedInstr::matrix : ls::SharedInstr::plain;
  opt.matrices = an.instr == 2 ? 1 : an.instr == 3 ? 2 : 4;
  opt.trans = an.instr > 1 && an.trans;
  bool triton = an.instr == 0;
  an.banks.request(key_of("banks", {static_cast<long long>(a.version), static_cast<long long>(b.version), an.instr,
                                    opt.trans, static_cast<long long>(target.version), target.sm}),
                   [ga, gbp, opt, triton, target] {
                     auto physical = gbp->layout.spec ? ls::physical_offset_of(*gbp->layout.spec) : ls::PhysicalOffset{};
                     int32_t bits = gbp->layout.elem_bits;
                     BanksResult res;
                     auto& r = res.report;
                     std::string why;
                     if (triton) {  // Triton's instructions; where codegen has no model, the widest vector, saying why
                       try {
                         ls::codegen::KernelReport k = ls::codegen::via_shared(ga->layout, gbp->layout, bits, target, true);
                         res.shared_bytes = k.shared_bytes;
                         res.launch_error = ls::codegen::launch_error(k);
                         r.store = ls::codegen::as_report(std::move(k.instrs[1]), bits);
                         r.load = ls::codegen::as_report(std::move(k.instrs[2]), bits);
                         if (ga->map->linear() && gbp->map->linear())
                           r.triton_conflicts_per_wavefront =
                               ls::triton_bank_conflicts(*ga->map->linear(), *gbp->map->linear(), bits);
                         return res;
                       } catch (const std::exception& e) {
                         why = e.what();
                       }
                     }
                     r = ls::analyze_bank_conflicts(*ga->map, *gbp->map, bits, opt, physical);
                     if (!why.empty()) r.store.instruction += " (no Triton model: " + why + ")";
                     return res;
                   });
  an.banks.poll();
  if (an.banks.running()) return working("bank conflicts");
  if (!an.banks.error.empty()) return error_text(an.banks.error);
  const auto& r = an.banks.result->report;
  if (!an.banks.result->launch_error.empty())
    ImGui::TextColored(ImVec4(1, 0.35f, 0.35f, 1), "%s", an.banks.result->launch_error.c_str());
  if (ImGui::BeginTable("banks", 7, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
    for (const char* h : {"", "instruction", "instructions", "wavefronts", "ideal", "conflicts", "worst"})
      ImGui::TableSetupColumn(h);
    explained_headers({"", "instruction", "instructions", "wavefronts", "ideal", "conflicts", "worst"});
    op_row("store", r.store);
    op_row("load", r.load);
    ImGui::EndTable();
  }
  if (r.store.llvm_alternative || r.load.llvm_alternative) {
    ImGui::TextColored(ImVec4(1, 0.8f, 0.4f, 1), "the alignment LLVM proves decides these widths: less certain");
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("LLVM's vectorizer joins Triton's accesses only as far as it proves their addresses'\n"
                        "alignment, and it proves less when the address is built deep (docs/codegen.md,\n"
                        "\"Known misses\"). Such predictions match Triton's PTX less often than the others.");
    for (const auto* side : {&r.store, &r.load})
      if (const auto& a = side->llvm_alternative)
        ImGui::TextDisabled("  %s if LLVM proves %s: %s, %lld per thread, %lld wavefronts (ideal %lld)",
                            side == &r.store ? "store" : "load", a->llvm_joins ? "R's alignment" : "no alignment",
                            a->instruction.c_str(), static_cast<long long>(a->per_thread),
                            static_cast<long long>(a->wavefronts), static_cast<long long>(a->ideal));
  }
  for (const auto* side : {&r.store, &r.load})  // below the PTX: what the hardware runs and counts
    if (const auto& p = side->ptxas) {
      ImGui::TextColored(ImVec4(0.5f, 0.85f, 1, 1), "%s as the GPU runs it (ptxas merges): %s per thread, %lld wavefronts "
                         "(ideal %lld)", side == &r.store ? "store" : "load", p->instruction.c_str(),
                         static_cast<long long>(p->wavefronts), static_cast<long long>(p->ideal));
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("ptxas joins loads of one register whose alignment another access through it promises\n"
                          "(docs/codegen.md): the table shows the PTX Triton emits, this line what the hardware\n"
                          "runs and what Nsight Compute counts.");
    }
  for (const auto* side : {&r.store, &r.load}) {  // what Triton's own kernel gets wrong
    const char* name = side == &r.store ? "store" : "load";
    if (!side->hardware_fault.empty()) {
      ImGui::TextColored(ImVec4(1, 0.35f, 0.35f, 1), "%s faults on the GPU: %s", name, side->hardware_fault.c_str());
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Triton vectorizes a padded layout up to its padding interval, not to the alignment\n"
                          "its padding leaves: this access is not a multiple of its size, and the kernel\n"
                          "Triton compiles for this pair stops with \"misaligned address\" (docs/codegen.md).");
    }
    if (!side->wrong_addresses.empty()) {
      ImGui::TextColored(ImVec4(1, 0.35f, 0.35f, 1), "%s: wrong addresses", name);
      ImGui::SameLine();
      ImGui::TextWrapped("%s", side->wrong_addresses.c_str());
    }
  }
  if (r.triton_conflicts_per_wavefront)
    ImGui::Text("Triton (get_shared_bank_conflicts): %d conflicts per wavefront", *r.triton_conflicts_per_wavefront);
  else
    ImGui::TextDisabled("Triton's number needs both layouts linear over F2");

  // The selected access of the warp: lit in the second layout, colliding lanes outlined.
  const ls::SharedOpReport& op = an.load ? r.load : r.store;
  int64_t warps = 1;
  for (const auto& d : ga->dims)
    if (d.name == "warp") warps = d.size;
  std::vector<const ls::SharedAccess*> mine;
  for (const auto& acc : op.accesses)
    if (acc.warp + warps * acc.block == warp) mine.push_back(&acc);
  ImGui::TextUnformatted("light");
  ImGui::SameLine();
  if (ImGui::RadioButton("store", !an.load)) an.load = false;
  ImGui::SameLine();
  if (ImGui::RadioButton("load", an.load)) an.load = true;
  if (mine.empty()) return;
  std::sort(mine.begin(), mine.end(), [](auto* x, auto* y) { return x->index < y->index; });
  an.access = std::clamp(an.access, 0, static_cast<int>(mine.size()) - 1);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(160);
  ImGui::SliderInt("instruction", &an.access, 0, static_cast<int>(mine.size()) - 1, "%d", ImGuiSliderFlags_AlwaysClamp);
  const ls::SharedAccess& acc = *mine[an.access];
  ImGui::SameLine();
  ImGui::Text("%d wavefronts (ideal %d)", acc.wavefronts, acc.ideal);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\n\n%s", explain("wavefronts"), explain("ideal"));
  // Elements per lane address: one vector, or an 8x8 matrix row of 16 bytes.
  bool matrix = op.instruction.rfind("ldmatrix", 0) == 0 || op.instruction.rfind("stmatrix", 0) == 0;
  int32_t per_lane = matrix ? 128 / gb.layout.elem_bits : op.vector_elems;
  int64_t offsets = gb.dims[0].size;
  lit.assign(gb.owners.size(), 0), colliding.assign(gb.owners.size(), 0);
  auto light = [&](std::vector<uint8_t>& to, int64_t start) {
    for (int32_t i = 0; start >= 0 && i < per_lane; ++i) {
      int64_t flat = start + i + offsets * acc.block;
      if (flat < static_cast<int64_t>(gb.table.size()) && gb.table[flat] >= 0) to[gb.table[flat]] = 1;
    }
  };
  for (int64_t o : acc.lane_offset) light(lit, o);
  for (const auto& c : acc.collisions)
    for (int32_t lane : c.lanes)
      if (lane >= 0 && lane < static_cast<int32_t>(acc.lane_offset.size())) light(colliding, acc.lane_offset[lane]);
  if (acc.collisions.empty()) {
    ImGui::TextDisabled("no bank collides in this instruction");
    return;
  }
  term_text("phases and banks:", "phase");
  std::string text = "colliding (outlined red):";
  for (const auto& c : acc.collisions)
    text += " phase " + std::to_string(c.phase) + " bank " + std::to_string(c.bank) + ": " + std::to_string(c.words) +
            " words, lanes " + lanes_text(c.lanes) + ";";
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.55f, 0.5f, 1));
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
}

void draw_conversion(Analyses& an, const Doc& a, const Doc& b) {
  const auto* la = a.grid->map->linear();
  const auto* lb = b.grid->map->linear();
  if (!la || !lb) {
    ImGui::TextDisabled("conversion cost: needs both layouts linear over F2");
    return;
  }
  auto ga = a.grid, gb = b.grid;
  int32_t bits = a.grid->layout.elem_bits;
  const ls::codegen::Target target = target_of(a);
  an.conversion.request(key_of("conversion", {static_cast<long long>(a.version), static_cast<long long>(b.version),
                                              static_cast<long long>(target.version), target.sm}),
                        [ga, gb, bits, target] {
                          ConversionResult r{ls::analyze_conversion(*ga->map->linear(), *gb->map->linear(), bits), {}, {}};
                          try {  // what Triton emits for convert_layout (codegen.h)
                            r.triton = ls::codegen::via_convert(ga->layout, gb->layout, bits, target);
                          } catch (const std::exception& e) {
                            r.triton_error = e.what();
                          }
                          return r;
                        });
  an.conversion.poll();
  if (an.conversion.running()) return working("conversion cost");
  if (!an.conversion.error.empty()) return error_text("conversion cost: " + an.conversion.error);
  const auto& r = an.conversion.result->rules;
  std::string moved;
  for (const auto& m : r.moved_dims) moved += (moved.empty() ? "" : ", ") + m;
  const auto& k = an.conversion.result->triton;
  if (!k) {
    ImGui::Text("conversion first -> second: %s", ls::to_string(r.kind).c_str());
    if (!moved.empty()) ImGui::SameLine(), ImGui::TextDisabled("(data moves across %s)", moved.c_str());
    if (r.kind == ls::ConversionKind::shared_memory)
      ImGui::SameLine(), ImGui::Text("%lld bytes of scratch", static_cast<long long>(r.scratch_bytes));
    ImGui::TextDisabled("no Triton instructions: %s", an.conversion.result->triton_error.c_str());
    return;
  }
  ImGui::Text("convert_layout first -> second, %s: %s", ls::codegen::target_name(target).c_str(), k->path.c_str());
  if (!moved.empty()) ImGui::SameLine(), ImGui::TextDisabled("(data moves across %s)", moved.c_str());
  std::string ops;
  for (const auto& in : k->instrs)
    if (in.op == "convert_layout") ops += (ops.empty() ? "" : ", ") + std::to_string(in.per_thread) + " x " + in.mnemonic;
  if (!ops.empty()) ImGui::TextWrapped("per thread: %s", ops.c_str());
  if (k->path == "shared_memory")
    ImGui::Text("%lld + %lld wavefronts (store + load), %lld bytes of scratch",
                static_cast<long long>(k->shared_store_wavefronts), static_cast<long long>(k->shared_load_wavefronts),
                static_cast<long long>(k->shared_bytes));
  if (const std::string e = ls::codegen::launch_error(*k); !e.empty())
    ImGui::TextColored(ImVec4(1, 0.35f, 0.35f, 1), "%s", e.c_str());
}

void draw_tmem_message(Analyses& an, const Doc& reg, const Doc& tmem) {
  auto gr = reg.grid, gt = tmem.grid;
  an.tmem.request(key_of("tmem", {static_cast<long long>(reg.version), static_cast<long long>(tmem.version)}), [gr, gt] {
    TmemResult r;
    r.message = ls::tmem_message_of(gr->layout, gt->layout);
    if (!r.message) r.variants = ls::tmem_variants_for(gt->layout, gr->layout);
    return r;
  });
  an.tmem.poll();
  if (an.tmem.running()) return working("tcgen05 message");
  if (!an.tmem.error.empty()) return error_text("tcgen05 message: " + an.tmem.error);
  const TmemResult& r = *an.tmem.result;
  if (!r.message) {
    std::string vs;
    for (const auto& v : r.variants) vs += (vs.empty() ? "" : ", ") + v;
    return error_text("tmem_load / tmem_store: no tcgen05 message has this register layout; Triton 3.9 refuses it (it takes " +
                      (vs.empty() ? std::string("none for this TMEM layout and warps") : "the " + vs + " layouts") +
                      ", registers in any order: tmem-reg-layout prints them)");
  }
  const auto& m = *r.message;
  const long long per_thread = m.registers / m.per_message;
  ImGui::Text("tmem_load / tmem_store, Triton 3.9: the %s message, %lld per thread, %lld registers each",
              m.message.c_str(), per_thread, static_cast<long long>(m.per_message));
  ImGui::TextUnformatted(ls::tcgen05_instruction(m, true).c_str());
  ImGui::SameLine();
  ImGui::TextDisabled("/");
  ImGui::SameLine();
  ImGui::TextUnformatted(ls::tcgen05_instruction(m, false).c_str());
}

bool request_swizzle(Analyses& an, const Doc& a, const Doc& b) {
  bool pair = distributed(a) && distributed(b) && a.grid->shape == b.grid->shape && a.grid->map->linear() &&
              b.grid->map->linear();
  if (!pair) return false;
  auto ga = a.grid, gb = b.grid;
  const ls::codegen::Target target = target_of(a);
  an.swizzle_a = a.version;
  an.swizzle.request(key_of("swizzle", {static_cast<long long>(a.version), static_cast<long long>(b.version),
                                        static_cast<long long>(target.version), target.sm}),
                     [ga, gb, target] {
                       int32_t bits = ga->layout.elem_bits;
                       const auto &src = *ga->map->linear(), &dst = *gb->map->linear();
                       SwizzleResult r{ls::design_swizzle(src, dst, bits), ls::rank_conventional(src, dst, bits), {}, {}, {}};
                       r.shared = for_tile(ls::make_spec(ls::SharedLinear{r.design.layout.bases("offset"), {}, 16}), *ga);
                       try {  // ranked by the wavefronts of the instructions Triton emits (the default)
                         r.triton = ls::codegen::choose_swizzle(ga->layout, gb->layout, bits, target, r.design, r.ranked);
                       } catch (const std::exception& e) {
                         r.triton_error = e.what();
                       }
                       return r;
                     });
  return true;
}

size_t pickable(const SwizzleResult& r) { return r.triton ? r.triton->ranked.size() : r.ranked.size(); }

namespace {

// A ranked layout's name in its table cell; hovered, the layout itself as
// Gluon text (what "put it in the second pane" puts there, to copy).
void layout_cell(const std::string& name, const ls::Spec* spec) {
  ImGui::TextUnformatted(name.c_str());
  if (!spec || !ImGui::IsItemHovered()) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40);
  ImGui::TextUnformatted(name.c_str());
  ImGui::TextDisabled("%s", ls::print_gluon(*spec).c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

// Layoutscope's own design and ranking with the widest ld/st.shared (the alternative).
void draw_widest(const SwizzleResult& r, const Doc& a, std::optional<ls::TensorLayout>& put) {
  const auto& dz = r.design;
  ImGui::Text("designed: store %lld wavefronts (ideal %lld), load %lld (ideal %lld), %lld elements per round",
              static_cast<long long>(dz.store.wavefronts), static_cast<long long>(dz.store.ideal),
              static_cast<long long>(dz.load.wavefronts), static_cast<long long>(dz.load.ideal),
              static_cast<long long>(dz.scratch_elems));
  ImGui::SameLine();
  if (ImGui::SmallButton("put the design in the second pane")) put = r.shared;
  std::string same;
  if (dz.swizzled)
    same += "swizzled_shared vec=" + std::to_string(dz.swizzled->vec) + " perPhase=" +
            std::to_string(dz.swizzled->per_phase) + " maxPhase=" + std::to_string(dz.swizzled->max_phase) + "; ";
  if (dz.nvmma)
    same += "nvmma_shared " + std::to_string(dz.nvmma->swizzle_bytes) + "B" + (dz.nvmma->transposed ? " transposed" : "") +
            "; ";
  if (dz.cute)
    same += "CuTe Swizzle<" + std::to_string(dz.cute->b) + "," + std::to_string(dz.cute->m) + "," +
            std::to_string(dz.cute->s) + "> (element units)";
  ImGui::TextDisabled("equals: %s", same.empty() ? "no conventional layout (shared_linear only)" : same.c_str());
  ImGui::Text("conventional choices, fewest conflicts first (%zu):", r.ranked.size());
  float h = ImGui::GetTextLineHeightWithSpacing() * 7;
  if (ImGui::BeginTable("ranking", 6,
                        ImGuiTableFlags_Borders | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit |
                            ImGuiTableFlags_RowBg,
                        ImVec2(0, h))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    for (const char* c : {"#", "conflicts", "store", "load", "ideal", "layout"}) ImGui::TableSetupColumn(c);
    explained_headers({"#", "conflicts", "store", "load", "ideal", "layout"});
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(r.ranked.size()));
    while (clip.Step())
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        const auto& c = r.ranked[i];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::PushID(i);
        if (ImGui::SmallButton(std::to_string(i + 1).c_str()))
          put = for_tile(std::make_shared<const ls::Spec>(c.spec), *a.grid);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("put this layout in the second pane");
        ImGui::PopID();
        ImGui::TableNextColumn();
        ImGui::Text("%lld", static_cast<long long>(c.conflicts()));
        ImGui::TableNextColumn();
        ImGui::Text("%lld", static_cast<long long>(c.store_wavefronts));
        ImGui::TableNextColumn();
        ImGui::Text("%lld", static_cast<long long>(c.load_wavefronts));
        ImGui::TableNextColumn();
        ImGui::Text("%lld", static_cast<long long>(c.ideal));
        ImGui::TableNextColumn();
        layout_cell(c.name, &c.spec);
      }
    ImGui::EndTable();
  }
}

// The ranking by the wavefronts of Triton's own instructions (the default).
void draw_triton_ranking(const ls::codegen::SwizzleChoice& t, const Doc& a, std::optional<ls::TensorLayout>& put) {
  auto row = [](const ls::codegen::SharedChoice& x) {
    return std::to_string(x.store) + " + " + std::to_string(x.load) + " wavefronts, " + x.name +
           (x.store_instr.empty() ? "" : " (" + x.store_instr + " / " + x.load_instr + ")");
  };
  ImGui::Text("with %s's instructions (local_store of the first, local_load of the second):",
              ls::codegen::target_name(t.target).c_str());
  ImGui::TextWrapped("recommended: %s", row(t.recommended).c_str());
  if (t.recommended.spec) {
    ImGui::SameLine();
    if (ImGui::SmallButton("put it in the second pane"))
      put = for_tile(std::make_shared<const ls::Spec>(*t.recommended.spec), *a.grid);
  }
  ImGui::TextDisabled("Triton's own convert_layout (%s): %lld + %lld wavefronts%s", t.path.c_str(),
                      static_cast<long long>(t.own.store), static_cast<long long>(t.own.load),
                      t.own.store_instr.empty() ? "" : (" (" + t.own.store_instr + " / " + t.own.load_instr + ")").c_str());
  ImVec4 col = t.beats_triton ? ImVec4(0.5f, 0.9f, 0.5f, 1) : ImVec4(1, 0.8f, 0.4f, 1);
  ImGui::PushStyleColor(ImGuiCol_Text, col);
  ImGui::TextWrapped("%s", t.note.c_str());
  ImGui::PopStyleColor();
  ImGui::Text("shared layouts, fewest wavefronts first (%zu):", t.ranked.size());
  float h = ImGui::GetTextLineHeightWithSpacing() * 7;
  if (ImGui::BeginTable("triton ranking", 5,
                        ImGuiTableFlags_Borders | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit |
                            ImGuiTableFlags_RowBg,
                        ImVec2(0, h))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    for (const char* c : {"#", "store", "load", "instructions", "layout"}) ImGui::TableSetupColumn(c);
    ImGui::TableHeadersRow();
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(t.ranked.size()));
    while (clip.Step())
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        const auto& c = t.ranked[i];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::PushID(i);
        if (ImGui::SmallButton(std::to_string(i + 1).c_str()) && c.spec)
          put = for_tile(std::make_shared<const ls::Spec>(*c.spec), *a.grid);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("put this layout in the second pane");
        ImGui::PopID();
        ImGui::TableNextColumn();
        ImGui::Text("%lld", static_cast<long long>(c.store));
        ImGui::TableNextColumn();
        ImGui::Text("%lld", static_cast<long long>(c.load));
        ImGui::TableNextColumn();
        ImGui::Text("%s / %s", c.store_instr.c_str(), c.load_instr.c_str());
        ImGui::TableNextColumn();
        layout_cell(c.name, c.spec ? &*c.spec : nullptr);
      }
    ImGui::EndTable();
  }
}

}  // namespace

std::optional<ls::TensorLayout> draw_swizzle_designer(Analyses& an, const Doc& a, const Doc& b) {
  std::optional<ls::TensorLayout> put;
  bool pair = distributed(a) && distributed(b) && a.grid->shape == b.grid->shape && a.grid->map->linear() &&
              b.grid->map->linear();
  if (pair) {
    if (ImGui::Button("Design swizzle")) request_swizzle(an, a, b);
    ImGui::SameLine();
    ImGui::TextDisabled("the shared layout for moving the first layout's tile into the second, and the ranking");
  }
  an.swizzle.poll();
  if (an.swizzle_a != a.version) return put;
  if (an.swizzle.running()) {
    working("designing and ranking");
    return put;
  }
  if (!an.swizzle.error.empty()) {
    error_text("swizzle designer: " + an.swizzle.error);
    return put;
  }
  if (!an.swizzle.result) return put;
  auto result = an.swizzle.result;  // held for the frame
  const auto& r = *result;
  if (an.pick >= 0 && an.pick < static_cast<int>(pickable(r))) {
    const ls::Spec& s = r.triton ? *r.triton->ranked[an.pick].spec : r.ranked[an.pick].spec;
    put = for_tile(std::make_shared<const ls::Spec>(s), *a.grid);
  }
  an.pick = -1;
  if (r.triton) {
    draw_triton_ranking(*r.triton, a, put);
    if (ImGui::CollapsingHeader("alternative: layoutscope's design and ranking, widest ld/st.shared"))
      draw_widest(r, a, put);
  } else {
    ImGui::TextDisabled("no Triton instructions for this pair: %s", r.triton_error.c_str());
    draw_widest(r, a, put);
  }
  return put;
}

}  // namespace lsgui
