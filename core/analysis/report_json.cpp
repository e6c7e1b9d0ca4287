#include "report_json.h"

#include <nlohmann/json.hpp>
#include <span>

#include "../error.h"
#include "../io/batch.h"
#include "../io/text.h"

namespace ls {

// Text from the user may hold bytes that are not UTF-8: each becomes U+FFFD.
std::string json_string(const std::string& s) {
  return nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

namespace {

std::string ints(std::span<const int64_t> v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

std::string collisions(const std::vector<BankCollision>& cs) {
  std::string s = "[";
  for (size_t i = 0; i < cs.size(); ++i) {
    auto& c = cs[i];
    s += (i ? ", " : "") + std::string("{\"phase\": ") + std::to_string(c.phase) + ", \"bank\": " + std::to_string(c.bank) +
         ", \"words\": " + std::to_string(c.words) +
         ", \"lanes\": " + ints(std::vector<int64_t>(c.lanes.begin(), c.lanes.end())) + "}";
  }
  return s + "]";
}

std::string access(const SharedAccess& a) {
  return "{\"block\": " + std::to_string(a.block) + ", \"warp\": " + std::to_string(a.warp) +
         ", \"index\": " + std::to_string(a.index) + ", \"wavefronts\": " + std::to_string(a.wavefronts) +
         ", \"ideal\": " + std::to_string(a.ideal) + ", \"lane_offsets\": " + ints(a.lane_offset) +
         ", \"collisions\": " + collisions(a.collisions) + "}";
}

}  // namespace

std::string to_json(const LlvmAlternative& a) {
  return "{\"llvm_joins\": " + std::string(a.llvm_joins ? "true" : "false") + ", \"instruction\": " +
         json_string(a.instruction) + ", \"per_thread\": " + std::to_string(a.per_thread) +
         ", \"wavefronts\": " + std::to_string(a.wavefronts) + ", \"ideal_wavefronts\": " + std::to_string(a.ideal) + "}";
}

std::string to_json(const PtxasMerge& p) {
  return "{\"instruction\": " + json_string(p.instruction) + ", \"per_thread\": " + std::to_string(p.per_thread) +
         ", \"instructions\": " + std::to_string(p.instructions) + ", \"wavefronts\": " + std::to_string(p.wavefronts) +
         ", \"ideal_wavefronts\": " + std::to_string(p.ideal) + "}";
}

std::string to_json(const SharedOpReport& r, bool details) {
  std::string s = "{\"instruction\": " + json_string(r.instruction) + ", \"vector_elems\": " + std::to_string(r.vector_elems) +
                  ", \"access_bits\": " + std::to_string(r.access_bits) + ", \"instructions\": " + std::to_string(r.instructions) +
                  ", \"wavefronts\": " + std::to_string(r.wavefronts) + ", \"ideal_wavefronts\": " + std::to_string(r.ideal) +
                  ", \"bank_conflicts\": " + std::to_string(r.conflicts()) +
                  ", \"max_wavefronts_per_instruction\": " + std::to_string(r.max_wavefronts);
  if (r.llvm_alternative) s += ", \"llvm_alignment_decides\": true, \"alternative\": " + to_json(*r.llvm_alternative);
  if (r.ptxas) s += ", \"ptxas\": " + to_json(*r.ptxas);
  if (!r.hardware_fault.empty()) s += ", \"hardware_fault\": " + json_string(r.hardware_fault);
  if (!r.wrong_addresses.empty()) s += ", \"wrong_addresses\": " + json_string(r.wrong_addresses);
  if (details) {
    s += ", \"accesses\": [";
    for (size_t i = 0; i < r.accesses.size(); ++i) s += (i ? ", " : "") + access(r.accesses[i]);
    return s + "]}";
  }
  std::vector<int64_t> per;
  const SharedAccess* worst = nullptr;
  for (auto& a : r.accesses) {
    per.push_back(a.wavefronts);
    if (!worst || a.wavefronts - a.ideal > worst->wavefronts - worst->ideal) worst = &a;
  }
  s += ", \"wavefronts_per_instruction\": " + ints(per);
  s += ", \"worst\": " + (worst ? access(*worst) : std::string("null"));
  return s + "}";
}

std::string to_json(const BankConflictReport& r, bool details) {
  std::string t = r.triton_conflicts_per_wavefront ? std::to_string(*r.triton_conflicts_per_wavefront) : "null";
  return "{\"conflicts_per_wavefront\": " + t + ", \"store\": " + to_json(r.store, details) +
         ", \"load\": " + to_json(r.load, details) + "}";
}

std::string to_json(const CoalescingReport& r) {
  auto num = [](double x) { return nlohmann::json(x).dump(); };
  return "{\"instruction\": " + json_string(r.instruction) + ", \"vector_bits\": " + std::to_string(r.vector_bits) +
         ", \"run_bits\": " + std::to_string(r.run_bits) + ", \"vectors_per_run\": " + std::to_string(r.vectors_per_run) +
         ", \"instructions_per_thread\": " + std::to_string(r.instructions_per_thread) +
         ", \"requests\": " + std::to_string(r.requests) + ", \"sectors\": " + std::to_string(r.sectors) +
         ", \"ideal_sectors\": " + std::to_string(r.ideal_sectors) + ", \"sectors_per_request\": " + num(r.sectors_per_request) +
         ", \"ideal_sectors_per_request\": " + num(r.ideal_sectors_per_request) + ", \"efficiency\": " + num(r.efficiency) +
         ", \"unique_sectors\": " + std::to_string(r.unique_sectors) + ", \"tile_efficiency\": " + num(r.tile_efficiency) + "}";
}

std::string to_json(const ConversionReport& r) {
  std::string dims = "[";
  for (size_t i = 0; i < r.moved_dims.size(); ++i) dims += (i ? ", " : "") + json_string(r.moved_dims[i]);
  return "{\"kind\": " + json_string(to_string(r.kind)) + ", \"moved_dims\": " + dims +
         "], \"scratch_bytes\": " + std::to_string(r.scratch_bytes) + "}";
}

namespace {

std::string bases_json(const Bases& b) {
  std::string s = "[";
  for (size_t i = 0; i < b.size(); ++i) {
    s += i ? ", [" : "[";
    for (size_t j = 0; j < b[i].size(); ++j) s += (j ? ", " : "") + std::to_string(b[i][j]);
    s += "]";
  }
  return s + "]";
}

std::string ints_json(const Ints& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

}  // namespace

std::string to_json(const SwizzleDesign& d, const std::vector<SwizzleCandidate>& ranked) {
  Shape shape;
  for (auto& o : d.layout.outs()) shape.push_back(int64_t{1} << o.log2);
  TensorLayout t{make_spec(SharedLinear{d.layout.bases("offset"), {}, 16}), shape};
  std::string s = "{\"shared_linear\": " + json_string(print_mlir_attr(*t.spec)) +
                  ", \"gluon\": " + json_string(print_gluon(*t.spec)) +
                  ", \"bases\": {\"vector\": " + bases_json(d.vector) + ", \"bank\": " + bases_json(d.bank) +
                  ", \"segment\": " + bases_json(d.segment) + ", \"reps\": " + bases_json(d.reps) + "}" +
                  ", \"scratch_elems\": " + std::to_string(d.scratch_elems);
  if (d.swizzled)
    s += ", \"swizzled_shared\": {\"vec\": " + std::to_string(d.swizzled->vec) + ", \"perPhase\": " +
         std::to_string(d.swizzled->per_phase) + ", \"maxPhase\": " + std::to_string(d.swizzled->max_phase) +
         ", \"order\": " + ints_json(d.swizzled->order) + "}";
  else
    s += ", \"swizzled_shared\": null";
  if (d.nvmma)
    s += ", \"nvmma_shared\": {\"swizzlingByteWidth\": " + std::to_string(d.nvmma->swizzle_bytes) +
         ", \"transposed\": " + (d.nvmma->transposed ? "true" : "false") + "}";
  else
    s += ", \"nvmma_shared\": null";
  if (d.cute)
    s += ", \"cute_swizzle\": {\"B\": " + std::to_string(d.cute->b) + ", \"M\": " + std::to_string(d.cute->m) +
         ", \"S\": " + std::to_string(d.cute->s) + ", \"order\": " + ints_json(d.cute->order) + "}";
  else
    s += ", \"cute_swizzle\": null";
  s += ", \"store\": " + to_json(d.store, false) + ", \"load\": " + to_json(d.load, false);
  if (!ranked.empty()) {
    s += ", \"conventional\": [";
    for (size_t i = 0; i < ranked.size(); ++i) {
      auto& c = ranked[i];
      s += (i ? ", " : "") + std::string("{\"name\": ") + json_string(c.name) + ", \"layout\": " +
           json_string(print_mlir_attr(c.spec)) + ", \"store_wavefronts\": " + std::to_string(c.store_wavefronts) +
           ", \"load_wavefronts\": " + std::to_string(c.load_wavefronts) + ", \"ideal\": " + std::to_string(c.ideal) +
           ", \"conflicts\": " + std::to_string(c.conflicts()) + "}";
    }
    s += "]";
  }
  return s + "}";
}

BankCase parse_bank_case(const std::string& line) {
  nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
  require(!j.is_discarded() && j.is_object(), "batch line is not a JSON object");
  for (const char* k : {"reg", "shared"})
    require(j.contains(k) && j[k].is_string(), std::string("batch line: \"") + k + "\" must be a string");
  BankCase c;
  c.reg = parse_layout(j["reg"].get<std::string>());
  c.shared = parse_layout(j["shared"].get<std::string>());
  if (j.contains("shape")) c.reg.shape = c.shared.shape = io::batch_shape(j["shape"]);
  c.bits = c.reg.elem_bits;
  if (j.contains("bits")) {
    require(j["bits"].is_number_integer(), "batch line: \"bits\" must be an integer");
    c.bits = j["bits"].get<int32_t>();
  }
  return c;
}

}  // namespace ls
