#include "copy.h"

#include <algorithm>

#include "error.h"
#include "runtime.h"

namespace ls::gpu {
namespace {

double median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

// Elements a strided view spans: the largest offset plus one.
int64_t span(const Shape& shape, const std::vector<int64_t>& strides) {
  int64_t s = 1;
  for (size_t i = 0; i < shape.size(); ++i) s += (shape[i] - 1) * strides[i];
  return s;
}

LinearLayout blocked(Ints spt, Ints tpw, Ints wpc, Ints order, const Shape& tile) {
  return to_linear(Spec{Blocked{std::move(spt), std::move(tpw), std::move(wpc), std::move(order), {}}}, tile);
}

}  // namespace

CopyKernel plan_copy(const CopyRequest& r) {
  CopyPlan p{r.load, r.store, r.tile, r.shape, view_strides(r.shape, r.in_view), view_strides(r.shape, r.out_view),
             r.elem_bytes};
  return make_copy_kernel(p);
}

CopyResult run_copy(const CopyRequest& r) {
  CopyResult out;
  out.kernel = plan_copy(r);
  std::vector<int64_t> si = view_strides(r.shape, r.in_view), so = view_strides(r.shape, r.out_view);
  int64_t n_in = span(r.shape, si), n_out = span(r.shape, so), elems = 1;
  for (int64_t s : r.shape) elems *= s;
  Buffer in(n_in * r.elem_bytes), dst(n_out * r.elem_bytes);
  Buffer bad(sizeof(uint64_t));
  std::string support = support_source(r.elem_bytes);
  Kernel fill = compile(support, "ls_fill"), check = compile(support, "ls_check");
  Kernel copy = compile(out.kernel.source, out.kernel.name);
  void* pin = in.get();
  void* pout = dst.get();
  unsigned long long seed = 0x9e3779b97f4a7c15ULL;
  launch(fill, 1024, 256, 0, {&pin, &n_in, &seed});
  // Verify first: the output is poisoned, so an element never written differs.
  dst.fill_bytes(0xff);
  bad.fill_bytes(0);
  int64_t tiles1 = r.shape.back() / r.tile.back();
  int64_t s2i[2] = {si.size() == 2 ? si[0] : 0, si.back()}, s2o[2] = {so.size() == 2 ? so[0] : 0, so.back()};
  std::vector<void*> args = {&pin, &pout, &tiles1, &s2i[0], &s2i[1], &s2o[0], &s2o[1]};
  launch(copy, out.kernel.grid, out.kernel.threads, out.kernel.smem_bytes, args);
  int64_t rows = r.shape.size() == 2 ? r.shape[0] : 1, cols = r.shape.back();
  void* pbad = bad.get();
  launch(check, 1024, 256, 0, {&pin, &pout, &rows, &cols, &s2i[0], &s2i[1], &s2o[0], &s2o[1], &pbad});
  bad.download(&out.mismatches, sizeof(uint64_t));
  out.ms = median(time_launches(copy, out.kernel.grid, out.kernel.threads, out.kernel.smem_bytes, args, r.warmup, r.reps));
  out.bytes = 2 * elems * r.elem_bytes;
  out.tbps = out.bytes / (out.ms * 1e-3) / 1e12;
  size_t mbytes = static_cast<size_t>(std::min(n_in, n_out) * r.elem_bytes);
  double mms = median(time_memcpy(pout, pin, mbytes, r.warmup, r.reps));
  out.memcpy_tbps = 2.0 * mbytes / (mms * 1e-3) / 1e12;
  return out;
}

std::vector<SweepRow> sweep_gluon_memcpy(const std::function<void(int, int)>& progress,
                                         const std::atomic<bool>* cancel) {
  struct Item {
    std::string experiment, label;
    CopyRequest req;
  };
  std::vector<Item> items;
  const int64_t n = int64_t{1} << 28;  // 1 GiB of fp32, far larger than the L2
  for (int xb = 10; xb <= 14; ++xb)
    for (int rl = 0; rl <= 4; ++rl) {
      int64_t xblock = int64_t{1} << xb;
      int32_t R = 1 << rl;
      Shape tile{xblock};
      LinearLayout l = blocked({R}, {32}, {4}, {0}, tile);
      items.push_back({"1d", "XBLOCK=" + std::to_string(xblock) + " R=" + std::to_string(R), {l, l, tile, {n}}});
    }
  const Shape shape2{4096, 64 * 1024};
  LinearLayout rows = blocked({1, 1}, {1, 32}, {1, 4}, {1, 0}, {1, 2048});
  LinearLayout cols = blocked({1, 1}, {32, 1}, {4, 1}, {0, 1}, {2048, 1});
  items.push_back({"2d", "row layout, contiguous tensor", {rows, rows, {1, 2048}, shape2}});
  items.push_back({"2d", "row layout, transposed tensor", {rows, rows, {1, 2048}, shape2, "transposed", "transposed"}});
  items.push_back({"2d", "column layout, transposed tensor", {cols, cols, {2048, 1}, shape2, "transposed", "transposed"}});
  LinearLayout in128 = blocked({1, 1}, {1, 32}, {1, 4}, {1, 0}, {128, 128});
  LinearLayout out128 = blocked({1, 1}, {32, 1}, {4, 1}, {0, 1}, {128, 128});
  items.push_back({"2d-inout", "contiguous in, transposed out, row layout only",
                   {in128, in128, {128, 128}, shape2, "contiguous", "transposed"}});
  items.push_back({"2d-inout", "contiguous in, transposed out, in/out layouts",
                   {in128, out128, {128, 128}, shape2, "contiguous", "transposed"}});
  items.push_back({"2d-inout", "transposed in, contiguous out, in/out layouts",
                   {out128, in128, {128, 128}, shape2, "transposed", "contiguous"}});
  std::vector<SweepRow> rows_out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (cancel && cancel->load()) break;
    if (progress) progress(static_cast<int>(i), static_cast<int>(items.size()));
    rows_out.push_back({items[i].experiment, items[i].label, run_copy(items[i].req)});
  }
  if (progress) progress(static_cast<int>(rows_out.size()), static_cast<int>(items.size()));
  return rows_out;
}

}  // namespace ls::gpu
